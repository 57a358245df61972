import type { Kysely } from 'kysely';

/*
 * What connects the checkout to the provider's systems and to the customer after the signature.
 *
 * - `outbox_events`: every event, written in the same transaction as the change that causes it. `seq`
 *   counts the events of one subject (an order, a lead, a mobile order) from 1, so receivers and the
 *   worker keep them in order per subject; the unique index makes two writers of the same subject collide
 *   instead of interleaving.
 * - `outbox_deliveries`: one row per event and target (`webhook`, `email`, `sms`): its retry state and
 *   lease. A delivery is due only when no earlier delivery of the same subject and target is pending.
 * - `outbox_attempts`: each try, for the console (what the receiver answered, how long it took).
 * - `provider_tokens`: the provider's bearer tokens, stored as SHA-256 (a token is 256 random bits: a
 *   slow hash adds nothing), scoped, revocable.
 * - `provider_idempotency`: the first answer to each `Idempotency-Key` of a token, replayed on a retry.
 * - `appointment_slots`: the slots the provider publishes for an order and the one the customer books.
 * - `order_timeline.customer_visible`: notes and statuses the tracking page may show.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    // order | lead | mobile_order
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_events_subject_seq_idx').on('outbox_events').columns(['subject_kind', 'subject_id', 'seq']).unique().execute();
  await db.schema.createIndex('outbox_events_created_idx').on('outbox_events').columns(['created_at']).execute();

  await db.schema
    .createTable('outbox_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('outbox_events.id').onDelete('cascade'))
    // webhook | email | sms
    .addColumn('target', 'text', (c) => c.notNull())
    // Email and SMS: the template (contract notifications); null for the webhook.
    .addColumn('template', 'text')
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // pending | delivered | flagged (a 4xx, or retries exhausted: an operator looks) | skipped (nothing to send)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('delivered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_deliveries_due_idx').on('outbox_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_deliveries_subject_idx').on('outbox_deliveries').columns(['target', 'subject_kind', 'subject_id', 'seq']).execute();
  await db.schema.createIndex('outbox_deliveries_event_idx').on('outbox_deliveries').columns(['event_id']).execute();

  await db.schema
    .createTable('outbox_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('outbox_deliveries.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // An operator's redelivery from the console; null for the worker.
    .addColumn('operator_id', 'text')
    .addColumn('operator_name', 'text')
    .execute();
  await db.schema.createIndex('outbox_attempts_delivery_idx').on('outbox_attempts').columns(['delivery_id', 'at']).execute();

  await db.schema
    .createTable('provider_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // The first characters, shown in lists so an operator can tell tokens apart.
    .addColumn('token_prefix', 'text', (c) => c.notNull())
    // JSON array of contract PROVIDER_SCOPES
    .addColumn('scopes_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // `cli` or the operator's id
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();

  await db.schema
    .createTable('provider_idempotency')
    .addColumn('token_id', 'text', (c) => c.notNull().references('provider_tokens.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    // method + path + SHA-256 of the body: the same key with another request is refused.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_idempotency_pk', ['token_id', 'key'])
    .execute();
  await db.schema.createIndex('provider_idempotency_created_idx').on('provider_idempotency').columns(['created_at']).execute();

  await db.schema
    .createTable('appointment_slots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    // offered | booked | withdrawn (the provider replaced its offer; a slot the customer leaves is offered again)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('booked_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointment_slots_order_idx').on('appointment_slots').columns(['order_id', 'starts_at']).execute();

  await db.schema.alterTable('order_timeline').addColumn('customer_visible', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_timeline').dropColumn('customer_visible').execute();
  for (const table of ['appointment_slots', 'provider_idempotency', 'provider_tokens', 'outbox_attempts', 'outbox_deliveries', 'outbox_events']) {
    await db.schema.dropTable(table).execute();
  }
}
