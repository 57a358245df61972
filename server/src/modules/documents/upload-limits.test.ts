import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, newOrder } from '../../../test/hostile/fixtures';
import { TINY_PNG } from '../../../test/hostile/hostile-files';
import { multipartBody } from '../../../test/hostile/multipart';
import type { Part } from '../../../test/hostile/multipart';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { listenOnFreePort } from '../../../test/support/raw-http';
import { rawUpload } from '../../../test/support/raw-upload';
import { pdfOfSize } from '../../../test/support/upload-files';
import { findOrderByHash } from '../orders';
import { MAX_BYTES_PER_ORDER, MAX_FILES_PER_ORDER } from './service';
import { MAX_FILE_BYTES } from './upload-rules';
import { forceOrderStatus } from '../../../test/support/order-status-fixture';

/*
 * What document-upload refuses before reading the body (an unknown or closed order, a full order, a
 * client over its hourly bytes, a full storage, a body announced too long, a file before a valid api
 * key), proved on a real socket: the client writes the body in chunks and the answer must arrive
 * before the file has gone. And the byte quotas, per order, per client and in all.
 */

type Body = { result: boolean; data?: { id: string; size: number }; error?: { code: string; message: string; fields?: Record<string, string>; retry_after_seconds?: number } };

const filesUnder = (dir: string): string[] =>
  !existsSync(dir) ? [] : readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

const key: Part = { name: 'api_key', body: API_KEY };
const pdfPart = (body: Buffer): Part => ({ name: 'file', filename: 'carta.pdf', contentType: 'application/pdf', body });
/** Bytes the client writes before it waits for an answer: well under the file. */
const FIRST_BYTES = 256 * 1024;

