import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The database storage driver (infra/storage/db-driver.ts), used when STORAGE_DRIVER=database.
 *
 * - `stored_objects`: one row per key, naming the blob that holds its bytes, with the size and SHA-256
 *   computed when it was written. Keys are compared bytewise (COLLATE "C" on PostgreSQL) so a prefix is a
 *   key range in index order, as on SQLite.
 * - `stored_chunks`: the blob's bytes in fixed chunks (`seq` from 0), read back one chunk per query. A write
 *   fills a new blob and then points the key at it, so a reader never mixes two versions of an object.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stored_objects')
    .addColumn('key', 'text', (c) => (isPostgres ? c.modifyEnd(sql`collate "C"`) : c).primaryKey())
    .addColumn('blob_id', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('stored_chunks')
    .addColumn('blob_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', isPostgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_chunks_pk', ['blob_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_chunks').execute();
  await db.schema.dropTable('stored_objects').execute();
}
