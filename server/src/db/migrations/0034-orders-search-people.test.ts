import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { migrate } from '../migrate';
import { migrations } from './index';

/*
 * Orders made before the search found people: the migration folds their names again (apostrophes gone),
 * reads their phone again, and gives them a street and an IBAN key; an order without those keeps nulls.
 */
describeEachDialect('migration 0034-orders-search-people', (dialect) => {
  it('fills the new search columns and folds the names of existing orders again', async () => {
    const { db, destroy } = await dialect.createDb();
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      const before = Object.keys(migrations).filter((name) => name < '0034');
      const down = await migrator.migrateTo(before[before.length - 1]!);
      expect(down.error).toBeUndefined();

      const order = (fields: Record<string, unknown>, search: Record<string, string | null>) => ({
        id: randomUUID(), hash: randomUUID().slice(0, 24), status: 'in_progress', offer_id: 101, customer_type: 'privato' as const, is_brand_customer: 0,
        referer_code: null, fields_json: JSON.stringify(fields), step_data_json: '{}', created_at: '2026-01-01T10:00:00.000Z',
        updated_at: '2026-01-01T10:00:00.000Z', premade_code: null, order_number: `FV-2026-${randomUUID().slice(0, 6).toUpperCase()}`, ...search,
      });
      const dAngelo = order(
        { first_name: 'Maria', last_name: 'D’Angelo', mobile_phone_number: '+39 06 12345', address: 'Via Roma', number: '1', iban: 'IT60 X054 2811 1010 0000 0123 456' },
        { search_name: 'maria d’angelo', search_name_rev: 'd’angelo maria', search_phone: '390612345' },
      );
      const empty = order({}, {});
      // The columns of the orders table before this migration only.
      await db.insertInto('orders').values([dAngelo, empty] as never).execute();

      await migrate(db);
      const rows = new Map((await db.selectFrom('orders').selectAll().execute()).map((r) => [r.id, r]));
      expect(rows.get(dAngelo.id)).toMatchObject({
        search_name: 'maria dangelo', search_name_rev: 'dangelo maria', search_phone: '0612345', search_street: 'roma 1',
        search_iban_rev: '6543210000001011182450X06TI',
      });
      expect(rows.get(empty.id)).toMatchObject({ search_name: null, search_street: null, search_iban_rev: null });
    } finally {
      await destroy();
    }
  });
});
