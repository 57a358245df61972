import { createHash } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_PUBLIC_API_KEY } from '../config';
import type { Db } from '../db';
import { openDriver } from '../infra/storage';
import type { FileStorage } from '../infra/storage';
import { copyObjects } from '../infra/storage/copy-objects';
import { catalogModule } from '../modules/catalog';
import { consoleAuthModule } from '../modules/console-auth';
import { createConsoleOrdersModule } from '../modules/console-orders';
import { createDocumentsModule } from '../modules/documents';
import { createOrdersModule } from '../modules/orders';
import { createSignatureModule } from '../modules/signature';
import { TINY_PNG } from '../../test/hostile/hostile-files';
import { multipartBody } from '../../test/hostile/multipart';
import { signInOperator } from '../../test/support/console-session';
import { describeEachDialect, testConfig } from '../../test/support/dialects';
import { signingHarness } from '../../test/support/signing-harness';
import { runCommand } from './run';
import { migrateStorageCommand } from './storage-commands';
import { customerFilePath } from '../../test/support/customer-files';

/*
 * migrate-storage on a real set of files: an order with an uploaded identity document and a signed
 * contract (preview, summary, sealed PDF, the development seal), moved to the database and back, every
 * SHA-256 checked, and an app on STORAGE_DRIVER=database serving the same bytes once the folder is gone.
 */

const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

async function keysOf(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

async function digests(storage: FileStorage): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  for (const key of await keysOf(storage)) all[key] = sha256(await storage.readAll(key));
  return all;
}

