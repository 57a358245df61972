import type { Kysely } from 'kysely';

/*
 * Sign-in with CIE id or SPID (modules/identity). `identity_requests`: one row per authorization request in
 * flight, keyed by the SHA-256 of its `state` (the value itself travels only through the browser), holding
 * what the callback must check (nonce, PKCE verifier, provider, level asked); used once, then kept as spent.
 * `order_identifications`: how an order's signer was identified (provider, level, subject, time, the ID
 * token's SHA-256) and the released claims the checkout fills in. No other table changes.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_requests')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('acr', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('return_step', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('identity_requests_expires_idx').on('identity_requests').column('expires_at').execute();
  await db.schema.createIndex('identity_requests_order_idx').on('identity_requests').column('order_id').execute();

  await db.schema
    .createTable('order_identifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_kind', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('identified_at', 'text', (c) => c.notNull())
    .addColumn('id_token_sha256', 'text', (c) => c.notNull())
    .addColumn('claims_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_identifications_order_idx').on('order_identifications').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_identifications').execute();
  await db.schema.dropTable('identity_requests').execute();
}
