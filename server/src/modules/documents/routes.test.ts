import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, settle } from '../../../test/support/inject-client';
import type { InjectClient, WireEnvelope } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { catalogModule } from '../catalog';
import { createOrdersModule, findOrderByHash } from '../orders';
import { createSignatureModule } from '../signature';
import { createDocumentsModule } from './routes';
import { MAX_FILES_PER_ORDER } from './service';
import { MAX_FILE_BYTES } from './upload-rules';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { forceOrderStatus } from '../../../test/support/order-status-fixture';
import { customerFilePath } from '../../../test/support/customer-files';

const NOW = new Date('2026-03-01T10:00:00Z');

/** A real one-page PDF made by pdfkit. */
const makePdf = (): Promise<Buffer> => new Promise((resolve, reject) => {
  const doc = new PDFDocument({ size: 'A6' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.on('end', () => resolve(Buffer.concat(chunks)));
  doc.on('error', reject);
  doc.text('Carta di identità');
  doc.end();
});
/** 1×1 pixel images. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
/** The start of a 64-bit Linux executable and of a Windows one. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);
const EXE = (() => {
  const b = Buffer.alloc(512, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();

interface FilePart { name?: string; filename: string; contentType?: string; bytes: Buffer }

function multipart(fields: Record<string, string>, files: FilePart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType ?? 'application/pdf'}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file below a folder (hidden temporary files included). */
const filesUnder = (dir: string): string[] =>
  !existsSync(dir) ? [] : readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));

/** The documents of an order on disk (its folder also holds the contract's PDFs, named contract-*). */
const documentFiles = (dir: string): string[] => filesUnder(dir).filter((f) => !path.basename(f).startsWith('contract-'));

