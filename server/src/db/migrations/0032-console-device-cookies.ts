import type { Kysely } from 'kysely';

/*
 * The console's device cookies (console-auth/device-cookie.ts): one row per cookie handed out, by the SHA-256
 * of its nonce. A cookie counts only while its row is here, not revoked and not expired; `failures` are the
 * wrong sign-ins made with it since its last good one, and the tenth sets `revoked_at`.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('console_device_cookies')
    .addColumn('nonce_hash', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('console_device_cookies_operator_idx').on('console_device_cookies').column('operator_id').execute();
  await db.schema.createIndex('console_device_cookies_expires_idx').on('console_device_cookies').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('console_device_cookies').execute();
}