describeEachDialect('document-upload limits', (dialect) => {
  const CLIENT_BYTES = 5 * 1024 * 1024;
  const STORAGE_BYTES = 8 * 1024 * 1024;
  let t: TestApp;
  let port: number;
  const big = pdfOfSize(MAX_FILE_BYTES - 1024);

  beforeAll(async () => {
    // Generous client and storage quotas here; their own tests below build apps with small ones.
    t = await buildTestApp(dialect, { coverage: true, config: { uploads: { bytesPerClientPerHour: 10 * 1024 ** 3, storageBudgetBytes: 10 * 1024 ** 4 } } });
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => t?.close());

  const order = async () => {
    const hash = await newOrder(t);
    return { hash, id: (await findOrderByHash(t.db, hash))!.id };
  };
  const send = (hash: string, parts: Part[], pauseAfterBytes?: number) => {
    const { payload, headers } = multipartBody(parts);
    return rawUpload(port, `/api/orders/${hash}/document-upload`, payload, headers, pauseAfterBytes === undefined ? {} : { pauseAfterBytes });
  };

  describe('refused before the body is read', () => {
    it('reads the whole body of a good upload (the control: the probe below would see a server that reads first)', async () => {
      const { hash } = await order();
      const res = await send(hash, [key, pdfPart(big)]);
      expect(res.response.status, res.response.body).toBe(200);
      expect(res.bodyBytesSentBeforeAnswer).toBe(res.bodyBytes);
    });

    it('answers 404 for an unknown order from the headers alone', async () => {
      const res = await send('AAAAAAAAAAAAAAAAAAAAAAAA', [key, pdfPart(big)], 0);
      expect(res.response.status).toBe(404);
      expect(res.bodyBytesSentBeforeAnswer).toBe(0);
      expect(JSON.parse(res.response.body)).toEqual({ result: false, error: { code: 'not_found', message: 'Ordine non trovato', request_id: expect.any(String) } });
    });

    it('answers 409 for a cancelled order from the headers alone', async () => {
      const { hash, id } = await order();
      await forceOrderStatus(t.db, id, 'cancelled');
      const res = await send(hash, [key, pdfPart(big)], 0);
      expect(res.response.status).toBe(409);
      expect(res.bodyBytesSentBeforeAnswer).toBe(0);
    });

    it('answers 413 from the headers when the body announced cannot be a 10 MB file', async () => {
      const { hash } = await order();
      const res = await send(hash, [key, pdfPart(pdfOfSize(MAX_FILE_BYTES + 128 * 1024))], 0);
      expect(res.response.status).toBe(413);
      expect(res.bodyBytesSentBeforeAnswer).toBe(0);
    });

    it.each([
      ['a wrong api key', [{ name: 'api_key', body: 'not-the-key' }]],
      ['no api key at all', [{ name: 'kind', body: 'identity_document' }]],
    ] as const)('answers 401 for %s when the file part begins, without waiting for the file', async (_what, fields) => {
      const { hash, id } = await order();
      const res = await send(hash, [...fields, pdfPart(big)], FIRST_BYTES);
      expect(res.response.status).toBe(401);
      expect(res.bodyBytesSentBeforeAnswer).toBeLessThanOrEqual(FIRST_BYTES);
      expect(filesUnder(path.join(t.config.storageDir, id))).toEqual([]);
    });

    it('refuses a file sent before the api key (clients send the key first), and stores nothing', async () => {
      const { hash, id } = await order();
      const res = await send(hash, [pdfPart(big), key], FIRST_BYTES);
      expect(res.response.status).toBe(401);
      expect(filesUnder(path.join(t.config.storageDir, id))).toEqual([]);
    });

    it(`answers 409 from the headers once the order holds ${MAX_FILES_PER_ORDER} documents`, async () => {
      const { hash } = await order();
      for (let i = 0; i < MAX_FILES_PER_ORDER; i++) expect((await send(hash, [key, { name: 'file', filename: 'a.png', body: TINY_PNG }])).response.status).toBe(200);
      const res = await send(hash, [key, pdfPart(big)], 0);
      expect(res.response.status).toBe(409);
      expect(res.bodyBytesSentBeforeAnswer).toBe(0);
    });
  });

  it(`refuses a file that would take an order past ${MAX_BYTES_PER_ORDER / 1024 / 1024} MB, and stores nothing of it`, async () => {
    const { hash, id } = await order();
    const seven = pdfOfSize(7 * 1024 * 1024);
    for (let i = 0; i < 4; i++) expect((await send(hash, [key, pdfPart(seven)])).response.status).toBe(200);
    const fifth = pdfOfSize(MAX_BYTES_PER_ORDER - 4 * seven.length + 1);
    const refused = await send(hash, [key, pdfPart(fifth)]);
    expect(refused.response.status).toBe(409);
    expect((JSON.parse(refused.response.body) as Body).error!.message).toMatch(/30 MB in tutto/);
    expect(filesUnder(path.join(t.config.storageDir, id))).toHaveLength(4);
    // One byte less fits.
    expect((await send(hash, [key, pdfPart(pdfOfSize(fifth.length - 1))])).response.status).toBe(200);
    // Full now: the next one is refused from the headers.
    const full = await send(hash, [key, pdfPart(big)], 0);
    expect(full.response.status).toBe(409);
  });

  describe('client and storage quotas', () => {
    let small: TestApp;
    let smallPort: number;
    beforeAll(async () => {
      small = await buildTestApp(dialect, { coverage: true, config: { uploads: { bytesPerClientPerHour: CLIENT_BYTES, storageBudgetBytes: STORAGE_BYTES } } });
      smallPort = await listenOnFreePort(small.app);
    });
    afterAll(async () => small?.close());
    const sendSmall = async (parts: Part[], pauseAfterBytes?: number) => {
      const hash = await newOrder(small);
      const { payload, headers } = multipartBody(parts);
      const res = await rawUpload(smallPort, `/api/orders/${hash}/document-upload`, payload, headers, pauseAfterBytes === undefined ? {} : { pauseAfterBytes });
      return { ...res, hash, id: (await findOrderByHash(small.db, hash))!.id };
    };

    it(`limits one client address to ${CLIENT_BYTES / 1024 / 1024} MB an hour across orders: 429 with Retry-After, then refused from the headers`, async () => {
      const two = pdfOfSize(2 * 1024 * 1024);
      expect((await sendSmall([key, pdfPart(two)])).response.status).toBe(200);
      expect((await sendSmall([key, pdfPart(two)])).response.status).toBe(200);
      const over = await sendSmall([key, pdfPart(two)]);
      expect(over.response.status).toBe(429);
      const body = JSON.parse(over.response.body) as Body;
      expect(body.error!.code).toBe('rate_limited');
      expect(body.error!.message).toMatch(/riprova tra \d+ minut/);
      expect(body.error!.retry_after_seconds).toBeGreaterThan(3000);
      expect(over.response.headers['retry-after']).toBe(String(body.error!.retry_after_seconds));
      expect(filesUnder(path.join(small.config.storageDir, over.id))).toEqual([]);
      // What fits in the hour still goes; then the client is refused from the headers.
      const fill = await sendSmall([key, pdfPart(pdfOfSize(CLIENT_BYTES - 2 * two.length))]);
      expect(fill.response.status).toBe(200);
      const early = await sendSmall([key, pdfPart(two)], 0);
      expect(early.response.status).toBe(429);
      expect(early.bodyBytesSentBeforeAnswer).toBe(0);
    });

    it('answers 507 once the stored documents would pass STORAGE_BUDGET_BYTES, storing nothing', async () => {
      // The client quota is not what is tested here: its counts go.
      const used = await small.db.selectFrom('medias').select((eb) => eb.fn.sum<number>('size').as('n')).executeTakeFirst();
      const room = STORAGE_BYTES - Number(used?.n ?? 0);
      await small.db.deleteFrom('upload_claims').execute();
      const tooBig = pdfOfSize(Math.min(room + 1, MAX_FILE_BYTES));
      expect(tooBig.length).toBeGreaterThan(room);
      const refused = await sendSmall([key, pdfPart(tooBig)]);
      expect(refused.response.status).toBe(507);
      const body = JSON.parse(refused.response.body) as Body;
      expect(body.error).toMatchObject({ code: 'storage_full', message: expect.stringMatching(/non è possibile caricare documenti/) });
      expect(filesUnder(path.join(small.config.storageDir, refused.id))).toEqual([]);
    });
  });
});