describeEachDialect('documents', (dialect) => {
  let t: TestApp;
  let api: InjectClient;
  let pdf: Buffer;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      modules: [
        catalogModule, createOrdersModule({ now: () => NOW }), createDocumentsModule({ now: () => NOW }),
        createSignatureModule({ now: () => NOW, sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
      ],
    });
    pdf = await makePdf();
    api = createInjectClient(t.app, { headers: { 'user-agent': 'vitest' } });
  });
  afterAll(async () => t.close());

  const newOrder = async (): Promise<{ hash: string; id: string }> => {
    const created = await api.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101 });
    if (typeof created === 'string') throw new Error(created);
    return { hash: created.hash, id: (await findOrderByHash(t.db, created.hash))!.id };
  };
  // Uploads stay hand-built multipart: these tests choose the declared type, the part order and malformed forms.
  const upload = async (hash: string, files: FilePart[], fields: Record<string, string> = { api_key: DEMO_PUBLIC_API_KEY }) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...multipart(fields, files) });
    return { status: res.statusCode, body: res.json() as WireEnvelope, headers: res.headers };
  };
  /** A call that must succeed (the client resolves on a 200 only): its `data` as the server sent it. */
  const ok = async (call: Promise<unknown>): Promise<Record<string, unknown>> => {
    const { data, body } = await settle(call, api);
    expect(data, JSON.stringify(body)).toBeDefined();
    return body.data!;
  };
  /** A privato order signed for real: five steps, preview, code by SMS (read from the development outbox), signature. */
  const signedOrder = async (): Promise<{ hash: string; id: string }> => {
    const order = await newOrder();
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) await ok(api.submitStep({ order_hash: order.hash, step_name: name }, payload));
    // Both sides of the identity card: the signing code waits for them.
    for (const side of ['fronte', 'retro']) {
      await ok(api.documentUpload({ order_hash: order.hash }, { kind: 'identity_document', file: new Blob([PNG], { type: 'image/png' }), filename: `carta-${side}.png` }));
    }
    await ok(api.contractPreview({ order_hash: order.hash }));
    await ok(api.sendOtp({ order_hash: order.hash }, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true }));
    const outbox = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393331234567' });
    const code = /\b(\d{6})\b/.exec((outbox.json() as { data: Array<{ text: string }> }).data[0]?.text ?? '')?.[1];
    await ok(api.signWithOtp({ order_hash: order.hash }, { otp: code! }));
    expect((await findOrderByHash(t.db, order.hash))!.status).toBe('signed');
    return order;
  };
  /** What the signature binds: the order row (but its `updated_at`), its contract PDFs with their hashes, the signed PDF's bytes. */
  const signedState = async (hash: string, id: string) => {
    const { updated_at: _touched, ...order } = await t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const contracts = await t.db.selectFrom('contract_documents').selectAll().where('order_id', '=', id).orderBy('id').execute();
    const pdf = (await t.app.inject({ method: 'GET', url: customerFilePath(t.config, hash, 'signed_contract') })).rawPayload;
    return { order, contracts, pdfSha256: createHash('sha256').update(pdf).digest('hex'), pdfBytes: pdf.length };
  };
  const del = async (mediaId: string, orderHash: string) => settle(api.deleteMedia({ id: mediaId }, { order_id: orderHash }), api);

  describe('document-upload', () => {
    it.each([
      ['PDF', 'carta.pdf', 'application/pdf', 'pdf'],
      ['JPEG', 'foto.jpg', 'image/jpeg', 'jpg'],
      ['PNG', 'scansione.png', 'image/png', 'png'],
    ] as const)('accepts a %s, stored under a random name in the order folder', async (_n, filename, mime, ext) => {
      const { hash, id } = await newOrder();
      const bytes = ext === 'pdf' ? pdf : ext === 'jpg' ? JPEG : PNG;
      // The declared type is deliberately wrong: only the bytes count.
      const { status, body, headers } = await upload(hash, [{ filename, contentType: 'application/octet-stream', bytes }]);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body.data).toMatchObject({ order_id: hash, kind: 'identity_document', filename, mime });
      const files = filesUnder(t.config.storageDir);
      const mine = files.filter((f) => f.startsWith(path.join(t.config.storageDir, id) + path.sep));
      expect(mine).toHaveLength(1);
      expect(path.basename(mine[0]!)).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
      const stored = readFileSync(mine[0]!);
      // A PDF is stored as sent; an image is the re-encoded one (image-reencode.ts), of the same type.
      if (ext === 'pdf') expect(stored.equals(bytes)).toBe(true);
      else expect((await sharp(stored).metadata()).format).toBe(ext === 'jpg' ? 'jpeg' : 'png');
      const row = await t.db.selectFrom('medias').selectAll().where('id', '=', body.data!.id as string).executeTakeFirstOrThrow();
      // What the evidence bundle checks: the recorded size and hash are those of the file on disk.
      expect(body.data!.size).toBe(stored.length);
      expect(row.size).toBe(stored.length);
      expect(row.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    });

    it('lists what is on file for the order, from any device, and whether it still accepts documents', async () => {
      const { hash, id } = await newOrder();
      expect(await ok(api.orderDocuments({ order_hash: hash }))).toEqual({ status: 'draft', accepts_documents: true, medias: [] });
      const front = (await upload(hash, [{ filename: 'fronte.png', bytes: PNG }])).body.data!;
      const card = (await upload(hash, [{ filename: 'tessera.pdf', bytes: await makePdf() }], { api_key: DEMO_PUBLIC_API_KEY, kind: 'health_card' })).body.data!;
      const listed = await ok(api.orderDocuments({ order_hash: hash }));
      // Oldest first; the test clock gives both the same time, so only the set is fixed here.
      expect(listed.medias).toHaveLength(2);
      expect(listed.medias).toEqual(expect.arrayContaining([front, card]));
      await forceOrderStatus(t.db, id, 'cancelled');
      expect(await ok(api.orderDocuments({ order_hash: hash }))).toMatchObject({ status: 'cancelled', accepts_documents: false });
      const unknown = await settle(api.orderDocuments({ order_hash: 'AAAAAAAAAAAAAAAAAAAAAAAA' }), api);
      expect(unknown.status).toBe(404);
    });

    it('keeps the health-card copy as its own kind', async () => {
      const { hash } = await newOrder();
      const { status, body } = await upload(hash, [{ filename: 'tessera.png', bytes: PNG }], { api_key: DEMO_PUBLIC_API_KEY, kind: 'health_card' });
      expect(status).toBe(200);
      expect(body.data!.kind).toBe('health_card');
    });

    it.each([
      ['an ELF executable renamed .pdf', ELF],
      ['a Windows executable renamed .pdf', EXE],
      ['a text file renamed .pdf', Buffer.from('#!/bin/sh\nrm -rf /\n')],
    ])('refuses %s with 415 and leaves nothing on disk', async (_n, bytes) => {
      const { hash, id } = await newOrder();
      const { status, body } = await upload(hash, [{ filename: 'documento.pdf', contentType: 'application/pdf', bytes }]);
      expect(status).toBe(415);
      expect(body.error!.message).toBe('Formato non ammesso: carica un file PDF, JPEG o PNG.');
      expect(filesUnder(path.join(t.config.storageDir, id))).toEqual([]);
      expect(await t.db.selectFrom('medias').select('id').where('order_id', '=', id).execute()).toEqual([]);
    });

    it('refuses a file over 10 MB with 413 and leaves nothing on disk', async () => {
      const { hash, id } = await newOrder();
      const big = Buffer.concat([pdf, Buffer.alloc(MAX_FILE_BYTES + 1 - pdf.length, 0x20)]);
      const { status, body } = await upload(hash, [{ filename: 'grande.pdf', bytes: big }]);
      expect(status).toBe(413);
      expect(body.error!.message).toMatch(/10 MB/);
      expect(filesUnder(path.join(t.config.storageDir, id))).toEqual([]);
    });

    it(`refuses a file beyond ${MAX_FILES_PER_ORDER} per order with 409`, async () => {
      const { hash, id } = await newOrder();
      for (let i = 0; i < MAX_FILES_PER_ORDER; i++) expect((await upload(hash, [{ filename: `f${i}.png`, bytes: PNG }])).status).toBe(200);
      const { status, body } = await upload(hash, [{ filename: 'troppi.png', bytes: PNG }]);
      expect(status).toBe(409);
      expect(body.error!.message).toMatch(/massimo/);
      expect(filesUnder(path.join(t.config.storageDir, id))).toHaveLength(MAX_FILES_PER_ORDER);
    });

    it("stores a name with '../' safely: shown sanitised, never used as a path", async () => {
      const { hash, id } = await newOrder();
      const before = filesUnder(t.config.storageDir).length;
      const { status, body } = await upload(hash, [{ filename: '../../../etc/passwd.pdf', bytes: pdf }]);
      expect(status).toBe(200);
      expect(body.data!.filename).toBe('passwd.pdf');
      const after = filesUnder(t.config.storageDir);
      expect(after).toHaveLength(before + 1);
      expect(after.every((f) => f.startsWith(t.config.storageDir + path.sep))).toBe(true);
      expect(filesUnder(path.join(t.config.storageDir, id)).map((f) => path.basename(f))[0]).toMatch(/^[0-9a-f]{32}\.pdf$/);
    });

    it.each([
      ['no api key', { kind: 'identity_document' }, [{ filename: 'a.pdf', bytes: Buffer.alloc(0) }], 401],
      ['an unknown kind', { api_key: DEMO_PUBLIC_API_KEY, kind: 'selfie' }, [{ filename: 'a.png', bytes: PNG }], 422],
      ['no file', { api_key: DEMO_PUBLIC_API_KEY }, [], 422],
      ['an empty file', { api_key: DEMO_PUBLIC_API_KEY }, [{ filename: 'a.pdf', bytes: Buffer.alloc(0) }], 422],
      ['two files', { api_key: DEMO_PUBLIC_API_KEY }, [{ filename: 'a.png', bytes: PNG }, { filename: 'b.png', bytes: PNG }], 422],
    ] as const)('refuses %s', async (_n, fields, files, expected) => {
      const { hash, id } = await newOrder();
      const { status } = await upload(hash, [...files] as FilePart[], { ...fields });
      expect(status).toBe(expected);
      expect(filesUnder(path.join(t.config.storageDir, id))).toEqual([]);
    });

    it('answers 404 for an unknown order and 415 for a JSON body', async () => {
      expect((await upload('AAAAAAAAAAAAAAAAAAAAAAAA', [{ filename: 'a.png', bytes: PNG }])).body.error).toEqual({ code: 'not_found', message: 'Ordine non trovato', request_id: expect.any(String) });
      const { hash } = await newOrder();
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, payload: { api_key: DEMO_PUBLIC_API_KEY } });
      expect(res.statusCode).toBe(415);
    });

  });

  // The health card, replacements and rejected documents come after the signature: the documents are the order's attachments, not the contract's.
  describe('after the signature', () => {
    it('accepts an upload and a delete on a signed order, leaving the order, the contract and the signed PDF as signed', async () => {
      const { hash, id } = await signedOrder();
      const before = await signedState(hash, id);
      expect(before.contracts.map((c) => c.kind)).toEqual(['summary', 'preview', 'signed']);

      const front = await upload(hash, [{ filename: 'carta-fronte.png', bytes: PNG }]);
      expect(front.status, JSON.stringify(front.body)).toBe(200);
      expect(front.body.data).toMatchObject({ order_id: hash, kind: 'identity_document', filename: 'carta-fronte.png', mime: 'image/png' });
      const card = await upload(hash, [{ filename: 'tessera.pdf', bytes: pdf }], { api_key: DEMO_PUBLIC_API_KEY, kind: 'health_card' });
      expect(card.status, JSON.stringify(card.body)).toBe(200);
      // Both sides uploaded before the signature, and these two.
      expect(documentFiles(path.join(t.config.storageDir, id))).toHaveLength(4);
      // A wrong file can be replaced: deleting is allowed as long as uploading is.
      expect((await del(front.body.data!.id as string, hash)).status).toBe(200);

      expect(await signedState(hash, id)).toEqual(before);
      expect((await findOrderByHash(t.db, hash))!.status).toBe('signed');
    });

    it('still refuses a disguised file on a signed order (415), writing nothing', async () => {
      const { hash, id } = await signedOrder();
      const before = documentFiles(path.join(t.config.storageDir, id));
      expect((await upload(hash, [{ filename: 'documento.pdf', bytes: ELF }])).status).toBe(415);
      expect(documentFiles(path.join(t.config.storageDir, id))).toEqual(before);
    });

    it('refuses an upload and a delete once the order is cancelled: 409 conflict with a message and the file field', async () => {
      const { hash, id } = await newOrder();
      const kept = (await upload(hash, [{ filename: 'carta.png', bytes: PNG }])).body.data!.id as string;
      await forceOrderStatus(t.db, id, 'cancelled');

      const refused = await upload(hash, [{ filename: 'retro.png', bytes: PNG }]);
      expect(refused.status).toBe(409);
      const message = "L'ordine è stato annullato: non si possono più caricare né eliminare documenti.";
      expect(refused.body).toEqual({ result: false, error: { code: 'conflict', message, fields: { file: message }, request_id: expect.any(String) } });
      const refusedDelete = await del(kept, hash);
      expect(refusedDelete.status).toBe(409);
      expect(refusedDelete.body.error).toEqual({ code: 'conflict', message, request_id: expect.any(String) });
      expect(documentFiles(path.join(t.config.storageDir, id))).toHaveLength(1);
      expect(await t.db.selectFrom('medias').select('id').where('order_id', '=', id).execute()).toEqual([{ id: kept }]);
    });
  });

  describe('file modes', () => {
    it('keeps every file of an order 0600 in a 0700 folder, documents and contract PDFs alike, whatever the umask', async () => {
      // The loosest umask there is: only explicit modes can give the answer below.
      const umask = process.umask(0);
      try {
        const { hash, id } = await signedOrder();
        expect((await upload(hash, [{ filename: 'carta.png', bytes: PNG }])).status).toBe(200);
        const folder = path.join(t.config.storageDir, id);
        const files = filesUnder(folder);
        // The summary, the preview and the signed contract, both sides of the identity card and the later document.
        expect(files.filter((f) => path.basename(f).startsWith('contract-'))).toHaveLength(3);
        expect(files).toHaveLength(6);
        for (const f of files) expect({ file: path.basename(f), mode: (statSync(f).mode & 0o777).toString(8) }).toEqual({ file: path.basename(f), mode: '600' });
        expect((statSync(folder).mode & 0o777).toString(8)).toBe('700');
      } finally {
        process.umask(umask);
      }
    });
  });

  describe('medias/{id}/delete', () => {
    it('deletes a media of the order (row and file), and only that', async () => {
      const a = await newOrder();
      const b = await newOrder();
      const mediaA = (await upload(a.hash, [{ filename: 'a.png', bytes: PNG }])).body.data!.id as string;
      const mediaB = (await upload(b.hash, [{ filename: 'b.png', bytes: PNG }])).body.data!.id as string;

      // Another order's hash, an unknown id, a malformed hash: 404, nothing removed.
      expect((await del(mediaA, b.hash)).status).toBe(404);
      expect((await del('00000000-0000-4000-8000-000000000000', a.hash)).status).toBe(404);
      expect((await del(mediaA, 'not-a-hash')).body.error).toEqual({ code: 'not_found', message: 'Ordine non trovato', request_id: expect.any(String) });
      expect(filesUnder(path.join(t.config.storageDir, a.id))).toHaveLength(1);

      const ok = await del(mediaA, a.hash);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toEqual({ ok: true });
      expect(filesUnder(path.join(t.config.storageDir, a.id))).toEqual([]);
      expect(await t.db.selectFrom('medias').select('id').where('id', '=', mediaA).execute()).toEqual([]);
      expect((await del(mediaA, a.hash)).status).toBe(404);
      // The other order's document is untouched.
      expect(filesUnder(path.join(t.config.storageDir, b.id))).toHaveLength(1);
      expect((await del(mediaB, b.hash)).status).toBe(200);
    });

    it('frees a place under the count limit', async () => {
      const { hash } = await newOrder();
      const ids: string[] = [];
      for (let i = 0; i < MAX_FILES_PER_ORDER; i++) ids.push((await upload(hash, [{ filename: 'x.png', bytes: PNG }])).body.data!.id as string);
      expect((await del(ids[0]!, hash)).status).toBe(200);
      expect((await upload(hash, [{ filename: 'y.png', bytes: PNG }])).status).toBe(200);
    });
  });
});
