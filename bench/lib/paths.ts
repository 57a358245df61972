import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_DIR = path.dirname(BENCH_DIR);
export const RESULTS_DIR = path.join(BENCH_DIR, 'results');

/** A unique temp path (not created). */
export const tempPath = (prefix: string, ext = ''): string =>
  path.join(tmpdir(), `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}${ext}`);

/** A SQLite file and its WAL companions. */
export const removeSqliteFiles = (file: string): void => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
};

/** The API key the bench servers use (any key of 8+ characters). */
export const BENCH_API_KEY = 'bench-public-api-key';
