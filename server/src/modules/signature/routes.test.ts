import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createDb } from '../../db';
import { markAsDraft } from '../../infra/pdf/draft-mark';
import { selfSignedSeal } from '../../infra/pdf/pdf-seal';
import { pdfText } from '../../infra/pdf/pdf-text';
import type { MessageChannels } from '../../infra/messaging/channels';
import { MessageDeliveryError } from '../../infra/messaging/message-channel';
import { buildTestApp, describeEachDialect, testConfig } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, expectRefusal, settle } from '../../../test/support/inject-client';
import type { InjectClient, WireEnvelope } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { uploadIdentity } from '../../../test/support/signing-harness';
import { customerFilePath } from '../../../test/support/customer-files';
import { pdfWith } from '../../../test/hostile/hostile-files';
import { catalogModule } from '../catalog';
import { createOrdersModule, getOrderForSignature } from '../orders';
import { createDocumentsModule } from '../documents';
import { createSignatureModule } from './routes';
import { DEFAULT_SEND_LIMITS } from './service';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';

const START = new Date('2026-03-01T10:00:00Z');
/** Every acceptance send-otp needs from a consumer. */
const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };
type NewOrder = Parameters<InjectClient['newOrder']>[0];

/** A one-page PDF, as a scanner makes of both sides of a card. */
const tinyPdf = (): Buffer => pdfWith();
const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

