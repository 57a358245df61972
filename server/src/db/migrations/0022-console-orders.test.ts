import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { dialectOf } from '../create-db';
import { migrate } from '../migrate';
import { migrations } from './index';

/*
 * Orders made before the console: the migration gives signed, withdrawn and cancelled orders their back
 * office status and signature time, and every order its search columns.
 */
describeEachDialect('migration 0022-console-orders', (dialect) => {
  it('fills the workflow status, the signature time and the search columns of existing orders', async () => {
    const { db, destroy } = await dialect.createDb();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const down = await migrator.migrateTo('0021-console-accounts');
      expect(down.error).toBeUndefined();
      expect(dialectOf(db)).toBe(dialect.name);

      const fields = { first_name: 'Niccolò', last_name: 'Rossi', email: 'N.Rossi@Example.it', mobile_phone_number: '+39 333 123 4567', cf: 'rssncc80a01h501x', technology: 'FTTH', promo: 'estate' };
      const order = (status: string) => ({
        id: randomUUID(), hash: randomUUID().slice(0, 24), status, offer_id: 101, customer_type: 'privato' as const, is_brand_customer: 0,
        referer_code: null, fields_json: JSON.stringify(fields), step_data_json: '{}', created_at: '2026-01-01T10:00:00.000Z',
        updated_at: '2026-01-01T10:00:00.000Z', premade_code: null, order_number: `FV-2026-${randomUUID().slice(0, 6).toUpperCase()}`,
      });
      const rows = { draft: order('in_progress'), signed: order('signed'), withdrawn: order('withdrawn'), cancelled: order('cancelled') };
      // The columns of the orders table before this migration only.
      await db.insertInto('orders').values(Object.values(rows) as never).execute();
      await db.insertInto('signature_evidence').values({
        id: randomUUID(), order_id: rows.signed.id, otp_id: randomUUID(), signed_at: '2026-01-02T09:00:00.000Z', channel: 'sms',
        masked_destination: '+39 3** *** **67', ip: '10.0.0.1', user_agent: 'vitest', preview_sha256: 'a'.repeat(64), signed_sha256: 'b'.repeat(64), acceptances_json: null,
      }).execute();

      await migrate(db);
      const after = await db.selectFrom('orders').selectAll().execute();
      const byId = new Map(after.map((r) => [r.id, r]));
      expect(byId.get(rows.draft.id)!.workflow_status).toBeNull();
      expect(byId.get(rows.signed.id)).toMatchObject({ workflow_status: 'signed', signed_at: '2026-01-02T09:00:00.000Z' });
      expect(byId.get(rows.withdrawn.id)!.workflow_status).toBe('withdrawn');
      expect(byId.get(rows.cancelled.id)!.workflow_status).toBe('cancelled');
      expect(byId.get(rows.draft.id)).toMatchObject({
        search_name: 'niccolo rossi', search_name_rev: 'rossi niccolo', search_fiscal_code: 'RSSNCC80A01H501X',
        search_email: 'n.rossi@example.it', search_phone: '3331234567', technology: 'FTTH', promo: 'ESTATE',
      });
    } finally {
      await destroy();
    }
  });
});
