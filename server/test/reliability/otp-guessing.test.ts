import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { apiAs, coverageAndOffer, e164, newOrder, numberedCustomer, readCode, stepBodies, uploadIdentityDocument } from './checkout-journey';
import type { ApiAs } from './checkout-journey';

/*
 * Issue 6, one-time code: 50 wrong guesses fired at once over real HTTP connections (so they really
 * overlap in the server and in the database pool) count as exactly 5 attempts and lock the code.
 */
const GUESSES = 50;

describeEachDialect('one-time code under parallel guessing', (dialect) => {
  let t: TestApp;
  let api: ApiAs;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true });
    api = apiAs(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => t.close());

  it(`${GUESSES} parallel wrong guesses are exactly 5 attempts; then the right code is refused as locked`, async () => {
    const c = numberedCustomer(1);
    const coverage = await coverageAndOffer(api.client);
    const hash = await newOrder(api.client, coverage, c);
    const steps = stepBodies(c);
    for (const [name, body] of steps.slice(0, 4)) await api.client.submitStep({ order_hash: hash, step_name: name }, body);
    await uploadIdentityDocument(api.client, hash);
    await api.client.submitStep({ order_hash: hash, step_name: 'step-document' }, steps[4]![1]);
    await api.client.contractPreview({ order_hash: hash });
    const askedAt = new Date(Date.now() - 1000).toISOString();
    await api.client.sendOtp({ order_hash: hash }, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
    const code = await readCode(api, e164(c.mobile), askedAt);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const answers = await Promise.all(Array.from({ length: GUESSES }, () => api.post(`/api/orders/${hash}/sign-with-otp`, { otp: wrong })));
    const byCode = new Map<string, number>();
    for (const a of answers) byCode.set(`${a.status} ${a.body.error?.code ?? 'ok'}`, (byCode.get(`${a.status} ${a.body.error?.code ?? 'ok'}`) ?? 0) + 1);
    expect(Object.fromEntries(byCode)).toEqual({ '422 otp_wrong': 5, '423 otp_locked': GUESSES - 5 });
    // Each counted guess saw its own count: 4, 3, 2, 1, 0 attempts left, none twice.
    expect(answers.filter((a) => a.body.error?.code === 'otp_wrong').map((a) => a.body.error?.attempts_left).sort()).toEqual([0, 1, 2, 3, 4]);

    const right = await api.post(`/api/orders/${hash}/sign-with-otp`, { otp: code });
    expect(right.status).toBe(423);
    expect(right.body.error?.code).toBe('otp_locked');

    const order = await t.db.selectFrom('orders').select(['id', 'status']).where('hash', '=', hash).executeTakeFirstOrThrow();
    expect(order.status).toBe('ready_to_sign');
    const otps = await t.db.selectFrom('signature_otps').select(['attempts', 'used_at']).where('order_id', '=', order.id).execute();
    expect(otps).toEqual([{ attempts: 5, used_at: null }]);
    expect(await t.db.selectFrom('signature_evidence').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });
});
