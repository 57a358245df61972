import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, consoleEndpoints } from '@checkout/contract';
import type { Config } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { ACCEPTED, FULL_SELECTION, uploadIdentity } from '../../../test/support/signing-harness';
import { catalogModule, seedPromoCodes } from '../catalog';
import { consoleAuthModule } from '../console-auth';
import { createDocumentsModule, storedFilePath } from '../documents';
import { createOrdersModule, moveOrderStatus } from '../orders';
import { createSignatureModule } from '../signature';
import { createConsoleOrdersModule } from './routes';
import { selectOrdersForExport } from './repository';
import { REVIEW_CLAIM_MS } from './service';

/** A 1×1 PNG: an identity document the upload accepts. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BASE_URL = 'https://negozio.example.it';
/** An approval's checklist: every check passed. */
const PASSED = { names_match: true, not_expired: true, readable: true, photo_present: true };

/** What a refused console call answered. */
async function refusal(call: Promise<unknown>): Promise<{ status: number; code: string; body: Record<string, unknown> }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) {
      const body = err.body as { error?: Record<string, unknown> } | undefined;
      return { status: err.status ?? 0, code: err.code, body: body?.error ?? {} };
    }
    throw err;
  }
  throw new Error('expected a refusal, the call resolved');
}

describeEachDialect('console orders', (dialect) => {
  const clock = { ms: Date.parse('2026-03-02T09:00:00Z') };
  const now = () => new Date(clock.ms);
  let t: TestApp;
  let admin: SignedInTestOperator;
  let back: SignedInTestOperator;
  let back2: SignedInTestOperator;
  let viewer: SignedInTestOperator;
  let ip = 0;
  const call = <T>(make: (c: InjectClient) => Promise<T>) =>
    injectCall(t.app, make, { remoteAddress: `10.7.0.${(++ip % 250) + 1}`, headers: { 'user-agent': 'vitest' } });

  const idOf = async (hash: string): Promise<string> =>
    (await t.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id;
  const orderRow = (id: string) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const audits = (action: string, targetId?: string) => {
    let q = t.db.selectFrom('audit_log').selectAll().where('action', '=', action);
    if (targetId) q = q.where('target_id', '=', targetId);
    return q.execute();
  };
  const outbox = async (to: string): Promise<string[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return (res.json() as { data: Array<{ text: string }> }).data.map((m) => m.text);
  };
  /** The order's outbox events after its signature's own (order.signed), in their order. */
  const eventsOf = async (orderId: string) => (await t.db.selectFrom('outbox_events').selectAll().where('subject_id', '=', orderId)
    .where('type', '!=', 'order.signed').orderBy('seq').execute())
    .map((e) => ({ id: e.id, type: e.type, seq: Number(e.seq), data: JSON.parse(e.payload_json) as Record<string, unknown> }));
  /** An event's deliveries: target and template. */
  const deliveriesOf = async (eventId: string) => (await t.db.selectFrom('outbox_deliveries').select(['target', 'template']).where('event_id', '=', eventId).orderBy('id').execute())
    .map((d) => [d.target, d.template]);
  /** Time passes while the operators keep working (a session ends after 30 idle minutes). */
  async function pass(ms: number): Promise<void> {
    for (let left = ms; left > 0; left -= 10 * 60_000) {
      clock.ms += Math.min(left, 10 * 60_000);
      for (const op of [admin, back, back2, viewer]) await op.client.session();
    }
  }
  /** A raw console GET with an operator's cookie (file calls). */
  const getFile = (op: SignedInTestOperator, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: op.cookie } });

  async function readyOrder(steps: Record<string, Record<string, unknown>> = {}): Promise<string> {
    const res = await call((c) => c.newOrder({ ...FULL_SELECTION }));
    expect(res.status, res.raw).toBe(200);
    const hash = (res.data as { hash: string }).hash;
    for (const [name, payload] of Object.entries({ ...PRIVATO_STEPS, ...steps })) {
      const step = await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
      expect(step.status, step.raw).toBe(200);
    }
    return hash;
  }

  /** `early`: the consumer asked to start within the 14 days (nothing then waits for the period). */
  async function signed(steps: Record<string, Record<string, unknown>> = {}, { early = false }: { early?: boolean } = {}): Promise<string> {
    const hash = await readyOrder(steps);
    await uploadIdentity(call, hash);
    expect((await call((c) => c.contractPreview({ order_hash: hash }))).status).toBe(200);
    clock.ms += 60_000;
    expect((await call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED, early_activation_requested: early }))).status).toBe(200);
    const [text] = await outbox('+393331234567');
    const otp = /è (\d{6})/.exec(text ?? '')![1]!;
    const res = await call((c) => c.signWithOtp({ order_hash: hash }, { otp }));
    expect(res.status, res.raw).toBe(200);
    return hash;
  }

  const upload = async (hash: string) => {
    const res = await call((c) => c.documentUpload({ order_hash: hash }, { kind: 'identity_document', file: new Blob([PNG], { type: 'image/png' }), filename: 'carta-identità.png' }));
    expect(res.status, res.raw).toBe(200);
    return res.data!.id;
  };

  // A: Mario Rossi, signed, with an identity document. B: Giulia Bianchi, a draft at step 1. C: signed, another email.
  let hashA: string; let hashB: string; let hashC: string;
  let idA: string; let idB: string; let idC: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      now,
      config: { publicBaseUrl: BASE_URL } as Partial<Config>,
      modules: [
        catalogModule, createOrdersModule(), createDocumentsModule(),
        createSignatureModule({ sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
        consoleAuthModule, createConsoleOrdersModule(),
      ],
    });
    await seedPromoCodes(t.db);
    admin = await signInOperator(t.app, t.db, 'admin', { now, name: 'Ada Admin' });
    back = await signInOperator(t.app, t.db, 'backoffice', { now, name: 'Bruno Back' });
    back2 = await signInOperator(t.app, t.db, 'backoffice', { now, name: 'Carla Seconda' });
    viewer = await signInOperator(t.app, t.db, 'viewer', { now, name: 'Vera Vista' });

    hashA = await signed();
    await upload(hashA);
    const draft = await call((c) => c.newOrder({ ...FULL_SELECTION }));
    hashB = (draft.data as { hash: string }).hash;
    expect((await call((c) => c.submitStep({ order_hash: hashB, step_name: 'step-contact' }, {
      first_name: 'Giulia', last_name: 'Bianchi', email: 'giulia.b@example.it', mobile_phone_number: '347 765 4321', privacy_consent: true,
    }))).status).toBe(200);
    clock.ms += 60_000;
    hashC = await signed({ 'step-contact': { ...PRIVATO_STEPS['step-contact'], email: 'm.rossi.due@example.it' } }, { early: true });
    [idA, idB, idC] = [await idOf(hashA), await idOf(hashB), await idOf(hashC)];
  });
  afterAll(async () => t.close());

  describe('list', () => {
    const ids = (r: { items: Array<{ id: string }> }) => r.items.map((i) => i.id).sort();

    it('finds an order by name prefix, either order of the words, codice fiscale, email, phone, number and hash', async () => {
      const orderNumber = (await orderRow(idA)).order_number;
      const cases: Array<[string, string[]]> = [
        ['giulia bi', [idB]], ['bianchi', [idB]], ['Mario Ro', [idA, idC]], ['rossi mario', [idA, idC]],
        ['rssmra80a01h501u', [idA, idC]], ['mario.rossi@', [idA]], ['giulia.b', [idB]], ['347 765', [idB]], ['+39 347-765-4321', [idB]],
        [orderNumber.toLowerCase(), [idA]], [hashB, [idB]], ['nessuno', []],
      ];
      for (const [q, expected] of cases) {
        expect(ids(await back.client.listOrders({ q })), q).toEqual([...expected].sort());
      }
    });

    it('follows a step sent again: the search columns change with the fields', async () => {
      expect((await call((c) => c.submitStep({ order_hash: hashB, step_name: 'step-contact' }, {
        first_name: 'Giulia', last_name: 'Bianchi', email: 'giulia.nuova@example.it', mobile_phone_number: '347 765 4321', privacy_consent: true,
      }))).status).toBe(200);
      expect(ids(await back.client.listOrders({ q: 'giulia.nuova@' }))).toEqual([idB]);
      expect((await back.client.listOrders({ q: 'giulia.b@' })).total).toBe(0);
    });

    it('filters by status, customer type, technology, offer, dates and documents to review', async () => {
      expect(ids(await back.client.listOrders({ status: 'signed' }))).toEqual([idA, idC].sort());
      expect(ids(await back.client.listOrders({ status: 'in_progress' }))).toEqual([idB]);
      // Every signed order has its identity document to review (the code is sent only once it is on file); the draft has none.
      expect(ids(await back.client.listOrders({ documents_to_review: '1' }))).toEqual([idA, idC].sort());
      expect(ids(await back.client.listOrders({ documents_to_review: '0' }))).toEqual([idB]);
      expect((await back.client.listOrders({ customer_type: 'business' })).total).toBe(0);
      expect((await back.client.listOrders({ offer_id: 101 })).total).toBe(3);
      expect((await back.client.listOrders({ offer_id: 999 })).total).toBe(0);
      expect((await back.client.listOrders({ from: '2026-03-02', to: '2026-03-02' })).total).toBe(3);
      expect((await back.client.listOrders({ to: '2026-03-01' })).total).toBe(0);
      expect((await back.client.listOrders({ status: 'signed', q: 'giulia' })).total).toBe(0);
    });

    it('pages and sorts on the server', async () => {
      const first = await back.client.listOrders({ page_size: 2, sort: 'created_at', dir: 'asc' });
      expect(first.total).toBe(3);
      expect(first.items.map((i) => i.id)).toEqual([idA, idB]);
      const second = await back.client.listOrders({ page: 2, page_size: 2, sort: 'created_at', dir: 'asc' });
      expect(second.items.map((i) => i.id)).toEqual([idC]);
      expect((await back.client.listOrders({ sort: 'created_at', dir: 'desc' })).items[0]!.id).toBe(idC);
      expect((await back.client.listOrders({ sort: 'signed_at', dir: 'desc', status: 'signed' })).items.map((i) => i.id)).toEqual([idC, idA]);
      expect((await back.client.listOrders({ sort: 'status', dir: 'asc' })).items.map((i) => i.status)).toEqual(['in_progress', 'signed', 'signed']);
    });

    it('exports in key-set pages: every order once, newest first, whatever the page size', async () => {
      const seen: string[] = [];
      for await (const batch of selectOrdersForExport(t.db, { term: null }, 2)) seen.push(...batch.map((r) => r.id));
      expect(seen).toEqual([idC, idB, idA]);
    });

    it('refuses a bad query with the validation envelope, not a 5xx', async () => {
      const bad = await refusal(back.client.listOrders({ page_size: 500 }));
      expect([bad.status, bad.code]).toEqual([422, 'validation_error']);
      const res = await getFile(back, `${consoleEndpoints.listOrders.path}?status=nonsense&from=ieri`);
      expect(res.statusCode).toBe(422);
      for (const path of [consoleEndpoints.listOrders.path, consoleEndpoints.exportOrders.path]) {
        const noDay = await getFile(back, `${path}?to=2026-02-30`);
        expect(noDay.statusCode, path).toBe(422);
        expect(noDay.json()).toMatchObject({ result: false, error: { code: 'validation_error', fields: { to: 'Data non valida (AAAA-MM-GG)' } } });
      }
    });

    it('masks the customer name for a viewer', async () => {
      const list = await viewer.client.listOrders({ q: 'giulia' });
      expect(list.items[0]!.customer_name).toBe('G*** B***');
      // The hash opens the customer's pages: a viewer does not get it.
      expect(list.items[0]!.hash).toBe(`${hashB.slice(0, 4)}…`);
      expect((await back.client.listOrders({ q: 'giulia' })).items[0]!.hash).toBe(hashB);
      expect((await back.client.listOrders({ q: 'giulia' })).items[0]!.customer_name).toBe('Giulia Bianchi');
    });

    it('records one read per page shown in clear, with its filters and the search masked; none for a masked page', async () => {
      const before = (await audits('orders_listed')).length;
      await viewer.client.listOrders({ q: 'RSSMRA80A01H501U' });
      expect(await audits('orders_listed')).toHaveLength(before);
      const page = await back.client.listOrders({ q: 'rssmra80a01h501u', status: 'signed', page_size: 10 });
      const records = await audits('orders_listed');
      expect(records).toHaveLength(before + 1);
      const record = records.find((r) => r.operator_id === back.operator.id && r.detail_json.includes('"status":"signed"') && r.detail_json.includes('fiscal_code'))!;
      expect(JSON.parse(record.detail_json)).toEqual({
        filters: { status: 'signed' }, search: { kind: 'fiscal_code', masked: '*************01u' }, page: 1, shown: page.items.length, total: page.total,
      });
      expect([record.target_type, record.ip, record.user_agent]).toEqual([null, '127.0.0.1', 'lightMyRequest']);
      // Nowhere in the log in clear: not the list's search, not the export's.
      await getFile(back, `${consoleEndpoints.exportOrders.path}?q=mario.rossi%40example.it`);
      const log = JSON.stringify(await t.db.selectFrom('audit_log').select('detail_json').execute());
      for (const secret of ['rssmra80a01h501u', 'RSSMRA80A01H501U', 'mario.rossi@example.it']) expect(log).not.toContain(secret);
      expect(log).toContain('m***@example.it');
    });
  });

  describe('CSV export', () => {
    it('has the personal columns only for a role that sees personal data, and is audited', async () => {
      const full = await getFile(back, `${consoleEndpoints.exportOrders.path}?q=rossi`);
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toMatch(/^text\/csv/);
      expect(full.headers['content-disposition']).toMatch(/^attachment; filename="ordini-\d{4}-\d{2}-\d{2}\.csv"$/);
      const lines = full.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(lines[0]).toContain('codice_fiscale');
      expect(lines).toHaveLength(3);
      expect(full.body).toContain('RSSMRA80A01H501U');
      expect(full.body).toContain('mario.rossi@example.it');

      const masked = await getFile(viewer, `${consoleEndpoints.exportOrders.path}?q=rossi`);
      expect(masked.statusCode).toBe(200);
      const maskedLines = masked.body.replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(maskedLines[0]).not.toContain('codice_fiscale');
      expect(maskedLines[0]).not.toContain('email');
      expect(maskedLines).toHaveLength(3);
      expect(masked.body).not.toContain('RSSMRA80A01H501U');
      expect(masked.body).not.toContain('@example.it');
      expect(masked.body).not.toContain('Rossi');

      const records = await audits('orders_exported');
      const byOperator = new Map(records.map((r) => [r.operator_id, JSON.parse(r.detail_json) as { personal_columns: boolean }]));
      expect(byOperator.get(back.operator.id)?.personal_columns).toBe(true);
      expect(byOperator.get(viewer.operator.id)?.personal_columns).toBe(false);
    });
  });

  describe('order page', () => {
    it('shows the customer data by step, the priced offer, documents, files, evidence and the moves the role may make', async () => {
      const detail = await back.client.getOrder({ order_id: idA });
      expect(detail.masked).toBe(false);
      expect(detail.steps.map((s) => s.step)).toEqual(['step-contact', 'step-personal', 'step-address', 'step-payment', 'step-document']);
      const personal = detail.steps.find((s) => s.step === 'step-personal')!;
      expect(personal.rows).toContainEqual({ label: 'Codice fiscale', value: 'RSSMRA80A01H501U' });
      const row = await orderRow(idA);
      expect(detail.offer!.monthly_total_cents).toBe(Number(row.monthly_cents));
      // The contract's lines, the offer's own first, and they add up to the totals the page prints.
      expect(detail.offer!.lines[0]!.name).toContain(detail.offer!.name);
      expect(detail.offer!.lines.reduce((sum, l) => sum + l.monthly_cents, 0)).toBe(detail.offer!.monthly_total_cents);
      expect(detail.offer!.lines.reduce((sum, l) => sum + l.one_off_cents, 0)).toBe(detail.offer!.one_off_total_cents);
      // Front and back before signing, one more after.
      expect(detail.documents).toHaveLength(3);
      expect(detail.documents[0]!.review).toBeNull();
      expect(detail.contract_files.map((f) => f.kind).sort()).toEqual(['contract', 'signed', 'summary']);
      expect(detail.has_signature_evidence).toBe(true);
      expect(detail.transitions.map((m) => m.to).sort()).toEqual(['cancelled', 'in_review', 'withdrawn']);
      // The signature's own entry, written by its move (not made up from the order's dates).
      expect(detail.timeline.filter((e) => e.to_status === 'signed')).toEqual([
        expect.objectContaining({ kind: 'status', from_status: 'ready_to_sign', text: 'Firmato online con il codice monouso.', operator_name: null }),
      ]);
      // A viewer may make no move.
      expect((await viewer.client.getOrder({ order_id: idA })).transitions).toEqual([]);
      // Read in clear: one record per read, the operator's, from where; the viewer's masked page none.
      const reads = (await audits('order_viewed', idA)).filter((r) => r.operator_id === back.operator.id);
      expect(reads.map((r) => [r.target_type, r.ip, r.user_agent, JSON.parse(r.detail_json) as unknown])).toEqual([
        ['order', '127.0.0.1', 'lightMyRequest', { order_number: row.order_number }],
      ]);
    });

    it('masks personal data for a viewer until revealed, and audits each reveal', async () => {
      const masked = await viewer.client.getOrder({ order_id: idA });
      expect(masked.masked).toBe(true);
      const text = JSON.stringify(masked.steps);
      expect(text).not.toContain('RSSMRA80A01H501U');
      expect(text).not.toContain('mario.rossi@example.it');
      expect(text).not.toContain('IT60X0542811101000000123456');
      expect(masked.order.customer_name).toBe('M*** R***');
      expect(JSON.stringify(masked)).not.toContain(hashA);
      expect(await audits('personal_data_revealed', idA)).toHaveLength(0);
      // A masked page is no read of personal data: no record.
      expect((await audits('order_viewed', idA)).filter((r) => r.operator_id === viewer.operator.id)).toHaveLength(0);

      // A reveal says why: 5 to 500 characters, else 422 on the field and nothing shown or recorded.
      for (const reason of ['', '  boh ', 'x'.repeat(501)]) {
        const bad = await refusal(viewer.client.revealOrder({ order_id: idA }, { reason }));
        expect([bad.status, Object.keys(bad.body.fields as object)], reason).toEqual([422, ['reason']]);
      }
      const none = await t.app.inject({
        method: 'POST', url: `/api/console/orders/${idA}/reveal`, headers: { cookie: viewer.cookie, 'x-csrf-token': viewer.csrfToken }, payload: {},
      });
      expect([none.statusCode, (none.json() as { error: { fields: Record<string, string> } }).error.fields]).toEqual([422, { reason: 'Scrivi il motivo della consultazione' }]);
      expect(await audits('personal_data_revealed', idA)).toHaveLength(0);
      const revealed = await viewer.client.revealOrder({ order_id: idA }, { reason: '  Il cliente ha chiamato per la consegna  ' });
      expect(revealed.masked).toBe(false);
      expect(JSON.stringify(revealed.steps)).toContain('RSSMRA80A01H501U');
      const records = await audits('personal_data_revealed', idA);
      expect(records.map((r) => [r.operator_id, r.ip, r.user_agent])).toEqual([[viewer.operator.id, '127.0.0.1', 'lightMyRequest']]);
      expect(JSON.parse(records[0]!.detail_json)).toEqual({ order_number: (await orderRow(idA)).order_number, reason: 'Il cliente ha chiamato per la consegna' });
      // Backoffice sees personal data without revealing; it has no reveal permission to use.
      expect((await refusal(back.client.revealOrder({ order_id: idA }, { reason: 'Per vedere i dati' }))).status).toBe(403);
    });

    it('answers 404 for an unknown or malformed order id', async () => {
      expect((await refusal(back.client.getOrder({ order_id: randomUUID() }))).status).toBe(404);
      expect((await refusal(back.client.getOrder({ order_id: "x' or 1=1 --" }))).status).toBe(404);
    });
  });

  describe('workflow', () => {
    it('moves along the table, refuses a stale move with the current status, a move not in the table and a missing reason', async () => {
      expect(await back.client.transitionOrder({ order_id: idC }, { to: 'in_review', expected_status: 'signed' })).toEqual({ status: 'in_review' });
      // The second operator still saw `signed`.
      const stale = await refusal(back2.client.transitionOrder({ order_id: idC }, { to: 'in_review', expected_status: 'signed' }));
      expect([stale.status, stale.code, stale.body.current_status]).toEqual([409, 'console_stale_transition', 'in_review']);
      const skip = await refusal(back.client.transitionOrder({ order_id: idC }, { to: 'active', expected_status: 'in_review' }));
      expect([skip.status, skip.code]).toEqual([409, 'console_transition_not_allowed']);
      const draft = await refusal(back.client.transitionOrder({ order_id: idB }, { to: 'in_review', expected_status: 'in_progress' }));
      expect(draft.code).toBe('console_transition_not_allowed');
      const noReason = await refusal(back.client.transitionOrder({ order_id: idC }, { to: 'documents_to_redo', expected_status: 'in_review' }));
      expect([noReason.status, Object.keys(noReason.body.fields as object)]).toEqual([422, ['reason']]);
      const forbidden = await refusal(viewer.client.transitionOrder({ order_id: idC }, { to: 'verified', expected_status: 'in_review' }));
      expect([forbidden.status, forbidden.code]).toEqual([403, 'console_forbidden']);
      expect((await orderRow(idC)).workflow_status).toBe('in_review');

      expect((await back.client.transitionOrder({ order_id: idC }, { to: 'verified', expected_status: 'in_review' })).status).toBe('verified');
      expect((await admin.client.transitionOrder({ order_id: idC }, { to: 'activating', expected_status: 'verified' })).status).toBe('activating');
      const cancelled = await back.client.transitionOrder({ order_id: idC }, {
        to: 'cancelled', expected_status: 'activating', reason: 'Il cliente ha rinunciato al telefono', customer_message: 'Come concordato al telefono, annulliamo l’ordine.',
      });
      expect(cancelled.status).toBe('cancelled');
      const row = await orderRow(idC);
      expect([row.workflow_status, row.status]).toEqual(['cancelled', 'cancelled']);
      // A final status leaves no move.
      expect((await back.client.getOrder({ order_id: idC })).transitions).toEqual([]);

      const detail = await back.client.getOrder({ order_id: idC });
      const moves = detail.timeline.filter((e) => e.kind === 'status' && e.operator_name !== null);
      expect(moves.map((e) => [e.from_status, e.to_status, e.operator_name])).toEqual([
        ['signed', 'in_review', 'Bruno Back'], ['in_review', 'verified', 'Bruno Back'], ['verified', 'activating', 'Ada Admin'], ['activating', 'cancelled', 'Bruno Back'],
      ]);
      // The customer reads the message written for them; the reason is a note for staff only.
      expect(moves.at(-1)!.text).toBe('Come concordato al telefono, annulliamo l’ordine.');
      const reasonNote = await t.db.selectFrom('order_timeline').select(['kind', 'text', 'customer_visible']).where('order_id', '=', idC).where('kind', '=', 'note').execute();
      expect(reasonNote.map((n) => [n.text, Number(n.customer_visible)])).toEqual([['Motivo del passaggio a «Annullato»: Il cliente ha rinunciato al telefono', 0]]);
      const records = await audits('order_status_changed', idC);
      // The customer's signature first (its move, through the same function), then the operators'.
      expect(records.map((r) => (JSON.parse(r.detail_json) as { to: string }).to)).toEqual(['signed', 'in_review', 'verified', 'activating', 'cancelled']);

      // Each move, and only a move, emitted order.status_changed; the customer may read each entry.
      const orderNumber = (await orderRow(idC)).order_number;
      const at = expect.stringMatching(/^2026-03-02T/) as unknown as string;
      expect((await eventsOf(idC)).map((e) => [e.type, e.data])).toEqual([
        ['order.status_changed', expect.objectContaining({ from: 'ready_to_sign', to: 'signed', reason: null, by: 'customer' })],
        ['order.status_changed', { order_id: idC, order_number: orderNumber, from: 'signed', to: 'in_review', reason: null, customer_message: null, by: 'operator', at }],
        ['order.status_changed', { order_id: idC, order_number: orderNumber, from: 'in_review', to: 'verified', reason: null, customer_message: null, by: 'operator', at }],
        ['order.status_changed', { order_id: idC, order_number: orderNumber, from: 'verified', to: 'activating', reason: null, customer_message: null, by: 'operator', at }],
        ['order.status_changed', {
          order_id: idC, order_number: orderNumber, from: 'activating', to: 'cancelled', reason: 'Il cliente ha rinunciato al telefono',
          customer_message: 'Come concordato al telefono, annulliamo l’ordine.', by: 'operator', at,
        }],
      ]);
      const entries = await t.db.selectFrom('order_timeline').select(['kind', 'customer_visible']).where('order_id', '=', idC).where('kind', '=', 'status').execute();
      // The signature's entry and the four moves'.
      expect(entries.map((e) => Number(e.customer_visible))).toEqual([1, 1, 1, 1, 1]);
    });

    it('puts a consumer who did not ask to start early into activation only after the 14 days, and says so on the order page', async () => {
      const id = await idOf(await signed({ 'step-contact': { ...PRIVATO_STEPS['step-contact'], email: 'attesa@example.it' } }));
      // Signed on 2 March 2026: the period ends on the 16th.
      const page = await back.client.getOrder({ order_id: id });
      expect(page.withdrawal_period).toMatchObject({ last_day: '2026-03-16', early_activation_requested: false, first_activation_day: '2026-03-17' });
      expect(page.withdrawal_period!.text).toContain('17/03/2026');
      expect((await back.client.getOrder({ order_id: idC })).withdrawal_period).toMatchObject({ early_activation_requested: true, first_activation_day: null });
      // The review queue says it too.
      const queued = (await back.client.reviewQueue()).items;
      expect(queued.find((i) => i.order_id === id)?.withdrawal_period).toEqual({ early_activation_requested: false, first_activation_day: '2026-03-17' });

      await back.client.transitionOrder({ order_id: id }, { to: 'in_review', expected_status: 'signed' });
      await back.client.transitionOrder({ order_id: id }, { to: 'verified', expected_status: 'in_review' });
      const before = (await eventsOf(id)).length;
      const refused = await refusal(admin.client.transitionOrder({ order_id: id }, { to: 'activating', expected_status: 'verified' }));
      expect([refused.status, refused.code, refused.body.first_allowed_day]).toEqual([409, 'console_withdrawal_period_running', '2026-03-17']);
      expect(refused.body.message).toContain('17/03/2026');
      expect([(await orderRow(id)).workflow_status, (await eventsOf(id)).length]).toEqual(['verified', before]);

      const today = clock.ms;
      try {
        clock.ms = Date.parse('2026-03-16T23:00:00Z'); // midnight of 17 March in Rome
        // Two weeks on, the morning's sessions have expired: the operator signs in again.
        const later = await signInOperator(t.app, t.db, 'admin', { now, name: 'Ada Dopo' });
        expect((await later.client.transitionOrder({ order_id: id }, { to: 'activating', expected_status: 'verified' })).status).toBe('activating');
      } finally {
        clock.ms = today;
      }
    });

    it("writes a move's timeline entry, audit record and event in the caller's transaction: a rollback leaves none", async () => {
      const hash = await signed({ 'step-contact': { ...PRIVATO_STEPS['step-contact'], email: 'annullata@example.it' } });
      const id = await idOf(hash);
      const actor = { kind: 'operator' as const, operator: { ...back.operator, sessionId: 'test' }, ip: '10.0.0.1', userAgent: 'vitest' };
      const rolledBack = new Error('after the move, the caller fails');
      const timelineOf = () => t.db.selectFrom('order_timeline').select('id').where('order_id', '=', id).execute();
      // What the signature wrote (its own move), and nothing more after the rollback.
      const signedRecords = { events: await eventsOf(id), audits: await audits('order_status_changed', id), timeline: await timelineOf() };
      expect([signedRecords.events.length, signedRecords.audits.length, signedRecords.timeline.length]).toEqual([1, 1, 1]);
      await expect(t.db.transaction().execute(async (trx) => {
        await moveOrderStatus(trx, actor, { orderId: id, expected: 'signed', to: 'in_review', reason: null, at: now() });
        expect(await trx.selectFrom('outbox_events').select('type').where('subject_id', '=', id).orderBy('seq').execute())
          .toEqual([{ type: 'order.signed' }, { type: 'order.status_changed' }, { type: 'order.status_changed' }]);
        throw rolledBack;
      })).rejects.toBe(rolledBack);
      expect((await orderRow(id)).workflow_status).toBe('signed');
      expect({ events: await eventsOf(id), audits: await audits('order_status_changed', id), timeline: await timelineOf() }).toEqual(signedRecords);
    });

    it("shows a customer's online withdrawal: the back office status follows, the timeline says it", async () => {
      const hash = await signed({ 'step-contact': { ...PRIVATO_STEPS['step-contact'], email: 'recesso@example.it' } });
      const id = await idOf(hash);
      expect(await back.client.transitionOrder({ order_id: id }, { to: 'in_review', expected_status: 'signed' })).toEqual({ status: 'in_review' });
      const number = (await orderRow(id)).order_number;
      clock.ms += 60_000;
      const sent = await call((c) => c.withdrawalSendOtp({ order_number: number, mode: 'sms' }));
      expect(sent.status).toBe(200);
      const otp = /(\d{6})/.exec((await outbox('+393331234567'))[0] ?? '')![1]!;
      expect((await call((c) => c.withdrawalConfirm({ order_number: number, otp, challenge_id: sent.data!.challenge_id }))).status).toBe(200);
      const detail = await back.client.getOrder({ order_id: id });
      expect(detail.order.status).toBe('withdrawn');
      expect(detail.transitions).toEqual([]);
      // The customer's move went through the one status function: its timeline entry, audit record and event.
      expect(detail.timeline.at(-1)).toMatchObject({ from_status: 'in_review', to_status: 'withdrawn', operator_name: null, text: 'Recesso esercitato online con il codice di conferma' });
      expect(detail.timeline.filter((e) => e.to_status === 'withdrawn')).toHaveLength(1);
      expect((await audits('order_status_changed', id)).map((r) => JSON.parse(r.detail_json) as { to: string; by: string }).at(-1)).toMatchObject({ to: 'withdrawn', by: 'customer' });
      expect((await eventsOf(id)).filter((e) => e.type === 'order.status_changed').at(-1)?.data).toMatchObject({ from: 'in_review', to: 'withdrawn', by: 'customer' });
    });

    it('lets only one of two simultaneous moves win', async () => {
      const hash = await signed({ 'step-contact': { ...PRIVATO_STEPS['step-contact'], email: 'gara@example.it' } });
      const id = await idOf(hash);
      const results = await Promise.allSettled([
        back.client.transitionOrder({ order_id: id }, { to: 'in_review', expected_status: 'signed' }),
        back2.client.transitionOrder({ order_id: id }, { to: 'cancelled', expected_status: 'signed', reason: 'doppio' }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const lost = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!.reason as ApiError;
      expect([lost.status, lost.code]).toEqual([409, 'console_stale_transition']);
      // The signature's move and the winner's.
      expect(await audits('order_status_changed', id)).toHaveLength(2);
      expect((await eventsOf(id)).map((e) => (e.data as { to: string }).to)).toEqual(['signed', (results[0]!.status === 'fulfilled' ? 'in_review' : 'cancelled')]);
    });
  });

  describe('notes', () => {
    it('adds an internal note to the timeline, audited; a viewer may not', async () => {
      const note = await back.client.addOrderNote({ order_id: idB }, { text: 'Richiamare dopo le 18' });
      expect([note.kind, note.text, note.operator_name]).toEqual(['note', 'Richiamare dopo le 18', 'Bruno Back']);
      expect((await back.client.getOrder({ order_id: idB })).timeline.map((e) => e.text)).toContain('Richiamare dopo le 18');
      expect(await audits('order_note_added', idB)).toHaveLength(1);
      expect((await refusal(viewer.client.addOrderNote({ order_id: idB }, { text: 'no' }))).status).toBe(403);
      expect((await refusal(back.client.addOrderNote({ order_id: idB }, { text: '   ' }))).status).toBe(422);
    });
  });

  describe('files', () => {
    it('serves an identity document inline with its safe type, and anything else only as an opaque download', async () => {
      const [media] = (await back.client.getOrder({ order_id: idA })).documents;
      const res = await getFile(back, `/api/console/orders/${idA}/documents/${media!.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toMatch(/^inline; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none';/);
      // The console's pages (same origin) may frame it; nobody else.
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');

      // Files that could run in a browser (none passes the upload, but a row can say anything).
      for (const [mime, name, body] of [['text/html', 'pagina.html', '<script>alert(1)</script>'], ['image/svg+xml', 'logo.svg', '<svg onload="alert(1)"/>']] as const) {
        const id = randomUUID();
        const stored = `${randomUUID().replaceAll('-', '')}.png`;
        const file = storedFilePath(t.config.storageDir, idA, stored);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, body);
        await t.db.insertInto('medias').values({ id, order_id: idA, kind: 'other', filename: name, stored_name: stored, mime, size: body.length, sha256: '0'.repeat(64), created_at: now().toISOString() }).execute();
        const served = await getFile(back, `/api/console/orders/${idA}/documents/${id}`);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('application/octet-stream');
        expect(served.headers['content-disposition']).toMatch(/^attachment; /);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        await t.db.deleteFrom('medias').where('id', '=', id).execute();
      }
      expect((await audits('document_viewed', idA)).length).toBeGreaterThanOrEqual(3);
      expect((await getFile(back, `/api/console/orders/${idA}/documents/${randomUUID()}`)).statusCode).toBe(404);
      // A document of another order is as good as none.
      expect((await getFile(back, `/api/console/orders/${idB}/documents/${media!.id}`)).statusCode).toBe(404);
      expect((await getFile(viewer, `/api/console/orders/${idA}/documents/${media!.id}`)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/console/orders/${idA}/documents/${media!.id}` })).statusCode).toBe(401);
    });

    it('serves the contract, its summary, the signed PDF and the evidence bundle', async () => {
      for (const kind of ['contract', 'summary', 'signed']) {
        const res = await getFile(back, `/api/console/orders/${idA}/files/${kind}`);
        expect(res.statusCode, kind).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }
      expect((await getFile(back, `/api/console/orders/${idA}/files/altro`)).statusCode).toBe(404);
      expect((await getFile(back, `/api/console/orders/${idB}/files/signed`)).statusCode).toBe(404);
      const zip = await getFile(back, `/api/console/orders/${idA}/evidence.zip`);
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-disposition']).toMatch(/^attachment; /);
      expect(zip.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(await audits('evidence_downloaded', idA)).toHaveLength(1);
      expect((await getFile(back, `/api/console/orders/${idB}/evidence.zip`)).statusCode).toBe(404);
    });
  });

  describe('document review', () => {
    it('claims, rejects with a reason (the customer is asked again through the outbox), takes the new upload back to review, approves', async () => {
      // Every signed order still in review waits with its identity document, the first signed first.
      const queued = async () => (await back.client.reviewQueue()).items.map((i) => i.order_id);
      expect((await queued())[0]).toBe(idA);

      expect(await back.client.claimReview({ order_id: idA })).toEqual({ ok: true });
      expect((await orderRow(idA)).workflow_status).toBe('in_review');
      const taken = await refusal(back2.client.claimReview({ order_id: idA }));
      expect([taken.status, taken.code]).toEqual([409, 'console_review_claimed']);
      expect(taken.body.message).toContain('Bruno Back sta già verificando');
      const decidedByOther = await refusal(back2.client.decideReview({ order_id: idA }, { decision: 'approve', checklist: PASSED }));
      expect(decidedByOther.code).toBe('console_review_claimed');
      expect((await back2.client.reviewQueue()).items[0]).toMatchObject({ claimed_by: 'Bruno Back', claimed_by_me: false });
      expect((await back.client.reviewQueue()).items[0]).toMatchObject({ claimed_by: 'Bruno Back', claimed_by_me: true });
      // A namesake is another operator: the claim is told by id, not by name.
      const namesake = await signInOperator(t.app, t.db, 'backoffice', { now, name: 'Bruno Back' });
      expect((await namesake.client.reviewQueue()).items[0]).toMatchObject({ claimed_by: 'Bruno Back', claimed_by_me: false });
      expect((await refusal(viewer.client.claimReview({ order_id: idA }))).status).toBe(403);

      // After 30 minutes the claim lapses: the other operator takes it, then gives it back by waiting again.
      await pass(REVIEW_CLAIM_MS + 1000);
      expect(await back2.client.claimReview({ order_id: idA })).toEqual({ ok: true });
      await pass(REVIEW_CLAIM_MS + 1000);

      const otherNeedsNote = await refusal(back.client.decideReview({ order_id: idA }, { decision: 'reject', reason: 'other', checklist: PASSED }));
      expect(otherNeedsNote.status).toBe(422);
      const rejected = await back.client.decideReview({ order_id: idA }, { decision: 'reject', reason: 'unreadable', note: 'foto sfocata', checklist: { ...PASSED, readable: false } });
      expect(rejected).toEqual({ status: 'documents_to_redo' });
      expect(await queued()).not.toContain(idA);
      // The decision leaves through the outbox: its event for the provider, and the customer's email and SMS
      // asking for a new document (contract customerMessagesFor), in the decision's transaction; nothing is sent from here.
      // The decision covers every document the order had (both sides before signing, one after).
      const mediaIds = (await back.client.getOrder({ order_id: idA })).documents.map((d) => d.id);
      expect(mediaIds).toHaveLength(3);
      const reviewed = (await eventsOf(idA)).filter((e) => e.type === 'order.document_reviewed');
      expect(reviewed.map((e) => e.data)).toEqual([{
        order_id: idA, order_number: (await orderRow(idA)).order_number, media_ids: expect.arrayContaining(mediaIds), decision: 'rejected',
        reason_code: 'unreadable', reason: 'Il documento non è leggibile (foto sfocata)',
      }]);
      expect(await deliveriesOf(reviewed[0]!.id)).toEqual([['webhook', null], ['email', 'document_rejected'], ['sms', 'document_rejected']]);
      expect(await outbox('mario.rossi@example.it')).toEqual([]);
      const redo = (await eventsOf(idA)).filter((e) => e.type === 'order.status_changed').at(-1);
      expect(redo?.data).toMatchObject({ from: 'in_review', to: 'documents_to_redo', by: 'operator', reason: 'Il documento non è leggibile (foto sfocata)' });
      // The document_reviewed event comes first: a receiver learns why before it learns the new status.
      expect(redo!.seq).toBe(reviewed[0]!.seq + 1);
      const detail = await back.client.getOrder({ order_id: idA });
      expect(detail.documents[0]!.review).toMatchObject({ decision: 'rejected', reason: 'unreadable', note: 'foto sfocata', operator_name: 'Bruno Back' });

      // The customer uploads a new one through the link's page (the same upload call).
      await upload(hashA);
      expect((await orderRow(idA)).workflow_status).toBe('in_review');
      const back_in_review = await back.client.getOrder({ order_id: idA });
      expect(back_in_review.order.status).toBe('in_review');
      expect(back_in_review.timeline.map((e) => e.text)).toContain('Il cliente ha caricato un nuovo documento d’identità');
      expect(await queued()).toContain(idA);

      expect(await back.client.claimReview({ order_id: idA })).toEqual({ ok: true });
      expect(await back.client.decideReview({ order_id: idA }, { decision: 'approve', note: 'Foto nitida, confrontata al telefono', checklist: PASSED })).toEqual({ status: 'verified' });
      expect(await queued()).not.toContain(idA);
      // The customer reads the review entries: a rejection's note was written for them, an approval's is internal.
      const reviewEntries = await t.db.selectFrom('order_timeline').select(['text', 'customer_visible']).where('order_id', '=', idA).where('kind', '=', 'review').orderBy('id').execute();
      expect(reviewEntries.map((e) => [e.text, Number(e.customer_visible)])).toEqual([
        ["Documento d'identità rifiutato: Il documento non è leggibile — foto sfocata", 1], ["Documento d'identità approvato", 1],
      ]);
      expect((await back.client.getOrder({ order_id: idA })).documents.at(-1)!.review).toMatchObject({ decision: 'approved', note: 'Foto nitida, confrontata al telefono' });
      expect((await orderRow(idA)).workflow_status).toBe('verified');
      const again = await refusal(back.client.decideReview({ order_id: idA }, { decision: 'approve', checklist: PASSED }));
      expect(again.status).toBe(409);

      // Bruno's first claim, Carla's after it lapsed, Bruno's at his rejection (a decision ends a claim), his claim before
      // approving; the approval renewed that one and is no new claim.
      expect((await audits('document_claimed', idA)).map((r) => r.operator_id)).toEqual([back.operator.id, back2.operator.id, back.operator.id, back.operator.id]);
      expect(await audits('document_rejected', idA)).toHaveLength(1);
      expect(await audits('document_approved', idA)).toHaveLength(1);
      expect((await audits('document_rejected', idA))[0]!.operator_id).toBe(back.operator.id);
    });
  });
});
