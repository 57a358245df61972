import type { Expression, ExpressionBuilder, Kysely, SqlBool, Transaction } from 'kysely';
import { dialectOf } from '../../db';
import type { Database } from '../../db';

/*
 * The one way background work is claimed across server processes (DESIGN §4: "background jobs claimed with
 * leases"): a row is taken by writing the end of a lease into its `lease_until`, only while no live lease
 * is there (null, or ended). Whoever wrote the lease holds the row until then; a process that dies while
 * holding it loses it when the lease ends, and the next claim takes it. The outbox's deliveries, the
 * retention job's turn and any later job claim through here.
 *
 * - PostgreSQL: `SELECT … FOR UPDATE SKIP LOCKED` and the lease in one short transaction: two processes
 *   scanning at once skip each other's rows instead of waiting or taking them twice.
 * - SQLite: one conditional UPDATE; the database has one writer at a time, and the statement re-reads the
 *   condition under it, so a row another process leased a moment ago is no longer free.
 */

/** Tables whose rows are leased: a text `id`, and `lease_until` (ISO-8601 text; null or past: free). */
export type LeasedTable = 'outbox_deliveries' | 'job_leases';

type Conn = Kysely<Database> | Transaction<Database>;

/*
 * The two columns every leased table has, under a name the query builder accepts for all of them: the
 * statements are the same for each table, only its name (the string passed at run time) differs.
 */
interface LeaseColumns { id: string; lease_until: string | null }
type LeaseView = Kysely<{ leased: LeaseColumns }>;
const leaseView = (conn: Conn): LeaseView => conn as unknown as LeaseView;

export interface ClaimOptions<T extends LeasedTable> {
  table: T;
  /** Now, as the rows' times are written (ISO-8601): a lease ended at or before it is free. */
  nowIso: string;
  /** The end of the lease written into the claimed rows; the holder names it to update or release them. */
  leaseUntil: string;
  /** At most this many rows. */
  limit: number;
  /** The job's own condition on a row it may take (due, in order…), beside a free lease. */
  where?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
  /** The order rows are taken in when more are free than `limit`. */
  orderBy?: ReadonlyArray<keyof Database[T] & string>;
}

/** Claims up to `limit` rows of `table` that satisfy `where` and whose lease is free; answers their ids. */
export async function claimLeased<T extends LeasedTable>(db: Kysely<Database>, o: ClaimOptions<T>): Promise<string[]> {
  const table = o.table as unknown as 'leased';
  const where = o.where as unknown as ((eb: ExpressionBuilder<{ leased: LeaseColumns }, 'leased'>) => Expression<SqlBool>) | undefined;
  const candidates = (conn: Conn) => {
    let q = leaseView(conn).selectFrom(table).select('id').where((eb) => {
      const free = eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', o.nowIso)]);
      return where ? eb.and([free, where(eb)]) : free;
    });
    for (const column of o.orderBy ?? ['id']) q = q.orderBy(column as 'id');
    return q.limit(o.limit);
  };
  if (dialectOf(db) === 'postgres') {
    return db.transaction().execute(async (trx) => {
      const rows = await candidates(trx).forUpdate().skipLocked().execute();
      const ids = rows.map((r) => r.id);
      if (ids.length > 0) await leaseView(trx).updateTable(table).set({ lease_until: o.leaseUntil }).where('id', 'in', ids).execute();
      return ids;
    });
  }
  const rows = await leaseView(db).updateTable(table).set({ lease_until: o.leaseUntil })
    .where('id', 'in', candidates(db))
    .returning('id').execute();
  return rows.map((r) => r.id);
}

/** Gives a lease back before it ends (the work was not done: the server is stopping); only its holder can. */
export async function releaseLeased(conn: Conn, table: LeasedTable, id: string, leaseUntil: string): Promise<boolean> {
  const r = await leaseView(conn).updateTable(table as unknown as 'leased').set({ lease_until: null })
    .where('id', '=', id).where('lease_until', '=', leaseUntil).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A named job's turn across processes (`job_leases`): true when this caller takes `name` until
 * `leaseUntil`, which no other process can before then. A job that runs once per interval takes its turn
 * for the interval and keeps it: the next turn is free when the interval has passed.
 */
export async function claimTurn(db: Kysely<Database>, name: string, o: { nowIso: string; leaseUntil: string }): Promise<boolean> {
  // A job that never ran has no row: the first claim makes it, free.
  await db.insertInto('job_leases').values({ id: name, lease_until: null }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const ids = await claimLeased(db, { table: 'job_leases', ...o, limit: 1, where: (eb) => eb('id', '=', name) });
  return ids.length === 1;
}