describeEachDialect('signature', (dialect) => {
  let t: TestApp;
  let nowMs = START.getTime();
  const advance = (ms: number): void => { nowMs += ms; };
  let ipCounter = 0;
  /** Each test asks from its own IP, so the per-IP limit only bites where a test wants it to. */
  const freshIp = (): string => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      modules: [
        catalogModule,
        createOrdersModule({ now: () => START }),
        createDocumentsModule({ now: () => START }),
        createSignatureModule({ now: () => new Date(nowMs), limits: { perIpPerHour: 8 }, sendOtpPerMinute: 10_000 }),
      ],
    });
  });
  afterAll(async () => t.close());

  /** One typed call from `ip`, as a browser with its user agent; a client per call, so parallel calls keep their own answers. */
  const call = async <T>(make: (client: InjectClient) => Promise<T>, ip = '127.0.0.1') => {
    const client = createInjectClient(t.app, { remoteAddress: ip, headers: { 'user-agent': 'vitest-agent/1.0' } });
    const settled = await settle(make(client), client);
    return { ...settled, retryAfter: settled.headers['retry-after'] };
  };
  const createOrder = async (extra: Partial<NewOrder> = {}): Promise<string> => {
    const res = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, technology: 'FTTH', routerVariant: 'Marble', ...extra }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data!.hash as string;
  };
  /** An order through orders/new and the five steps: ready_to_sign; with both sides of the identity document unless told otherwise. */
  const readyOrder = async (extra: Partial<NewOrder> = {}, identitySides = 2): Promise<string> => {
    const hash = await createOrder(extra);
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
      const res = await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    expect((await getOrderForSignature(t.db, hash)).status).toBe('ready_to_sign');
    await uploadIdentity(call, hash, identitySides);
    return hash;
  };
  const preview = async (hash: string) => call((c) => c.contractPreview({ order_hash: hash }));
  const send = (hash: string, ip: string, mode: 'sms' | 'email' = 'sms') => call((c) => c.sendOtp({ order_hash: hash }, { mode, ...ACCEPTED }), ip);
  const sign = (hash: string, otp: string, ip = '127.0.0.1') => call((c) => c.signWithOtp({ order_hash: hash }, { otp }), ip);
  const changeNumber = (hash: string, mobile_phone_number: string) => call((c) => c.changeMobilePhoneNumber({ order_hash: hash }, { mobile_phone_number }));
  const outbox = async (to?: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}` });
    expect(res.statusCode).toBe(200);
    return (res.json() as { result: true; data: Array<{ channel: string; destination: string; text: string; created_at: string }> }).data;
  };
  const latestCode = async (to = '+393331234567'): Promise<string> => {
    const [message] = await outbox(to);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    expect(code, message?.text).toBeDefined();
    return code!;
  };
  /** A ready order with a preview and a code sent by SMS. */
  const orderWithCode = async (ip = freshIp()) => {
    const hash = await readyOrder();
    expect((await preview(hash)).status).toBe(200);
    advance(60_000);
    const res = await send(hash, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { hash, code: await latestCode(), ip };
  };
  const wrongCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  const orderId = async (hash: string): Promise<string> => (await getOrderForSignature(t.db, hash)).id;

  describe('contract-preview', () => {
    it('refuses an order that is not ready to sign, and an unknown one', async () => {
      const hash = await createOrder();
      const res = await preview(hash);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'order_not_ready' });
      expect(res.body.error!.message).toMatch(/passaggi/);
      expect((await preview('A'.repeat(24))).status).toBe(404);
    });

    it('is a real PDF with the customer, the catalogue prices (not the client\'s), the mandate; stored with its hash', async () => {
      // The client claims the router costs 1 cent (amounts in cents: 0.01 on the wire): the contract prints the catalogue's price.
      const hash = await readyOrder({ options: [{ id: 22, category: 'router', recurrent_cost: 1, cash_amount: 1 }] });
      const res = await preview(hash);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as { pdf_base64: string; sha256: string; filename: string };
      const pdf = Buffer.from(data.pdf_base64, 'base64');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(data.filename).toMatch(/\.pdf$/);
      await PDFDocument.load(pdf);
      const text = await pdfText(pdf);
      for (const needle of ['Mario Rossi', 'RSSMRA80A01H501U', 'Via del Corso 10, 00186 Roma (RM)', 'Fibra Viva Casa 1 Giga',
        'Router Fibra Viva Top Wi-Fi 7 (acquisto) (colore: Marmo)', 'IT00ZZZ0000000000000000', 'IT60 X054 2811 1010 0000 0123 456', 'ricorrente', '307/23/CONS']) {
        expect(text, needle).toContain(needle);
      }
      expect(text).not.toContain('0,01');

      const id = await orderId(hash);
      const file = path.join(t.config.storageDir, id, `contract-preview-${data.sha256}.pdf`);
      // The record has the hash; the copy served to read is the record with the draft mark on each page.
      expect(sha256(readFileSync(file))).toBe(data.sha256);
      expect((await markAsDraft(readFileSync(file))).equals(pdf)).toBe(true);
      // Same data, same bytes: a second preview keeps the hash and records nothing new.
      const again = await preview(hash);
      expect((again.body.data as { sha256: string }).sha256).toBe(data.sha256);
      const rows = await t.db.selectFrom('contract_documents').selectAll().where('order_id', '=', id).orderBy('id').execute();
      const summary = (res.body.data as { summary: { pdf_base64: string; sha256: string; filename: string } }).summary;
      expect((await markAsDraft(readFileSync(path.join(t.config.storageDir, id, `contract-summary-${summary.sha256}.pdf`)))).toString('base64')).toBe(summary.pdf_base64);
      expect(rows).toEqual([
        // The storage key is recorded (the file system driver keeps it at STORAGE_DIR/<key>).
        expect.objectContaining({ kind: 'summary', sha256: summary.sha256, path: `${id}/contract-summary-${summary.sha256}.pdf` }),
        expect.objectContaining({ kind: 'preview', sha256: data.sha256, path: `${id}/contract-preview-${data.sha256}.pdf` }),
      ]);
    });

    it('comes with the contract summary: one page, stored with its hash, which the contract prints', async () => {
      const hash = await readyOrder();
      const data = (await preview(hash)).body.data as { pdf_base64: string; summary: { pdf_base64: string; sha256: string; filename: string } };
      const summary = Buffer.from(data.summary.pdf_base64, 'base64');
      expect(data.summary.filename).toMatch(/^sintesi-contrattuale-.+\.pdf$/);
      expect((await PDFDocument.load(summary)).getPageCount()).toBe(1);
      const summaryText = await pdfText(summary);
      for (const needle of [
        'Sintesi contrattuale', 'Fibra Viva Casa 1 Giga', 'Canone mensile',
        // The catalogue's declared figures (AGCOM 156/23/CONS), the commitment, the exit cost and the router's terms.
        'Download all\'indirizzo: minima 500 Mbit/s · normalmente disponibile 900 Mbit/s · massima 1 Gbit/s',
        'Upload all\'indirizzo: minima 100 Mbit/s · normalmente disponibile 250 Mbit/s · massima 300 Mbit/s',
        'Senza vincolo di durata', 'passaggio ad altro operatore 19,90', 'cessazione del servizio 19,90', 'in comodato d’uso gratuito',
      ]) expect(summaryText.replace(/\s+/g, ' '), needle).toContain(needle);
      const stored = readFileSync(path.join(t.config.storageDir, await orderId(hash), `contract-summary-${data.summary.sha256}.pdf`));
      expect(sha256(stored)).toBe(data.summary.sha256);
      expect((await markAsDraft(stored)).equals(summary)).toBe(true);
      const contractText = (await pdfText(Buffer.from(data.pdf_base64, 'base64'))).replace(/\s+/g, '');
      expect(contractText).toContain(data.summary.sha256);
    });
  });

  describe('send-otp', () => {
    it('is refused while the identity document the signer named is not on file, front and back', async () => {
      const withoutDocument = await readyOrder({}, 0);
      expect((await preview(withoutDocument)).status).toBe(200);
      const none = await send(withoutDocument, freshIp());
      expect(none.status).toBe(409);
      expect(none.body.error).toMatchObject({ code: 'identity_document_required', fields: { identity_document: expect.any(String) } });
      expect(none.body.error!.message).toMatch(/documento d’identità/);

      const frontOnly = await readyOrder({}, 1);
      await preview(frontOnly);
      const back = await send(frontOnly, freshIp());
      expect(back.status).toBe(409);
      expect(back.body.error!.message).toMatch(/retro/);
      // Nothing reached the number, and no code waits for the order.
      expect(await t.db.selectFrom('signature_otps').select('id').where('order_id', 'in', [await orderId(withoutDocument), await orderId(frontOnly)]).execute()).toEqual([]);

      await uploadIdentity(call, frontOnly, 1);
      expect((await send(frontOnly, freshIp())).status).toBe(200);
    });

    it('takes one PDF of an identity card, and one image of a passport', async () => {
      const pdfScan = await readyOrder({}, 0);
      const pdf = await call((c) => c.documentUpload({ order_hash: pdfScan }, {
        kind: 'identity_document', file: new Blob([tinyPdf()], { type: 'application/pdf' }), filename: 'carta-identita.pdf',
      }));
      expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
      await preview(pdfScan);
      expect((await send(pdfScan, freshIp())).status).toBe(200);

      const passport = await createOrder();
      for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
        const body = name === 'step-document' ? { ...payload, document_type: 'passaporto', document_number: 'YA1234567', document_issuer: 'Questura di Roma' } : payload;
        expect((await call((c) => c.submitStep({ order_hash: passport, step_name: name }, body))).status).toBe(200);
      }
      await uploadIdentity(call, passport, 1);
      await preview(passport);
      expect((await send(passport, freshIp())).status).toBe(200);
    });

    it('needs a preview first', async () => {
      const hash = await readyOrder();
      const res = await send(hash, freshIp());
      expect(res.status).toBe(409);
      expect(res.body.error!.code).toBe('preview_required');
    });

    it('sends 6 digits to the outbox, answers the masked number, stores only a hash', async () => {
      const { hash, code, ip } = await orderWithCode();
      expect(code).toMatch(/^\d{6}$/);
      const [message] = await outbox('+393331234567');
      expect(message).toMatchObject({ channel: 'sms', destination: '+393331234567' });
      // `+` in a query string arrives as a space: the outbox still finds the number, and in its national spelling too.
      expect((await outbox('3331234567'))[0]).toEqual(message);
      const raw = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=+393331234567' });
      expect((raw.json() as { data: unknown[] }).data[0]).toEqual(message);

      advance(31_000);
      const res = await send(hash, ip);
      expect(res.body.data).toEqual({ sent: true, channel: 'sms', destination: '+39 3** *** **67', resend_after_seconds: 30 });
      const rows = await t.db.selectFrom('signature_otps').selectAll().where('order_id', '=', await orderId(hash)).execute();
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(JSON.stringify(row)).not.toContain(await latestCode());
      expect(rows.filter((r) => r.invalidated_at === null)).toHaveLength(1);
    });

    it('sends by email with a masked address', async () => {
      const hash = await readyOrder();
      await preview(hash);
      const res = await send(hash, freshIp(), 'email');
      expect(res.body.data).toMatchObject({ sent: true, channel: 'email', destination: 'm***@example.it' });
      const [message] = await outbox('mario.rossi@example.it');
      expect(message!.channel).toBe('email');
      expect(message!.text).toMatch(/\b\d{6}\b/);
    });

    it('keeps a 30 s cooldown and replaces the pending code', async () => {
      const { hash, code, ip } = await orderWithCode();
      advance(10_000);
      const early = await send(hash, ip);
      expect(early.status).toBe(429);
      expect(early.body.error).toMatchObject({ code: 'otp_cooldown', retry_after_seconds: 20 });
      expect(early.retryAfter).toBe('20');
      advance(21_000);
      expect((await send(hash, ip)).status).toBe(200);
      const fresh = await latestCode();
      // The old code no longer signs (unless the random source repeated itself).
      if (fresh !== code) expect((await sign(hash, code)).body.error!.code).toBe('otp_wrong');
    });

    it('sends at most 5 codes per order an hour', async () => {
      const { hash, ip } = await orderWithCode();
      for (let i = 2; i <= 5; i++) {
        advance(31_000);
        expect((await send(hash, ip)).status).toBe(200);
      }
      advance(31_000);
      const sixth = await send(hash, ip);
      expect(sixth.status).toBe(429);
      expect(sixth.body.error!.code).toBe('otp_send_limit');
      expect(sixth.body.error!.retry_after_seconds).toBeGreaterThan(0);
      expect(sixth.retryAfter).toBe(String(sixth.body.error!.retry_after_seconds));
      advance(3_600_000);
      expect((await send(hash, ip)).status).toBe(200);
    });

    it('limits the codes asked from one IP across orders', async () => {
      const ip = freshIp();
      const first = await orderWithCode(ip);
      for (let i = 2; i <= 5; i++) { advance(31_000); expect((await send(first.hash, ip)).status).toBe(200); }
      const second = await readyOrder();
      await preview(second);
      for (let i = 1; i <= 3; i++) { advance(31_000); expect((await send(second, ip)).status).toBe(200); }
      advance(31_000);
      const refused = await send(second, ip);
      expect(refused.status).toBe(429);
      expect(refused.body.error!.code).toBe('otp_ip_limit');
      expect(Number(refused.retryAfter)).toBe(refused.body.error!.retry_after_seconds);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await send(second, freshIp())).status).toBe(200);
    });

    it('answers 503 otp_delivery_failed when the provider fails, and voids that code', async () => {
      const failing: MessageChannels = {
        sms: { kind: 'sms', isOutbox: false, send: async () => { throw new MessageDeliveryError('SMS: il provider ha risposto 500'); } },
        email: null,
        close: () => undefined,
      };
      const other = await buildTestApp(dialect, {
        coverage: true,
        modules: [catalogModule, createOrdersModule({ now: () => START }), createDocumentsModule({ now: () => START }), createSignatureModule({ channels: () => failing })],
      });
      try {
        const api = createInjectClient(other.app);
        const p = <T>(request: Promise<T>) => settle(request, api);
        const hash = (await p(api.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101 }))).body.data!.hash as string;
        for (const [name, payload] of Object.entries(PRIVATO_STEPS)) expect((await p(api.submitStep({ order_hash: hash, step_name: name }, payload))).status).toBe(200);
        await uploadIdentity((make) => p(make(api)), hash);
        expect((await p(api.contractPreview({ order_hash: hash }))).status).toBe(200);
        const res = await expectRefusal(api.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED }), api);
        expect(res.status).toBe(503);
        expect(res.body.error.code).toBe('otp_delivery_failed');
        const email = await expectRefusal(api.sendOtp({ order_hash: hash }, { mode: 'email', ...ACCEPTED }), api);
        expect(email.body.error.code).toBe('otp_channel_unavailable');
        const rows = await other.db.selectFrom('signature_otps').select('invalidated_at').execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.invalidated_at).not.toBeNull();
      } finally {
        await other.close();
      }
    });
  });

  describe('sign-with-otp', () => {
    it('signs: stores the signed PDF with its evidence page, appends evidence, marks the order signed', async () => {
      const { hash, code } = await orderWithCode();
      const previewSha = ((await preview(hash)).body.data as { sha256: string }).sha256;
      const res = await sign(hash, code, '203.0.113.7');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as {
        signed: true; order: { id: string; hash: string; status: string }; signed_at: string; document_sha256: string;
        files: { signed_contract_url: string; evidence_bundle_url: string; expires_at: string };
      };
      expect(data).toMatchObject({ signed: true, order: { hash, status: 'signed' } });
      expect((await getOrderForSignature(t.db, hash)).status).toBe('signed');
      // The back office starts here: its status and the signature's time, in the signing transaction.
      const signedRow = await t.db.selectFrom('orders').select(['workflow_status', 'signed_at']).where('hash', '=', hash).executeTakeFirstOrThrow();
      expect(signedRow).toEqual({ workflow_status: 'signed', signed_at: data.signed_at });

      const id = await orderId(hash);
      const evidence = await t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', id).execute();
      expect(evidence).toEqual([expect.objectContaining({
        channel: 'sms', masked_destination: '+39 3** *** **67', ip: '203.0.113.7', user_agent: 'vitest-agent/1.0',
        preview_sha256: previewSha, signed_sha256: data.document_sha256, signed_at: data.signed_at,
      })]);

      // The answer's one-hour link opens the signed contract; the order's hash alone does not.
      expect(Date.parse(data.files.expires_at) - Date.parse(data.signed_at)).toBeLessThanOrEqual(3_600_000);
      expect((await t.app.inject({ method: 'GET', url: `/api/orders/${hash}/signed-contract` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/orders/${hash}/evidence-bundle` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: data.files.evidence_bundle_url })).statusCode).toBe(200);
      const download = await t.app.inject({ method: 'GET', url: data.files.signed_contract_url });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/);
      const signed = download.rawPayload;
      expect(sha256(signed)).toBe(data.document_sha256);
      const text = await pdfText(signed);
      const { order_number: orderNumber } = await getOrderForSignature(t.db, hash);
      for (const needle of ['Mario Rossi', 'Attestazione di firma elettronica', '+39 3** *** **67', '203.0.113.7', 'vitest-agent/1.0', orderNumber,
        'Sintesi contrattuale', 'SHA-256 della sintesi contrattuale', 'Documento di identità', 'Sintesi contrattuale letta prima della firma']) {
        // Labels wrap in their column: compared without spaces.
        expect(text.replace(/\s+/g, ''), needle).toContain(needle.replace(/\s+/g, ''));
      }
      const summaryRow = await t.db.selectFrom('contract_documents').selectAll().where('order_id', '=', id).where('kind', '=', 'summary').executeTakeFirstOrThrow();
      expect(text.replace(/\s+/g, '')).toContain(previewSha);
      expect(text.replace(/\s+/g, '')).toContain(summaryRow.sha256);
      // The contract's pages, then the summary's, then the evidence page.
      const previewPages = (await PDFDocument.load(readFileSync(path.join(t.config.storageDir, id, `contract-preview-${previewSha}.pdf`)))).getPageCount();
      expect((await PDFDocument.load(signed)).getPageCount()).toBe(previewPages + 2);
      // The provider's seal: an independent verifier (poppler's pdfsig) finds it valid over the whole file.
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'signed-')), 'contratto.pdf');
      writeFileSync(file, signed);
      const report = execFileSync('pdfsig', [file], { encoding: 'utf8' });
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Total document signed');
    });

    it('refuses a replayed code, and the order is locked afterwards', async () => {
      const { hash, code } = await orderWithCode();
      expect((await sign(hash, code)).status).toBe(200);
      const replay = await sign(hash, code);
      expect(replay.status).toBe(409);
      expect(replay.body.error!.code).toBe('already_signed');
      expect((await preview(hash)).body.error!.code).toBe('already_signed');
      expect((await changeNumber(hash, '3339998877')).body.error!.code).toBe('already_signed');
    });

    it('says how many attempts are left and locks after 5 wrong codes', async () => {
      const { hash, code } = await orderWithCode();
      for (const left of [4, 3, 2, 1, 0]) {
        const res = await sign(hash, wrongCode(code));
        expect(res.status).toBe(422);
        expect(res.body.error).toMatchObject({ code: 'otp_wrong', attempts_left: left, fields: { otp: expect.any(String) } });
      }
      const locked = await sign(hash, code);
      expect(locked.status).toBe(423);
      expect(locked.body.error).toMatchObject({ code: 'otp_locked', attempts_left: 0 });
      // A new code unlocks.
      advance(31_000);
      await send(hash, freshIp());
      expect((await sign(hash, await latestCode())).status).toBe(200);
    });

    it('refuses an expired code', async () => {
      const { hash, code } = await orderWithCode();
      advance(10 * 60_000 + 1_000);
      const res = await sign(hash, code);
      expect(res.status).toBe(410);
      expect(res.body.error!.code).toBe('otp_expired');
    });

    it('refuses signing before any code was sent', async () => {
      const hash = await readyOrder();
      await preview(hash);
      expect((await sign(hash, '123456')).body.error!.code).toBe('otp_required');
      expect((await sign(hash, '12345')).status).toBe(422);
    });

    it('signs once on a double click', async () => {
      const { hash, code } = await orderWithCode();
      const results = await Promise.all([sign(hash, code), sign(hash, code), sign(hash, code)]);
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(409);
        expect(['otp_used', 'already_signed']).toContain(r.body.error!.code);
      }
      const id = await orderId(hash);
      expect(await t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', id).execute()).toHaveLength(1);
      const signedDocs = await t.db.selectFrom('contract_documents').selectAll().where('order_id', '=', id).where('kind', '=', 'signed').execute();
      expect(signedDocs).toHaveLength(1);
      expect(existsSync(path.join(t.config.storageDir, signedDocs[0]!.path))).toBe(true);
    });

    it('counts 50 parallel wrong guesses as exactly 5 attempts', async () => {
      const { hash, code } = await orderWithCode();
      const results = await Promise.all(Array.from({ length: 50 }, () => sign(hash, wrongCode(code))));
      const codes = results.map((r) => r.body.error!.code);
      expect(codes.filter((c) => c === 'otp_wrong')).toHaveLength(5);
      expect(codes.filter((c) => c === 'otp_locked')).toHaveLength(45);
      expect(results.filter((r) => r.body.error!.code === 'otp_wrong').map((r) => r.body.error!.attempts_left).sort()).toEqual([0, 1, 2, 3, 4]);
      const row = await t.db.selectFrom('signature_otps').select('attempts').where('order_id', '=', await orderId(hash))
        .where('invalidated_at', 'is', null).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(5);
      expect((await sign(hash, code)).body.error!.code).toBe('otp_locked');
    });
  });

  describe('change-mobile-phone-number', () => {
    it('is refused while a code is pending; once confirmed after going back it voids the code and asks for a new preview; the next code goes to the new number', async () => {
      const { hash, code, ip } = await orderWithCode();
      const frozen = await changeNumber(hash, '+393471112299');
      expect(frozen.status).toBe(409);
      expect(frozen.body.error!.code).toBe('contract_frozen');
      expect((await call((c) => c.reopenOrder({ order_hash: hash }))).status).toBe(200);
      const res = await changeNumber(hash, '+393471112299');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ pending: true, destination: '+39 3** *** **99' });
      // The new number proves itself with the code it received (mobile-number-change.test.ts has the rest).
      const otp = await latestCode('+393471112299');
      const confirmed = await call((c) => c.confirmMobilePhoneNumber({ order_hash: hash }, { otp }));
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect((await sign(hash, code)).body.error!.code).toBe('otp_invalidated');
      advance(31_000);
      expect((await send(hash, ip)).body.error!.code).toBe('preview_required');
      const text = await pdfText(Buffer.from(((await preview(hash)).body.data as { pdf_base64: string }).pdf_base64, 'base64'));
      expect(text).toContain('3471112299');
      const sent = await send(hash, ip);
      expect(sent.body.data).toMatchObject({ destination: '+39 3** *** **99' });
      expect((await sign(hash, await latestCode('+393471112299'))).status).toBe(200);
    });

    it('refuses a number that is not an Italian mobile', async () => {
      const hash = await readyOrder();
      const res = await changeNumber(hash, '0612345678');
      expect(res.status).toBe(422);
      expect(res.body.error!.fields).toHaveProperty('mobile_phone_number');
    });
  });

  it('has no signed contract to download before signing', async () => {
    const hash = await readyOrder();
    // Even with a genuine link: nothing is signed yet.
    const res = await t.app.inject({ method: 'GET', url: customerFilePath(t.config, hash, 'signed_contract') });
    expect(res.statusCode).toBe(404);
    expect((res.json() as WireEnvelope).error!.code).toBe('not_found');
  });

  it('lists the outbox newest first', async () => {
    const all = await outbox();
    expect(all.length).toBeGreaterThan(1);
    const times = all.map((m) => m.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
  it('counts no code kept in the development outbox per destination (it reaches nobody)', async () => {
    for (let i = 0; i <= DEFAULT_SEND_LIMITS.knownPerHour; i++) await orderWithCode();
    expect(await t.db.selectFrom('otp_destination_sends').select('id').execute()).toEqual([]);
  });
});

describeEachDialect('development outbox', (dialect) => {
  let t: TestApp;
  // Behind a proxy setting that believes X-Forwarded-For: the outbox must look at the socket, not req.ip.
  beforeAll(async () => { t = await buildTestApp(dialect, { coverage: true, config: { trustProxy: 1 }, modules: [createSignatureModule()] }); });
  afterAll(async () => t.close());

  const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393331234567', remoteAddress, headers });

  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('answers a client on this machine (%s)', async (address) => {
    const res = await get(address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, data: [] });
  });

  it.each([
    ['another machine', '10.1.2.3', {}],
    ['another machine claiming to be this one', '10.1.2.3', { 'x-forwarded-for': '127.0.0.1' }],
    ['another machine over IPv6', '2001:db8::1', { 'x-forwarded-for': '::1' }],
  ])('answers %s with the 404 envelope', async (_name, address, headers) => {
    const res = await get(address, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: false, error: { code: 'not_found', message: 'Risorsa non trovata.', request_id: expect.any(String) } });
  });
});

