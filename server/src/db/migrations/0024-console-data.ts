import type { Kysely } from 'kysely';

/*
 * Imports of reference files (coverage CSV, ISTAT ATECO CSV) uploaded in the console: one row per upload,
 * its progress written in batches while the import runs, then the outcome and the row-level error report.
 * A server process that starts marks the rows it finds `queued` or `running` as failed: the import ran in
 * a process that is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reference_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('skip_bad', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phase', 'text')
    // 0..1000 of the current phase, by bytes read (an integer: the same on both databases).
    .addColumn('progress_permille', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_good', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_bad', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applied', 'integer')
    // Counts per table, codes imported, the row errors and the CLI's report (JSON).
    .addColumn('result_json', 'text')
    .addColumn('message', 'text')
    .addColumn('operator_id', 'text')
    .addColumn('operator_email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reference_jobs_created_idx').on('reference_jobs').columns(['created_at']).execute();
  await db.schema.createIndex('reference_jobs_status_idx').on('reference_jobs').columns(['status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reference_jobs').execute();
}
