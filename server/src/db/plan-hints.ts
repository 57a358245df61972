import { sql } from 'kysely';
import type { Kysely, RawBuilder, Transaction } from 'kysely';
import { dialectOf } from './create-db';
import type { Db } from './create-db';
import type { DB as Database } from './types';

/**
 * A column in a condition that must not choose the index: when a query has a far more selective
 * condition (a search term on its own index) beside a broad filter whose index also serves the ORDER BY,
 * SQLite without statistics prefers the broad index and reads thousands of rows. The unary `+` takes the
 * column out of index selection (sqlite.org/optoverview.html, "Disqualifying WHERE clause terms using
 * unary-+"). PostgreSQL plans from its statistics: the plain column.
 */
export function withoutIndex(db: Db | Kysely<Database> | Transaction<Database>, column: string): RawBuilder<unknown> {
  return dialectOf(db as Db) === 'sqlite' ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}