describe('signature in production', () => {
  // The provider's seal certificate, as production configures it (a file and its passphrase).
  const sealFile = path.join(mkdtempSync(path.join(tmpdir(), 'seal-')), 'seal.p12');
  writeFileSync(sealFile, selfSignedSeal('Fibra Viva S.p.A.', 'seal-pass'));
  const production = (overrides: Parameters<typeof testConfig>[0] = {}) => testConfig({
    nodeEnv: 'production', publicApiKey: 'prod-key-123456', otpPepper: 'p'.repeat(32), smtpUrl: 'smtp://127.0.0.1:2525',
    sealP12Path: sealFile, sealP12Passphrase: 'seal-pass', ...overrides,
  });

  it('serves no development outbox', async () => {
    const handle = createDb('sqlite::memory:');
    const app = await buildApp(production(), { db: handle.db, modules: [createSignatureModule()] });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
      expect((res.json() as WireEnvelope).error!.code).toBe('not_found');
    } finally {
      await app.close();
      await handle.destroy();
    }
  });

  it.each([
    [{ smtpUrl: undefined, smsApiUrl: undefined }, /SMTP_URL \/ SMS_API_URL/],
    [{ otpPepper: undefined }, /OTP_PEPPER/],
    [{ sealP12Path: undefined }, /SEAL_P12_PATH/],
  ])('refuses to start without %o', async (overrides, message) => {
    const handle = createDb('sqlite::memory:');
    await expect(buildApp(production(overrides), { db: handle.db, modules: [createSignatureModule()] })).rejects.toThrow(message);
    await handle.destroy();
  });
});
