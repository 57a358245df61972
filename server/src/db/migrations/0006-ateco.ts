import type { Kysely } from 'kysely';

// The official ISTAT ATECO list, when an operator imported it (`npm run cli -- import-ateco FILE`).
// Empty table: the built-in starter set is searched instead.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ateco_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ateco_codes').execute();
}
