import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Signature (issue 4): contract documents, one-time codes, the send throttle, contact overrides,
 * append-only signature evidence, and the development outbox of messages.
 * Portable types (DESIGN §6.5): ISO-8601 text timestamps (they sort as text), 0/1 integers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  // A growing integer id: "the latest preview" must not depend on two rows' timestamps differing.
  await db.schema
    .createTable('contract_documents')
    .addColumn('id', isPostgres ? 'serial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contract_documents_order_idx').on('contract_documents').columns(['order_id', 'kind', 'id']).execute();

  await db.schema
    .createTable('signature_otps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('masked_destination', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('document_sha256', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('invalidated_at', 'text')
    .execute();
  await db.schema.createIndex('signature_otps_order_idx').on('signature_otps').columns(['order_id', 'created_at']).execute();
  await db.schema.createIndex('signature_otps_ip_idx').on('signature_otps').columns(['ip', 'created_at']).execute();

  // One row per order: the resend cooldown is claimed with a conditional UPDATE on it, so two
  // processes (or a double click) cannot both send inside the same 30 seconds.
  await db.schema
    .createTable('signature_send_throttle')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .execute();

  // change-mobile-phone-number: the number the code goes to, overriding the order's field.
  await db.schema
    .createTable('signature_contacts')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('mobile_phone_number', 'text', (c) => c.notNull())
    /** Previews with an id up to this one show the old number and no longer count. */
    .addColumn('after_document_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Append-only (no UPDATE or DELETE anywhere in the code; no foreign key, so deleting an order keeps it).
  // order_id is unique: a second signature of the same order fails in the database, whatever the code does.
  await db.schema
    .createTable('signature_evidence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().unique())
    .addColumn('otp_id', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('masked_destination', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('preview_sha256', 'text', (c) => c.notNull())
    .addColumn('signed_sha256', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dev_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('dev_outbox_created_idx').on('dev_outbox').columns(['created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dev_outbox', 'signature_evidence', 'signature_contacts', 'signature_send_throttle', 'signature_otps', 'contract_documents']) {
    await db.schema.dropTable(table).execute();
  }
}
