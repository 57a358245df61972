import type { Db } from '../../db';

/*
 * One purge pass per interval across every server process on the database: the next due time is kept in
 * `app_meta`, and a process takes its turn with a compare-and-set (the update matches only while the due
 * time has passed, so of two processes at once exactly one changes the row). The passes would be safe
 * together anyway (each order is re-checked under its lock); the turn only spares the duplicate work.
 */

export const PURGE_DUE_KEY = 'retention_purge_due';

/** True when this caller takes the pass due now; the next one is then due `intervalMs` later. */
export async function claimPurgeTurn(db: Db, now: Date, intervalMs: number): Promise<boolean> {
  const nowIso = now.toISOString();
  // '' sorts before any time: a database that never ran a pass is due at once.
  await db.insertInto('app_meta').values({ key: PURGE_DUE_KEY, value: '', updated_at: nowIso })
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  const next = new Date(now.getTime() + intervalMs).toISOString();
  const taken = await db.updateTable('app_meta').set({ value: next, updated_at: nowIso })
    .where('key', '=', PURGE_DUE_KEY).where('value', '<=', nowIso).executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}
