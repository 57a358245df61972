import { Migrator, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDialect } from '../../../test/support/dialects';
import { migrate } from '../migrate';
import { migrations } from './index';

/*
 * Leads stored while they had their own delivery state: at the upgrade each gets its lead webhook's
 * delivery in the outbox with that state (nothing undelivered is left behind, nothing delivered is sent
 * again), its attempts move along, and the retention job's next turn moves to `job_leases`.
 */
describeEachDialect('migration 0030-outbox-lead-webhook', (dialect) => {
  it('moves every lead\'s delivery state and attempts into the outbox, and the retention turn into job_leases', async () => {
    const { db: typed, destroy } = await dialect.createDb();
    // The tables as they were before this migration (the generated types are after it).
    const db = typed as unknown as Kysely<Record<string, Record<string, unknown>>>;
    try {
      const migrator = new Migrator({ db: typed, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0029-catalog-promo-duration')).error).toBeUndefined();

      const lead = (id: string, state: Record<string, unknown>) => ({
        id, payload_json: JSON.stringify({ nome: id, email: `${id}@example.it` }), created_at: '2026-02-01T10:00:00.000Z',
        delivery_status: 'pending', attempts: 0, next_attempt_at: '2026-02-01T10:00:00.000Z', last_error: null, delivered_at: null, ...state,
      });
      await db.insertInto('leads').values([
        lead('delivered', { delivery_status: 'delivered', attempts: 2, delivered_at: '2026-02-01T10:05:00.000Z' }),
        lead('failing', { delivery_status: 'failed', attempts: 11, next_attempt_at: '2026-02-01T12:00:00.000Z', last_error: 'HTTP 500' }),
        lead('waiting', {}),
      ]).execute();
      // `delivered` and `failing` came after the outbox: their `lead.created` went to the provider's webhook.
      for (const [n, id] of ['delivered', 'failing'].entries()) {
        await db.insertInto('outbox_events').values({
          id: `msg_${n}`, type: 'lead.created', subject_kind: 'lead', subject_id: id, seq: 1, payload_json: '{}', created_at: '2026-02-01T10:00:00.000Z',
        }).execute();
        await db.insertInto('outbox_deliveries').values({
          id: `msg_${n}.0`, event_id: `msg_${n}`, target: 'webhook', template: null, subject_kind: 'lead', subject_id: id, seq: 1,
          status: 'delivered', attempts: 1, next_attempt_at: '2026-02-01T10:00:00.000Z', created_at: '2026-02-01T10:00:00.000Z',
        }).execute();
      }
      await db.insertInto('lead_delivery_attempts').values([
        { id: 'a1', lead_id: 'delivered', at: '2026-02-01T10:01:00.000Z', ok: 0, error: 'HTTP 503', operator_id: null, operator_name: null },
        { id: 'a2', lead_id: 'delivered', at: '2026-02-01T10:05:00.000Z', ok: 1, error: null, operator_id: 'op-1', operator_name: 'Giulia Verdi' },
      ]).execute();
      await db.insertInto('app_meta').values({ key: 'retention_purge_due', value: '2026-02-01T11:00:00.000Z', updated_at: '2026-02-01T10:00:00.000Z' }).execute();

      await migrate(typed);

      const deliveries = await typed.selectFrom('outbox_deliveries').selectAll().where('target', '=', 'lead_webhook').orderBy('subject_id').execute();
      expect(deliveries.map((d) => [d.id, d.subject_id, d.status, d.attempts, d.next_attempt_at, d.last_error, d.delivered_at, d.lease_until])).toEqual([
        ['msg_0.1', 'delivered', 'delivered', 2, '2026-02-01T10:00:00.000Z', null, '2026-02-01T10:05:00.000Z', null],
        // Failed leads were still retried: the outbox goes on from the time the lead was due.
        ['msg_1.1', 'failing', 'pending', 11, '2026-02-01T12:00:00.000Z', 'HTTP 500', null, null],
        ['msg_lead_waiting.0', 'waiting', 'pending', 0, '2026-02-01T10:00:00.000Z', null, null, null],
      ]);
      // The lead from before the outbox has an event now, for the lead webhook only; the provider's webhook hears nothing new.
      const made = await typed.selectFrom('outbox_events').selectAll().where('subject_id', '=', 'waiting').execute();
      expect(made).toMatchObject([{ id: 'msg_lead_waiting', type: 'lead.created', subject_kind: 'lead', seq: 1, created_at: '2026-02-01T10:00:00.000Z' }]);
      expect(JSON.parse(made[0]!.payload_json)).toEqual({
        lead_id: 'waiting', created_at: '2026-02-01T10:00:00.000Z', lead: { nome: 'waiting', email: 'waiting@example.it' },
      });
      expect(await typed.selectFrom('outbox_deliveries').select('target').where('subject_id', '=', 'waiting').execute()).toEqual([{ target: 'lead_webhook' }]);

      const attempts = await typed.selectFrom('outbox_attempts').selectAll().orderBy('at').execute();
      expect(attempts.map((a) => [a.id, a.delivery_id, a.ok, a.error, a.operator_name])).toEqual([
        ['a1', 'msg_0.1', 0, 'HTTP 503', null], ['a2', 'msg_0.1', 1, null, 'Giulia Verdi'],
      ]);
      expect(await typed.selectFrom('job_leases').selectAll().execute()).toEqual([{ id: 'retention_purge', lease_until: '2026-02-01T11:00:00.000Z' }]);
      expect(await typed.selectFrom('app_meta').select('key').where('key', '=', 'retention_purge_due').execute()).toEqual([]);
      // The lead's own delivery state is gone.
      const columns = Object.keys(await typed.selectFrom('leads').selectAll().where('id', '=', 'waiting').executeTakeFirstOrThrow());
      expect(columns).not.toEqual(expect.arrayContaining(['delivery_status']));
      await expect(sql`select 1 from lead_delivery_attempts`.execute(typed)).rejects.toThrow();

      // And back: the state returns to the leads' own columns.
      expect((await migrator.migrateTo('0029-catalog-promo-duration')).error).toBeUndefined();
      const back = await db.selectFrom('leads').select(['id', 'delivery_status', 'attempts', 'next_attempt_at', 'last_error']).orderBy('id').execute();
      expect(back).toEqual([
        { id: 'delivered', delivery_status: 'delivered', attempts: 2, next_attempt_at: '2026-02-01T10:00:00.000Z', last_error: null },
        { id: 'failing', delivery_status: 'pending', attempts: 11, next_attempt_at: '2026-02-01T12:00:00.000Z', last_error: 'HTTP 500' },
        { id: 'waiting', delivery_status: 'pending', attempts: 0, next_attempt_at: '2026-02-01T10:00:00.000Z', last_error: null },
      ]);
      expect((await db.selectFrom('lead_delivery_attempts').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['a1', 'a2']);
      expect(await db.selectFrom('outbox_events').select('id').where('subject_id', '=', 'waiting').execute()).toEqual([]);
      expect(await db.selectFrom('app_meta').select('value').where('key', '=', 'retention_purge_due').execute()).toEqual([{ value: '2026-02-01T11:00:00.000Z' }]);
    } finally {
      await destroy();
    }
  });
});
