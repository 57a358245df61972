import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureUploadMemory, UPLOAD_LOAD_ENV } from './parallel-uploads';
import { sqliteServerDatabase } from './server-databases';
import type { ServerDatabase } from './server-databases';
import { startServer } from './server-process';
import type { ServerProcess } from './server-process';

/*
 * Issue 14: 30 uploads of 10 MB at once with no api key took a server from 209 MB to 527 MB, read
 * whole into memory before the key was looked at. Now the body streams to disk and a file without the
 * key is not read: the server's resident memory (a real process, sampled from /proc) stays flat for
 * 30 keyless uploads and grows by a bounded amount for 30 real ones, whose whole-file steps run two at
 * a time. Asserted loosely (the machine is shared); `npm run bench -- --only uploads` reports the figures.
 * SQLite only: what is measured is the upload path, not the database.
 */
const COUNT = 30;
const MB = 1024 * 1024;

describe(`${COUNT} parallel uploads of 10 MB on one server process`, () => {
  let database: ServerDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = sqliteServerDatabase();
    server = await startServer({ DATABASE_URL: database.url, STORAGE_DIR: database.storageDir, ...UPLOAD_LOAD_ENV });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.destroy();
  });

  it('keeps the resident memory flat: keyless ones refused unread, real ones streamed to disk', async () => {
    const m = await measureUploadMemory(server.url, server.pid, COUNT);
    const growth = (peak: number): number => Math.round((peak - m.baselineBytes) / MB);
    process.stdout.write(`${COUNT} × 10 MB uploads: baseline ${Math.round(m.baselineBytes / MB)} MB, `
      + `peak without key +${growth(m.peakWithoutKeyBytes)} MB (${Math.round(m.withoutKey.bodyBytesRead / MB)} of ${Math.round(m.withoutKey.bodyBytesOffered / MB)} MB sent before the answers, ${m.withoutKey.wallMs} ms), `
      + `peak with key +${growth(m.peakWithKeyBytes)} MB (${m.withKey.wallMs} ms)\n`);

    expect(m.withoutKey.statuses).toEqual(Array(COUNT).fill(401));
    // Answered while their clients were still sending: a server that read the file first could not answer
    // any before its last byte. Not every one: the server discards a refused body's rest at full speed, so
    // on a loaded machine a client may write its last byte before it reads the answer (27 of 30 once in CI).
    expect(m.withoutKey.answeredEarly).toBeGreaterThanOrEqual(COUNT / 2);
    expect(growth(m.peakWithoutKeyBytes)).toBeLessThan(50);

    expect(m.withKey.statuses).toEqual(Array(COUNT).fill(200));
    // Read whole into memory, 30 files would be 300 MB; streamed, two whole-file steps at a time.
    expect(growth(m.peakWithKeyBytes)).toBeLessThan(150);
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 300_000);
});
