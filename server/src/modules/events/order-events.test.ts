import { createHash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { orderDocumentUploadedDataSchema, orderSignedDataSchema, orderWithdrawnDataSchema, webhookEnvelopeSchema } from '@checkout/contract';
import { TestReceiver } from '../../infra/webhook/test-receiver';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';
import { createEventsModule } from './routes';

/*
 * The order's events from the checkout's own calls, on the real modules: signing writes `order.signed`
 * in the signature's transaction, and the provider receives it signed, with the order as signed and
 * links to its files; documents and the withdrawal follow, in order.
 */

const SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const BASE = 'https://checkout.example.it';
const DAY = 86_400_000;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function multipart(kind: string, filename: string, bytes: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const b = `----t${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) => `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(field('api_key', DEMO_PUBLIC_API_KEY) + field('kind', kind)),
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
      bytes, Buffer.from(`\r\n--${b}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${b}` },
  };
}

describeEachDialect('order events to the provider', (dialect) => {
  const receiver = new TestReceiver(() => ({ status: 204, body: '' }));
  beforeAll(async () => receiver.start(0));
  afterAll(async () => receiver.stop());
  const h = signingHarness(dialect, '2026-03-01T10:00:00Z', {
    config: () => ({ webhook: { url: receiver.url, secret: SECRET, timeoutMs: 5000 }, publicBaseUrl: BASE }),
    moreModules: (now) => [createEventsModule({ now, pollMs: 20 })],
  });

  const orderId = async (hash: string) => (await h.row(hash)).id;
  const eventsOf = (id: string) => h.t.db.selectFrom('outbox_events').selectAll().where('subject_id', '=', id).orderBy('seq').execute();
  /** What the receiver got for one order, in arrival order, verified with the library. */
  const received = (id: string) => receiver.requests
    .map((r) => ({ id: r.headers['webhook-id'] as string, envelope: webhookEnvelopeSchema.parse(new Webhook(SECRET).verify(r.rawBody, r.headers as Record<string, string>)) }))
    .filter((r) => r.envelope.data.order_id === id);
  const get = (url: string) => h.t.app.inject({ method: 'GET', url: url.slice(BASE.length), headers: { 'user-agent': 'provider-bss/1.0' } });
  const upload = async (hash: string, kind: string, bytes: Buffer) => {
    const res = await h.t.app.inject({ method: 'POST', url: `/api/orders/${hash}/document-upload`, ...multipart(kind, 'documento fronte.png', bytes) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { id: string } }).data.id;
  };

  it('signing writes order.signed with the signature; the provider gets the order as signed, and links to its files that work, then expire', async () => {
    // The back of the card from the harness, its front here.
    const hash = await h.readyOrder({}, { identitySides: 1 });
    const identity = await upload(hash, 'identity_document', PNG);
    await h.preview(hash);
    const code = await h.sendCode(hash);
    const id = await orderId(hash);
    // A wrong code signs nothing, and writes no event.
    expect((await h.sign(hash, code === '000000' ? '111111' : '000000')).status).toBe(422);
    expect(await eventsOf(id)).toHaveLength(0);

    expect((await h.sign(hash, code)).status).toBe(200);
    const [event, ...others] = await eventsOf(id);
    // Then the signature as a status move (the one table's ready_to_sign → signed), after the event that tells the order.
    expect(others.map((e) => [e.type, Number(e.seq), JSON.parse(e.payload_json) as unknown])).toEqual([['order.status_changed', 2, expect.objectContaining({ from: 'ready_to_sign', to: 'signed', by: 'customer' })]]);
    expect(event).toMatchObject({ type: 'order.signed', subject_kind: 'order', seq: 1, created_at: new Date(h.clock.ms).toISOString() });
    const targets = await h.t.db.selectFrom('outbox_deliveries').select(['target', 'template']).where('event_id', '=', event!.id).orderBy('target').execute();
    expect(targets).toEqual([{ target: 'email', template: 'contract_signed' }, { target: 'sms', template: 'contract_signed' }, { target: 'webhook', template: null }]);

    await expect.poll(() => received(id).length, { timeout: 5000 }).toBe(2);
    // In the order they were written: the order first, then the signature's move.
    expect(received(id).map((r) => r.envelope.type)).toEqual(['order.signed', 'order.status_changed']);
    const [delivery] = received(id);
    expect(delivery!.id).toBe(event!.id);
    expect(delivery!.envelope).toMatchObject({ type: 'order.signed', timestamp: event!.created_at });
    const data = orderSignedDataSchema.strict().parse(delivery!.envelope.data);
    const row = await h.row(hash);
    expect(data).toMatchObject({
      order_id: id, order_number: row.order_number, customer_type: 'privato', signed_at: event!.created_at,
      customer: { kind: 'person', first_name: 'Mario', last_name: 'Rossi', tax_code: 'RSSMRA80A01H501U', birth_date: '1980-01-01', contact: { email: 'mario.rossi@example.it' } },
      installation_address: { street: 'Via Roma', number: '1', zip: '00185', city: 'Roma', province: 'RM', formatted: 'Via Roma 1, 00185 Roma (RM)' },
      offer: { id: 101 },
      sepa_mandate: { iban: 'IT60X0542811101000000123456', scheme: 'CORE', debtor_name: 'Mario Rossi' },
      signature: { channel: 'sms' },
      documents: expect.arrayContaining([expect.objectContaining({ id: identity, kind: 'identity_document', mime: 'image/png' })]),
    });
    expect(data.documents).toHaveLength(2);
    // Euros, and the lines add up to the totals the contract prints (and the order stores in cents).
    const sum = (k: 'monthly' | 'one_off') => Math.round(data.price_lines.reduce((s, l) => s + l[k], 0) * 100);
    expect(sum('monthly')).toBe(row.monthly_cents);
    expect(sum('one_off')).toBe(row.one_off_cents);
    expect(data.totals).toEqual({ monthly: row.monthly_cents / 100, one_off: row.one_off_cents / 100, vat_included: true });
    expect(data.consents.map((c) => [c.consent, c.granted])).toEqual([
      ['privacy_consent', true], ['marketing_consent', false], ['profiling_consent', false], ['third_party_consent', false],
    ]);

    // The links serve exactly the signed files, to anyone holding them, each download audited.
    const contract = await get(data.files.contract!.url);
    expect(contract.statusCode).toBe(200);
    expect(contract.headers['content-type']).toBe('application/pdf');
    expect(contract.headers['cache-control']).toBe('no-store');
    const signedPdf = (await h.download(hash, 'signed_contract')).rawPayload;
    expect(sha256(contract.rawPayload)).toBe(sha256(signedPdf));
    expect(sha256(contract.rawPayload)).toBe(data.signature.contract_sha256);
    expect(data.files.contract!.sha256).toBe(data.signature.contract_sha256);
    const summary = await get(data.files.contract_summary!.url);
    expect(summary.statusCode).toBe(200);
    expect(sha256(summary.rawPayload)).toBe(data.files.contract_summary!.sha256);
    expect(summary.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Both sides of the card are linked; the front uploaded here is downloaded.
    expect(data.files.documents).toHaveLength(2);
    const document = data.files.documents.find((d) => d.document_id === identity);
    expect(document).toMatchObject({ document_id: identity, content_type: 'image/png' });
    const image = await get(document!.url);
    expect(image.statusCode).toBe(200);
    expect(sha256(image.rawPayload)).toBe(data.documents.find((d) => d.id === identity)!.sha256);
    const audits = await h.t.db.selectFrom('audit_log').selectAll().where('action', '=', 'event_file_downloaded').where('target_id', '=', id).execute();
    expect(audits.map((a) => JSON.parse(a.detail_json) as unknown)).toEqual([{ file: 'contract' }, { file: 'summary' }, { file: 'document', document_id: identity }]);
    expect(audits[0]).toMatchObject({ operator_id: null, user_agent: 'provider-bss/1.0' });

    // A link altered by a character, or read after its 7 days, is a 404 that opens nothing.
    const token = data.files.contract!.url.split('/').pop()!;
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await get(`${BASE}/api/events/files/${altered}`)).statusCode).toBe(404);
    expect(data.files.contract!.expires_at).toBe(new Date(h.clock.ms + 7 * DAY).toISOString());
    h.clock.ms += 7 * DAY - 1000;
    expect((await get(data.files.contract!.url)).statusCode).toBe(200);
    h.clock.ms += 1000;
    const expired = await get(data.files.contract!.url);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ result: false, error: { code: 'not_found' } });
  });

  it('a signature whose event cannot be written does not happen: the order stays unsigned', async () => {
    const hash = await h.readyOrder();
    await h.preview(hash);
    const code = await h.sendCode(hash);
    const id = await orderId(hash);
    // The outbox refuses the write (its table is briefly gone): the signature's transaction must fail whole.
    await h.t.db.schema.alterTable('outbox_deliveries').renameTo('outbox_deliveries_away').execute();
    try {
      expect((await h.sign(hash, code)).status).toBe(500);
    } finally {
      await h.t.db.schema.alterTable('outbox_deliveries_away').renameTo('outbox_deliveries').execute();
    }
    expect((await h.row(hash)).status).toBe('ready_to_sign');
    expect(await h.t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', id).execute()).toHaveLength(0);
    expect(await eventsOf(id)).toHaveLength(0);
    // The code is still unused: the customer signs again and the event goes with it.
    expect((await h.sign(hash, code)).status).toBe(200);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['order.signed', 'order.status_changed']);
  });

  it('a double click signs once and writes one order.signed', async () => {
    const hash = await h.readyOrder();
    await h.preview(hash);
    const code = await h.sendCode(hash);
    const statuses = (await Promise.all([h.sign(hash, code), h.sign(hash, code)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect((await eventsOf(await orderId(hash))).map((e) => e.type)).toEqual(['order.signed', 'order.status_changed']);
  });

  it('after the signature: each new document, the review resumed by a new identity document, the withdrawal; in order', async () => {
    const hash = await h.readyOrder();
    await h.preview(hash);
    expect((await h.sign(hash, await h.sendCode(hash))).status).toBe(200);
    const id = await orderId(hash);
    const row = await h.row(hash);

    const other = await upload(hash, 'other', PNG);
    // The back office asked for a new identity document: the upload gives the order back to the review.
    await h.t.db.updateTable('orders').set({ workflow_status: 'documents_to_redo' }).where('id', '=', id).execute();
    const identity = await upload(hash, 'identity_document', PNG);
    expect((await h.row(hash)).workflow_status).toBe('in_review');

    const sent = await h.call((c) => c.withdrawalSendOtp({ order_number: row.order_number, mode: 'sms' }));
    expect(sent.status).toBe(200);
    const challenge_id = sent.data!.challenge_id;
    expect((await h.call((c) => c.withdrawalConfirm({ order_number: row.order_number, otp: '', challenge_id }))).status).toBe(422);
    expect((await eventsOf(id)).map((e) => e.type)).not.toContain('order.withdrawn');
    expect((await h.call(async (c) => c.withdrawalConfirm({ order_number: row.order_number, otp: await h.latestCode(), challenge_id }))).status).toBe(200);

    const events = await eventsOf(id);
    // Both of the customer's moves (the review resumed, the withdrawal) are status moves like any other, through the one function.
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'order.signed'], [2, 'order.status_changed'], [3, 'order.document_uploaded'], [4, 'order.document_uploaded'], [5, 'order.status_changed'],
      [6, 'order.status_changed'], [7, 'order.withdrawn'],
    ]);
    await expect.poll(() => received(id).length, { timeout: 5000 }).toBe(7);
    const arrived = received(id);
    expect(arrived.map((r) => r.id)).toEqual(events.map((e) => e.id));

    const uploads = arrived.slice(2, 4).map((r) => orderDocumentUploadedDataSchema.strict().parse(r.envelope.data));
    expect(uploads.map((u) => [u.document.id, u.document.kind])).toEqual([[other, 'other'], [identity, 'identity_document']]);
    const file = await get(uploads[1]!.file!.url);
    expect(sha256(file.rawPayload)).toBe(uploads[1]!.document.sha256);
    expect(arrived[4]!.envelope.data).toMatchObject({ order_id: id, order_number: row.order_number, from: 'documents_to_redo', to: 'in_review', reason: null, customer_message: null, by: 'customer' });
    expect(arrived[5]!.envelope.data).toMatchObject({ order_id: id, order_number: row.order_number, from: 'in_review', to: 'withdrawn', reason: null, by: 'customer' });
    expect(orderWithdrawnDataSchema.strict().parse(arrived[6]!.envelope.data)).toEqual({
      order_id: id, order_number: row.order_number, withdrawn_at: new Date(h.clock.ms).toISOString(), channel: 'online',
    });
  });

  it('documents uploaded before the signature are no events of their own (order.signed lists them)', async () => {
    const hash = await h.readyOrder();
    await upload(hash, 'identity_document', PNG);
    expect(await eventsOf(await orderId(hash))).toHaveLength(0);
  });
});
