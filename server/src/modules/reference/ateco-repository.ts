import type { Kysely, Transaction } from 'kysely';
import type { DB as Database } from '../../db/types';
import type { AtecoEntry } from './ateco-starter';

type Conn = Kysely<Database> | Transaction<Database>;

export const listImportedAteco = (db: Conn): Promise<AtecoEntry[]> =>
  db.selectFrom('ateco_codes').select(['code', 'description']).orderBy('code').execute();

/** Replaces the whole list: the ISTAT file is the full classification, not a delta. */
export async function replaceAteco(trx: Transaction<Database>, entries: readonly AtecoEntry[], now: string): Promise<void> {
  await trx.deleteFrom('ateco_codes').execute();
  for (let i = 0; i < entries.length; i += 500) {
    const rows = entries.slice(i, i + 500).map((e) => ({ code: e.code, description: e.description, imported_at: now }));
    await trx.insertInto('ateco_codes').values(rows).execute();
  }
}
