import type { Kysely, Transaction } from 'kysely';
import type { DB as Database } from '../../db/types';
import type { FailureTally } from '../mobile';

export type Conn = Kysely<Database> | Transaction<Database>;

const tally = async (db: Conn, column: 'code_key' | 'ip', value: string, since: string): Promise<FailureTally> => {
  const row = await db.selectFrom('premade_code_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('created_at').as('latest')])
    .where(column, '=', value).where('created_at', '>', since).executeTakeFirst();
  return { count: Number(row?.count ?? 0), latest: (row?.latest as string | null | undefined) ?? null };
};

/** Failures since `since`: of one client address (on any code), and of everyone on one code. */
export async function codeFailures(db: Conn, codeKey: string, ip: string, since: string): Promise<{ client: FailureTally; code: FailureTally }> {
  return { client: await tally(db, 'ip', ip, since), code: await tally(db, 'code_key', codeKey, since) };
}

/** Records one failure, and drops this client's and this code's failures from before `before` (they count no more). */
export async function recordCodeFailure(db: Conn, row: { id: string; code_key: string; ip: string; created_at: string }, before: string): Promise<void> {
  await db.deleteFrom('premade_code_failures')
    .where((eb) => eb.or([eb('code_key', '=', row.code_key), eb('ip', '=', row.ip)]))
    .where('created_at', '<=', before).execute();
  await db.insertInto('premade_code_failures').values(row).execute();
}
