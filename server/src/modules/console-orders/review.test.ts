import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiError } from '@checkout/contract';
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
import { createDocumentsModule } from '../documents';
import { createOrdersModule } from '../orders';
import { createSignatureModule } from '../signature';
import { createConsoleOrdersModule } from './routes';

/*
 * The review screen's call and the decision's checklist: what the customer declared beside the files to
 * decide, the checklist validated (an approval only with every check passed) and kept with the decision.
 */

const PASSED = { names_match: true, not_expired: true, readable: true, photo_present: true };

async function refusal(call: Promise<unknown>): Promise<{ status: number; fields: Record<string, string> }> {
  try {
    await call;
  } catch (err) {
    if (err instanceof ApiError) {
      const body = err.body as { error?: { fields?: Record<string, string> } } | undefined;
      return { status: err.status ?? 0, fields: body?.error?.fields ?? {} };
    }
    throw err;
  }
  throw new Error('expected a refusal, the call resolved');
}

describeEachDialect('console document review: one screen, checklist', (dialect) => {
  const clock = { ms: Date.parse('2026-03-02T09:00:00Z') };
  const now = () => new Date(clock.ms);
  let t: TestApp;
  let back: SignedInTestOperator;
  let viewer: SignedInTestOperator;
  let ip = 0;
  let orderId: string;
  const call = <T>(make: (c: InjectClient) => Promise<T>) =>
    injectCall(t.app, make, { remoteAddress: `10.8.0.${(++ip % 250) + 1}`, headers: { 'user-agent': 'vitest' } });
  const outbox = async (to: string): Promise<string[]> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return (res.json() as { data: Array<{ text: string }> }).data.map((m) => m.text);
  };
  const rawDecide = (body: unknown) => t.app.inject({
    method: 'POST', url: `/api/console/reviews/${orderId}/decide`, payload: JSON.stringify(body),
    headers: { cookie: back.cookie, 'x-csrf-token': back.csrfToken, 'content-type': 'application/json' },
  });
  const stored = () => t.db.selectFrom('document_reviews').select(['decision', 'checklist_json']).where('order_id', '=', orderId).orderBy('at').orderBy('id').execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true, now, config: { publicBaseUrl: 'https://negozio.example.it' } as Partial<Config>,
      modules: [
        catalogModule, createOrdersModule(), createDocumentsModule(),
        createSignatureModule({ sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
        consoleAuthModule, createConsoleOrdersModule(),
      ],
    });
    await seedPromoCodes(t.db);
    back = await signInOperator(t.app, t.db, 'backoffice', { now, name: 'Bruno Back' });
    viewer = await signInOperator(t.app, t.db, 'viewer', { now, name: 'Vera Vista' });

    const created = await call((c) => c.newOrder({ ...FULL_SELECTION }));
    const hash = (created.data as { hash: string }).hash;
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
      const step = await call((c) => c.submitStep({ order_hash: hash, step_name: name }, payload));
      expect(step.status, step.raw).toBe(200);
    }
    await uploadIdentity(call, hash);
    expect((await call((c) => c.contractPreview({ order_hash: hash }))).status).toBe(200);
    clock.ms += 60_000;
    expect((await call((c) => c.sendOtp({ order_hash: hash }, { mode: 'sms', ...ACCEPTED }))).status).toBe(200);
    const otp = /è (\d{6})/.exec((await outbox('+393331234567'))[0] ?? '')![1]!;
    expect((await call((c) => c.signWithOtp({ order_hash: hash }, { otp }))).status).toBe(200);
    orderId = (await t.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => t.close());

  it('shows the files still to decide beside the document and the holder as declared; each look is an audited read', async () => {
    const review = await back.client.getReview({ order_id: orderId });
    expect(review.order).toMatchObject({ id: orderId, status: 'signed', customer_type: 'privato' });
    expect(review.person).toEqual({ first_name: 'Mario', last_name: 'Rossi', company_name: null, cf: 'RSSMRA80A01H501U', birth_date: '1980-01-01' });
    expect(review.declared).toEqual({
      type: 'carta_identita', type_label: "Carta d'identità", number: 'CA12345AB', issuer: 'Comune di Roma', issue_place: 'Roma (RM)',
      issue_date: '2020-06-15', expiry_date: '2035-06-15',
    });
    // Uploaded in the same instant: their order is not the point here.
    expect(review.files.map((f) => [f.filename, f.mime]).sort()).toEqual([['carta-identita-1.png', 'image/png'], ['carta-identita-2.png', 'image/png']]);
    expect(review.claim).toBeNull();
    expect(review.history).toEqual([]);
    const reads = await t.db.selectFrom('audit_log').select(['operator_id', 'detail_json']).where('action', '=', 'order_viewed').where('target_id', '=', orderId).execute();
    expect(reads.map((r) => [r.operator_id, JSON.parse(r.detail_json) as unknown])).toEqual([[back.operator.id, { order_number: review.order.order_number }]]);
    // A viewer sees no identity document.
    expect((await refusal(viewer.client.getReview({ order_id: orderId }))).status).toBe(403);
    expect((await refusal(back.client.getReview({ order_id: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404);
  });

  it('refuses a decision without one, without its checklist, with a checklist of other shape, and an approval with a check not passed', async () => {
    expect(await back.client.claimReview({ order_id: orderId })).toEqual({ ok: true });
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ checklist: PASSED }, { decision: 'Scegli se approvare o rifiutare il documento' }],
      [{ decision: 'approve' }, { checklist: 'Indica le verifiche fatte sul documento' }],
      [{ decision: 'reject', reason: 'unreadable' }, { checklist: 'Indica le verifiche fatte sul documento' }],
      [{ decision: 'approve', checklist: { ...PASSED, readable: false, photo_present: false } }, {
        'checklist.readable': 'Per approvare, ogni verifica deve essere superata', 'checklist.photo_present': 'Per approvare, ogni verifica deve essere superata',
      }],
    ];
    for (const [body, fields] of cases) {
      const res = await rawDecide(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect((res.json() as { result: boolean; error: { fields: Record<string, string> } })).toMatchObject({ result: false, error: { fields } });
    }
    for (const checklist of [{ ...PASSED, signature: true }, { ...PASSED, readable: 'sì' }, { names_match: true }]) {
      const res = await rawDecide({ decision: 'approve', checklist });
      expect(res.statusCode, JSON.stringify(checklist)).toBe(422);
      expect(Object.keys((res.json() as { error: { fields: Record<string, string> } }).error.fields).every((k) => k.startsWith('checklist'))).toBe(true);
    }
    expect(await stored()).toEqual([]);
    expect((await back.client.getReview({ order_id: orderId })).order.status).toBe('in_review');
  });

  it('keeps the ticks with a rejection and with an approval: in each document\'s decision, on the review screen and in the audit record', async () => {
    const blurred = { ...PASSED, readable: false };
    expect(await back.client.decideReview({ order_id: orderId }, { decision: 'reject', reason: 'unreadable', checklist: blurred })).toEqual({ status: 'documents_to_redo' });
    expect((await stored()).map((r) => [r.decision, JSON.parse(r.checklist_json!) as unknown])).toEqual([['rejected', blurred], ['rejected', blurred]]);
    const rejected = await t.db.selectFrom('audit_log').select('detail_json').where('action', '=', 'document_rejected').where('target_id', '=', orderId).executeTakeFirstOrThrow();
    expect(JSON.parse(rejected.detail_json)).toMatchObject({ reason: 'unreadable', checklist: blurred });
    const afterReject = await back.client.getReview({ order_id: orderId });
    expect(afterReject.files).toEqual([]);
    expect(afterReject.history).toEqual([expect.objectContaining({ decision: 'rejected', reason: 'unreadable', operator_name: 'Bruno Back', files: 2, checklist: blurred })]);

    // The customer sends a new one; the operator approves it with every check passed.
    const hash = (await t.db.selectFrom('orders').select('hash').where('id', '=', orderId).executeTakeFirstOrThrow()).hash;
    await uploadIdentity(call, hash, 1);
    clock.ms += 60_000;
    expect((await back.client.getReview({ order_id: orderId })).files).toHaveLength(1);
    expect(await back.client.claimReview({ order_id: orderId })).toEqual({ ok: true });
    expect((await back.client.getReview({ order_id: orderId })).claim).toMatchObject({ operator_name: 'Bruno Back', mine: true });
    expect(await back.client.decideReview({ order_id: orderId }, { decision: 'approve', checklist: PASSED })).toEqual({ status: 'verified' });
    const history = (await back.client.getReview({ order_id: orderId })).history;
    expect(history.map((h) => [h.decision, h.files, h.checklist])).toEqual([['rejected', 2, blurred], ['approved', 1, PASSED]]);
    // A decision from before the checklist existed reads as no checklist, not as ticks nobody made.
    await t.db.updateTable('document_reviews').set({ checklist_json: null }).where('order_id', '=', orderId).where('decision', '=', 'rejected').execute();
    expect((await back.client.getReview({ order_id: orderId })).history[0]!.checklist).toBeNull();
  });
});
