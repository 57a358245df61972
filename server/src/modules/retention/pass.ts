import type { Db } from '../../db';
import type { FileStorage } from '../../infra/storage';
import { pruneLimitTables } from './limit-tables';
import type { PrunedCounts } from './limit-tables';
import { purgeAbandonedDrafts } from './purge-drafts';

export interface RetentionPassResult {
  orders_purged: number;
  /** Purged orders whose folder could not be removed (look at STORAGE_DIR's permissions). */
  folders_left: number;
  /** Limit-table rows past their window, per table. */
  pruned: PrunedCounts;
}

/** Abandoned drafts, then the limit tables' stale rows: what the hourly job and `purge-drafts` run. Counts only. */
export async function runRetentionPass(
  db: Db,
  options: { storage: FileStorage; retentionDays: number; now?: Date; signal?: AbortSignal },
): Promise<RetentionPassResult> {
  const now = options.now ?? new Date();
  const drafts = await purgeAbandonedDrafts(db, { storage: options.storage, retentionDays: options.retentionDays, now, ...(options.signal ? { signal: options.signal } : {}) });
  const pruned = await pruneLimitTables(db, now, options.signal);
  return { orders_purged: drafts.purged, folders_left: drafts.foldersLeft, pruned };
}
