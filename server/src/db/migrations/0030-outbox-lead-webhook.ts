import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * One outbound pipe: the SPEC's lead webhook becomes a target of the outbox (`lead_webhook`), and
 * background work claims through one leased-claim helper (infra/jobs).
 *
 * - Every lead gets a `lead_webhook` delivery of its `lead.created` event, carrying the state the lead's
 *   own columns had: delivered stays delivered (with its time); pending and failed become pending, due
 *   when the lead's next attempt was (failed leads were still retried: the outbox's retries go on from
 *   there); attempts and the last error are kept, and each recorded attempt moves to `outbox_attempts`.
 *   A lead from before the outbox has no `lead.created` event: it gets one (id `msg_lead_<lead id>`) with
 *   only the lead webhook's delivery; the provider's event webhook never heard of it and does not now.
 *   Set-based statements: cheap whatever the number of leads. Nothing undelivered is left behind.
 * - Then the lead's own delivery state goes: `leads.delivery_status`, `attempts`, `next_attempt_at`,
 *   `last_error`, `delivered_at`, their index, and `lead_delivery_attempts`.
 * - `job_leases`: one row per named job turn (the retention pass's), leased like the outbox's rows; the
 *   retention job's next due time moves there from `app_meta`.
 */

const RETENTION_META_KEY = 'retention_purge_due';
const RETENTION_TURN = 'retention_purge';
const LEAD_COLUMNS = ['delivery_status', 'attempts', 'next_attempt_at', 'last_error', 'delivered_at'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lease_until', 'text')
    .execute();
  // '' was "never ran": a free turn.
  await sql`insert into job_leases (id, lease_until)
    select ${sql.lit(RETENTION_TURN)}, value from app_meta where key = ${sql.lit(RETENTION_META_KEY)} and value <> ''`.execute(db);
  await sql`delete from app_meta where key = ${sql.lit(RETENTION_META_KEY)}`.execute(db);

  // Leads stored before the outbox: their event (the payload as `emitEvent` writes it: ids and times need no escaping).
  await sql`insert into outbox_events (id, type, subject_kind, subject_id, seq, payload_json, created_at)
    select 'msg_lead_' || l.id, 'lead.created', 'lead', l.id,
      coalesce((select max(e.seq) from outbox_events e where e.subject_kind = 'lead' and e.subject_id = l.id), 0) + 1,
      '{"lead_id":"' || l.id || '","created_at":"' || l.created_at || '","lead":' || l.payload_json || '}', l.created_at
    from leads l
    where not exists (select 1 from outbox_events e where e.subject_kind = 'lead' and e.subject_id = l.id and e.type = 'lead.created')`.execute(db);

  // The lead webhook's delivery of each lead's (first) `lead.created`, numbered after the event's other deliveries.
  await sql`insert into outbox_deliveries
      (id, event_id, target, template, subject_kind, subject_id, seq, status, attempts, next_attempt_at, lease_until,
       last_error, last_status_code, delivered_at, created_at)
    select e.id || '.' || cast((select count(*) from outbox_deliveries d where d.event_id = e.id) as text), e.id, 'lead_webhook', null,
      'lead', l.id, e.seq, case when l.delivery_status = 'delivered' then 'delivered' else 'pending' end, l.attempts, l.next_attempt_at,
      null, l.last_error, null, l.delivered_at, l.created_at
    from leads l
    join outbox_events e on e.subject_kind = 'lead' and e.subject_id = l.id and e.type = 'lead.created'
    where e.seq = (select min(f.seq) from outbox_events f where f.subject_kind = 'lead' and f.subject_id = l.id and f.type = 'lead.created')`.execute(db);

  await sql`insert into outbox_attempts (id, delivery_id, at, ok, status_code, error, duration_ms, operator_id, operator_name)
    select a.id, d.id, a.at, a.ok, null, a.error, 0, a.operator_id, a.operator_name
    from lead_delivery_attempts a
    join outbox_deliveries d on d.target = 'lead_webhook' and d.subject_kind = 'lead' and d.subject_id = a.lead_id`.execute(db);

  await db.schema.dropTable('lead_delivery_attempts').execute();
  await db.schema.dropIndex('leads_due_idx').execute();
  for (const column of LEAD_COLUMNS) await db.schema.alterTable('leads').dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('leads').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('leads').addColumn('next_attempt_at', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('leads').addColumn('last_error', 'text').execute();
  await db.schema.alterTable('leads').addColumn('delivered_at', 'text').execute();
  await db.schema.createIndex('leads_due_idx').on('leads').columns(['delivery_status', 'next_attempt_at']).execute();
  await db.schema
    .createTable('lead_delivery_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('operator_name', 'text')
    .execute();
  await db.schema.createIndex('lead_delivery_attempts_lead_idx').on('lead_delivery_attempts').columns(['lead_id', 'at']).execute();

  // The state back on the lead (a flagged delivery was given up by the outbox: `failed`, still retried by the old worker).
  const from = (column: string) => sql`(select ${sql.ref(`d.${column}`)} from outbox_deliveries d
    where d.target = 'lead_webhook' and d.subject_kind = 'lead' and d.subject_id = leads.id)`;
  await sql`update leads set
      delivery_status = coalesce((select case d.status when 'delivered' then 'delivered' when 'pending' then 'pending' else 'failed' end
        from outbox_deliveries d where d.target = 'lead_webhook' and d.subject_kind = 'lead' and d.subject_id = leads.id), 'pending'),
      attempts = coalesce(${from('attempts')}, 0),
      next_attempt_at = coalesce(${from('next_attempt_at')}, created_at),
      last_error = ${from('last_error')},
      delivered_at = ${from('delivered_at')}`.execute(db);
  await sql`insert into lead_delivery_attempts (id, lead_id, at, ok, error, operator_id, operator_name)
    select a.id, d.subject_id, a.at, a.ok, a.error, a.operator_id, a.operator_name
    from outbox_attempts a join outbox_deliveries d on d.id = a.delivery_id
    where d.target = 'lead_webhook'`.execute(db);
  await sql`delete from outbox_attempts where delivery_id in (select id from outbox_deliveries where target = 'lead_webhook')`.execute(db);
  await sql`delete from outbox_deliveries where target = 'lead_webhook'`.execute(db);
  await sql`delete from outbox_events where substr(id, 1, 9) = 'msg_lead_' and not exists (select 1 from outbox_deliveries d where d.event_id = outbox_events.id)`.execute(db);

  await sql`insert into app_meta (key, value, updated_at)
    select ${sql.lit(RETENTION_META_KEY)}, lease_until, lease_until from job_leases where id = ${sql.lit(RETENTION_TURN)} and lease_until is not null`.execute(db);
  await db.schema.dropTable('job_leases').execute();
}
