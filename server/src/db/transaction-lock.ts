import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { dialectOf } from './create-db';
import type { DB as Database } from './types';

/**
 * Serialises, until the end of `trx`, every transaction that locks the same `key`: for a "count, then
 * insert" limit with no row to lock (e.g. sends per client IP across orders), which two server
 * processes would otherwise both pass under READ COMMITTED.
 * PostgreSQL: a transaction-scoped advisory lock on a 64-bit hash of the key.
 * SQLite: nothing to do; the driver holds its one connection for the whole transaction, so a process's
 * transactions never interleave, and one server process owns a SQLite file (DESIGN §4).
 */
export async function lockForTransaction(trx: Transaction<Database>, key: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}
