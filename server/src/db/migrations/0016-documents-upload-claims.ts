import type { Kysely } from 'kysely';

/*
 * Bytes stored by uploads, one row per accepted document, counted per client address for the hourly
 * upload quota across server processes. A row stays when its document is deleted (deleting must not
 * free the quota); rows older than an hour no longer count and are pruned as the client uploads again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_claims_ip_idx').on('upload_claims').columns(['ip', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_claims').execute();
}
