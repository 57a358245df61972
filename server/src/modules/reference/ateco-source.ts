import type { Db } from '../../db';
import { ATECO_STARTER } from './ateco-starter';
import type { AtecoEntry } from './ateco-starter';
import { listImportedAteco } from './ateco-repository';

/** An import by the CLI (another process) shows up within this time without a restart. */
const TTL_MS = 60_000;

/**
 * The list get-ateco searches: the imported ISTAT list when there is one, else the built-in
 * starter set. Cached per database handle (a few thousand rows; the search runs in memory).
 */
export function createAtecoSource(db: Db, ttlMs = TTL_MS): () => Promise<readonly AtecoEntry[]> {
  let cached: { at: number; entries: readonly AtecoEntry[] } | undefined;
  return async () => {
    const now = Date.now();
    if (cached && now - cached.at < ttlMs) return cached.entries;
    const imported = await listImportedAteco(db);
    cached = { at: now, entries: imported.length > 0 ? imported : ATECO_STARTER };
    return cached.entries;
  };
}
