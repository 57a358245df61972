import { createHash } from 'node:crypto';
import type { FileStorage } from './storage';

/*
 * Moving every object from one driver to another (`migrate-storage`): each object is streamed across, then
 * read back from the target and hashed; the copy counts only when that hash is the source's. An object
 * already in the target with the source's hash is left as it is, so running it again copies nothing twice.
 * The source is never changed: the operator removes it once the servers run on the target.
 */

export interface CopyReport {
  /** Objects in the source. */
  total: number;
  copied: number;
  /** Already in the target with the same bytes. */
  unchanged: number;
  /** Keys whose target bytes differ from the source after the copy (or whose copy failed). */
  mismatched: string[];
}

async function digestOf(storage: FileStorage, key: string): Promise<string | null> {
  if ((await storage.stat(key)) === null) return null;
  const hash = createHash('sha256');
  for await (const chunk of storage.read(key) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

export async function copyObjects(from: FileStorage, to: FileStorage, onObject?: (key: string, outcome: 'copied' | 'unchanged' | 'mismatch') => void): Promise<CopyReport> {
  const report: CopyReport = { total: 0, copied: 0, unchanged: 0, mismatched: [] };
  for await (const key of from.list()) {
    report.total += 1;
    const source = await digestOf(from, key);
    // Removed from the source since it was listed (an order purged meanwhile): nothing to copy.
    if (source === null) { report.total -= 1; continue; }
    if ((await digestOf(to, key)) === source) {
      report.unchanged += 1;
      onObject?.(key, 'unchanged');
      continue;
    }
    let written: string | null = null;
    try {
      const stored = await to.write(key, from.read(key));
      // What the target hashed on the way in, and what it gives back now: both must be the source's.
      written = stored.sha256 === source ? await digestOf(to, key) : stored.sha256;
    } catch {
      written = null;
    }
    if (written === source) {
      report.copied += 1;
      onObject?.(key, 'copied');
    } else {
      report.mismatched.push(key);
      onObject?.(key, 'mismatch');
    }
  }
  return report;
}
