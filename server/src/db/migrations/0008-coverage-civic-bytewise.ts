import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * The civic number joins the street keys as a bytewise column on PostgreSQL (see 0003-coverage.ts), so
 * the address search can give its civic prefix as a range (`number >= '26' AND number < '26\uffff'`):
 * a condition the index checks on its own entries, before any table row is read. With the database's
 * collation the range would not be a prefix, and PostgreSQL would read every civic of the street (155
 * rows for a long street at 1M addresses) to filter them. SQLite's default BINARY collation already is
 * bytewise. Changing the collation rebuilds the two search indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table addresses alter column number type text collate "C"`.execute(db);
}