describeEachDialect('migrate-storage', (dialect) => {
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', { moreModules: () => [consoleAuthModule, createConsoleOrdersModule()] });
  const apps: FastifyInstance[] = [];
  afterAll(async () => { for (const app of apps) await app.close(); });

  const migrate = async (db: Db, storageDir: string, ...args: string[]) => {
    const out: string[] = [];
    const code = await runCommand((d, a, o) => migrateStorageCommand(d, a, o, { storageDir }), db, [...args, '--json'], (l) => out.push(l), 'usage');
    // A usage error prints the usage, not a report.
    return { code, report: code === 2 ? out : JSON.parse(out[0]!) as { total: number; copied: number; unchanged: number; mismatched: string[] } };
  };

  /** The customer's signed contract and, through the console, the identity document: as served. */
  const downloads = async (app: FastifyInstance, hash: string, orderId: string, mediaId: string) => {
    const operator = await signInOperator(app, h.t.db, 'admin');
    const contract = await app.inject({ method: 'GET', url: customerFilePath(h.t.config, hash, 'signed_contract', new Date(h.clock.ms)) });
    const document = await app.inject({ method: 'GET', url: `/api/console/orders/${orderId}/documents/${mediaId}`, headers: { cookie: operator.cookie } });
    expect([contract.statusCode, document.statusCode], contract.body.slice(0, 200) + document.body.slice(0, 200)).toEqual([200, 200]);
    return { contract: contract.rawPayload, document: document.rawPayload };
  };

  it('moves an order\'s documents and contract PDFs to the database and back, every hash matching, and the app serves them from there', async () => {
    const { db, config } = h.t;
    // The back of the identity card from the harness, its front as a raw upload: two documents.
    const hash = await h.readyOrder({}, { identitySides: 1 });
    const upload = multipartBody([{ name: 'api_key', body: DEMO_PUBLIC_API_KEY }, { name: 'file', filename: 'ci.png', contentType: 'image/png', body: TINY_PNG }]);
    expect((await h.t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...upload })).statusCode).toBe(200);
    await h.preview(hash);
    expect((await h.sign(hash, await h.sendCode(hash))).status).toBe(200);
    const orderId = (await h.row(hash)).id;
    const media = await db.selectFrom('medias').select(['id', 'sha256']).where('order_id', '=', orderId).executeTakeFirstOrThrow();
    const before = (await db.selectFrom('medias').select('id').where('order_id', '=', orderId).execute()).map((m) => m.id);
    // A row as written before keys were recorded: the absolute path under STORAGE_DIR.
    const signedRow = await db.selectFrom('contract_documents').select(['id', 'path']).where('order_id', '=', orderId).where('kind', '=', 'signed').executeTakeFirstOrThrow();
    await db.updateTable('contract_documents').set({ path: path.join(config.storageDir, ...signedRow.path.split('/')) }).where('id', '=', signedRow.id).execute();
    const served = await downloads(h.t.app, hash, orderId, media.id);

    const files = openDriver('filesystem', config.storageDir, db);
    const rows = openDriver('database', config.storageDir, db);
    const onDisk = await digests(files);
    expect(Object.keys(onDisk)).toHaveLength(6);
    expect(Object.keys(onDisk)).toContain('seal/development-seal.p12');
    // The records' hashes are the files' hashes (the document's row, every contract row).
    const recorded = await db.selectFrom('contract_documents').select(['path', 'sha256']).where('order_id', '=', orderId).execute();
    expect(recorded.map((r) => onDisk[files.keyOf(r.path)])).toEqual(recorded.map((r) => r.sha256));
    expect(Object.values(onDisk)).toContain(media.sha256);

    const first = await migrate(db, config.storageDir, '--from', 'filesystem', '--to', 'database');
    expect(first).toEqual({ code: 0, report: expect.objectContaining({ total: 6, copied: 6, unchanged: 0, mismatched: [] }) });
    expect(await digests(rows)).toEqual(onDisk);
    // Run again: nothing to copy.
    const again = await migrate(db, config.storageDir, '--from', 'filesystem', '--to', 'database');
    expect(again).toEqual({ code: 0, report: expect.objectContaining({ total: 6, copied: 0, unchanged: 6, mismatched: [] }) });

    // The folder is gone: an app on the database driver still serves the same bytes, the legacy row included.
    rmSync(config.storageDir, { recursive: true, force: true });
    const now = () => new Date(h.clock.ms);
    const app = await buildApp(testConfig({ storageDir: config.storageDir, storageDriver: 'database' }), {
      db, modules: [catalogModule, createOrdersModule({ now }), createDocumentsModule({ now }), createSignatureModule({ now }), consoleAuthModule, createConsoleOrdersModule()],
    });
    apps.push(app);
    const fromDb = await downloads(app, hash, orderId, media.id);
    expect(fromDb.contract.equals(served.contract)).toBe(true);
    expect(fromDb.document.equals(served.document)).toBe(true);
    expect(sha256(fromDb.document)).toBe(media.sha256);
    expect(existsSync(path.join(config.storageDir, orderId))).toBe(false);
    // A new upload on the database driver: screened in a local working file, stored as rows, served back.
    const operator = await signInOperator(app, db, 'admin');
    expect((await app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...upload })).statusCode).toBe(200);
    const added = await db.selectFrom('medias').select(['id', 'stored_name', 'sha256']).where('order_id', '=', orderId).where('id', 'not in', before).executeTakeFirstOrThrow();
    expect(await rows.stat(`${orderId}/${added.stored_name}`)).not.toBeNull();
    expect(await keysOf(openDriver('filesystem', config.storageDir, db))).toEqual([]);
    const addedServed = await app.inject({ method: 'GET', url: `/api/console/orders/${orderId}/documents/${added.id}`, headers: { cookie: operator.cookie } });
    expect(sha256(addedServed.rawPayload)).toBe(added.sha256);
    await db.deleteFrom('medias').where('id', '=', added.id).execute();
    await rows.remove(`${orderId}/${added.stored_name}`);

    // And back to the file system.
    const back = await migrate(db, config.storageDir, '--from', 'database', '--to', 'filesystem');
    expect(back).toEqual({ code: 0, report: expect.objectContaining({ total: 6, copied: 6, unchanged: 0, mismatched: [] }) });
    expect(await digests(files)).toEqual(onDisk);
  });

  it('reports a copy whose bytes differ from the source, and the command refuses bad options', async () => {
    const { db, config } = h.t;
    const source = openDriver('database', config.storageDir, db);
    await source.write('0c4d2c1e-1111-4222-8333-944455556666/a.pdf', Buffer.from('uno'));
    const real = openDriver('filesystem', path.join(config.storageDir, 'elsewhere'), db);
    // A target that stores something else than it was given.
    const lying: FileStorage = { ...real, write: (key) => real.write(key, Buffer.from('altro')) };
    const report = await copyObjects(source, lying);
    expect(report.mismatched).toContain('0c4d2c1e-1111-4222-8333-944455556666/a.pdf');

    expect((await migrate(db, config.storageDir, '--from', 'database', '--to', 'database')).code).toBe(2);
    expect((await migrate(db, config.storageDir, '--from', 's3', '--to', 'database')).code).toBe(2);
    expect((await migrate(db, config.storageDir, '--to', 'database')).code).toBe(2);
  });
});
