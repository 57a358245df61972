import { expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { describeEachDialect } from '../../../test/support/dialects';
import { signingHarness } from '../../../test/support/signing-harness';

/*
 * Online withdrawal within 14 days (Codice del Consumo art. 52-54): by order number and a one-time
 * code sent to the signer, the order becomes withdrawn and the evidence stays; after the 14 days, on an
 * unknown number or a business contract the answer says why and nothing changes.
 */

describeEachDialect('withdrawal', (dialect) => {
  const h = signingHarness(dialect);
  const { call, preview, sign, readyOrder, latestCode, sendCode, row, clock } = h;
  /** The challenge of the last code asked (the page keeps it and sends it back with the code). */
  let challenge = '';
  const confirm = (order_number: string, otp: string) => call((c) => c.withdrawalConfirm({ order_number, otp, challenge_id: challenge }));
  /** A signed consumer order: its number. */
  const signedOrder = async (extra: Parameters<typeof readyOrder>[0] = {}): Promise<{ hash: string; number: string }> => {
    const hash = await readyOrder(extra);
    expect((await preview(hash)).status).toBe(200);
    const code = await sendCode(hash);
    expect((await sign(hash, code)).status).toBe(200);
    return { hash, number: (await row(hash)).order_number };
  };
  const askCode = async (orderNumber: string) => {
    clock.ms += 60_000;
    const sent = await call((c) => c.withdrawalSendOtp({ order_number: orderNumber, mode: 'sms' }));
    challenge = sent.data?.challenge_id ?? '';
    return sent;
  };

  it('withdraws a signed consumer contract within 14 days with the code sent to the signer', async () => {
    const { hash, number } = await signedOrder();
    clock.ms += 13 * 86_400_000;
    const sent = await askCode(number.toLowerCase());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ sent: true, destination: '+39 3** *** **67', last_day: '2026-03-15' });
    const wrong = await confirm(number, '000000' === (await latestCode()) ? '111111' : '000000');
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'otp_wrong', fields: { otp: 'Codice errato.' } });
    expect((await row(hash)).status).toBe('signed');

    const done = await confirm(number, await latestCode());
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ withdrawn: true, order_number: number });
    expect((await row(hash)).status).toBe('withdrawn');
    // The back office's status follows in the same transaction.
    expect((await row(hash)).workflow_status).toBe('withdrawn');
    const kept = await h.t.db.selectFrom('withdrawals').selectAll().where('order_id', '=', (await row(hash)).id).execute();
    expect(kept.filter((w) => w.confirmed_at !== null)).toHaveLength(1);
    expect(kept[0]).toMatchObject({ channel: 'sms', masked_destination: '+39 3** *** **67', user_agent: 'vitest' });
    // The signed contract and its evidence stay.
    expect((await h.download(hash, 'signed_contract')).statusCode).toBe(200);
    const again = await askCode(number);
    expect(again.status).toBe(409);
    expect(again.body.error!.code).toBe('already_withdrawn');
  });

  it('counts wrong codes sent in parallel: never more than five tries, then even the right code is refused', async () => {
    const { hash, number } = await signedOrder();
    expect((await askCode(number)).status).toBe(200);
    const code = await latestCode();
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 12 }, () => confirm(number, wrong)));
    const codes = answers.map((a) => a.body.error!.code);
    expect(codes.filter((c) => c === 'otp_wrong').length).toBeLessThanOrEqual(4);
    expect(codes.every((c) => c === 'otp_wrong' || c === 'otp_locked')).toBe(true);
    const right = await confirm(number, code);
    expect(right.body.error!.code).toBe('otp_locked');
    expect((await row(hash)).status).toBe('signed');
  });

  it('refuses after the 14 days, saying when the period ended, and changes nothing', async () => {
    const { hash, number } = await signedOrder();
    const signedAt = clock.ms;
    clock.ms = signedAt + 15 * 86_400_000;
    const late = await askCode(number);
    expect(late.status).toBe(409);
    expect(late.body.error!.code).toBe('withdrawal_period_over');
    expect(late.body.error!.message).toMatch(/^Il periodo di ripensamento è terminato il \d{2}\/\d{2}\/\d{4}\./);
    expect((await row(hash)).status).toBe('signed');
    expect(await h.t.db.selectFrom('withdrawals').selectAll().where('order_id', '=', (await row(hash)).id).execute()).toEqual([]);
  });

  it('says so for an unknown number, an unsigned order and a business contract', async () => {
    const unknown = await askCode('FV-2026-ZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'withdrawal_unknown_order', fields: { order_number: 'Numero d’ordine non trovato.' } });
    const shapeless = await askCode('not an order');
    expect(shapeless.status).toBe(404);

    const draft = await readyOrder();
    const unsigned = await askCode((await row(draft)).order_number);
    expect(unsigned.body.error!.code).toBe('withdrawal_not_signed');

    // The right is the consumer's: a signed order of a business customer is refused with the way out.
    const signed = await signedOrder();
    await h.t.db.updateTable('orders').set({ customer_type: 'business' }).where('hash', '=', signed.hash).execute();
    const business = await askCode(signed.number);
    expect(business.status).toBe(409);
    expect(business.body.error!.code).toBe('withdrawal_not_consumer');
    expect((await row(signed.hash)).status).toBe('signed');
  });

  it('a stranger with the order number can neither void nor hold back the customer\'s code', async () => {
    const { number } = await signedOrder();
    const post = (ip: string, url: string, payload: Record<string, unknown>) => h.t.app.inject({
      method: 'POST', url, remoteAddress: ip, headers: { 'user-agent': 'vitest' }, payload: { api_key: DEMO_PUBLIC_API_KEY, order_number: number, ...payload },
    });
    const customer = '10.70.0.1';
    const stranger = '10.70.0.2';
    clock.ms += 60_000;
    const asked = await post(customer, '/api/withdrawals/send-otp', { mode: 'sms' });
    expect(asked.statusCode, asked.body).toBe(200);
    const customerChallenge = (asked.json() as { data: { challenge_id: string } }).data.challenge_id;
    const customerCode = await latestCode();

    // The stranger may ask in the same minute (its own minute); its second ask waits, not the customer's.
    const theirs = await post(stranger, '/api/withdrawals/send-otp', { mode: 'sms' });
    expect(theirs.statusCode).toBe(200);
    const strangerChallenge = (theirs.json() as { data: { challenge_id: string } }).data.challenge_id;
    expect(strangerChallenge).not.toBe(customerChallenge);
    expect((await post(stranger, '/api/withdrawals/send-otp', { mode: 'sms' })).json()).toMatchObject({ error: { code: 'otp_cooldown' } });

    // Wrong codes on the stranger's challenge lock that one only; a made-up challenge opens nothing.
    const wrongCode = customerCode === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 7; i += 1) tries.push((await post(stranger, '/api/withdrawals/confirm', { otp: wrongCode, challenge_id: strangerChallenge })).json() as { error: { code: string } });
    expect(tries.map((r) => r.error.code)).toEqual(['otp_wrong', 'otp_wrong', 'otp_wrong', 'otp_wrong', 'otp_locked', 'otp_locked', 'otp_locked']);
    for (const made of ['00000000-0000-4000-8000-000000000000', customerChallenge.toUpperCase(), 'nessuna']) {
      expect((await post(stranger, '/api/withdrawals/confirm', { otp: wrongCode, challenge_id: made })).json()).toMatchObject({ error: { code: 'otp_required' } });
    }
    // The stranger's right guess of the customer's code is no use without the customer's challenge either.
    expect((await post(stranger, '/api/withdrawals/confirm', { otp: customerCode, challenge_id: strangerChallenge })).json()).toMatchObject({ error: { code: 'otp_locked' } });

    // The customer's code, on the customer's challenge, still withdraws.
    const done = await post(customer, '/api/withdrawals/confirm', { otp: customerCode, challenge_id: customerChallenge });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { data: { withdrawn: boolean } }).data.withdrawn).toBe(true);
  });

  it('a client typing order numbers that match nothing waits longer after each; the customer elsewhere does not', async () => {
    const { number } = await signedOrder();
    const from = (ip: string, orderNumber: string, url = '/api/withdrawals/send-otp') => h.t.app.inject({
      method: 'POST', url, remoteAddress: ip, headers: { 'user-agent': 'vitest' },
      payload: { api_key: DEMO_PUBLIC_API_KEY, order_number: orderNumber, mode: 'sms', otp: '123456', challenge_id: 'nessuna', marketing_consent: false, profiling_consent: false, third_party_consent: false },
    });
    const guesser = '10.66.0.1';
    for (let i = 0; i < 5; i += 1) {
      const miss = await from(guesser, `FV-2026-ZZZZZ${i}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json().error.code).toBe('withdrawal_unknown_order');
    }
    // The sixth comes too soon: refused before anything is looked up, a real number included.
    for (const orderNumber of ['FV-2026-ZZZZZ9', number]) {
      const early = await from(guesser, orderNumber);
      expect(early.statusCode).toBe(429);
      expect(early.json().error).toMatchObject({ code: 'order_number_delayed', retry_after_seconds: 2 });
      expect(early.headers['retry-after']).toBe('2');
    }
    // The consent page shares the count: the same client waits there too.
    expect((await from(guesser, 'FV-2026-ZZZZZ9', '/api/consents/update')).statusCode).toBe(429);
    // The customer, at another address, is not slowed by the stranger.
    clock.ms += 60_000;
    expect((await from('10.66.0.2', number)).statusCode).toBe(200);

    // The wait doubles after each further miss.
    clock.ms += 60_000;
    expect((await from(guesser, 'FV-2026-ZZZZZ7')).statusCode).toBe(404);
    const next = await from(guesser, 'FV-2026-ZZZZZ8');
    expect(next.json().error).toMatchObject({ code: 'order_number_delayed', retry_after_seconds: 4 });
    expect(await h.t.db.selectFrom('order_number_failures').select('ip').where('ip', '=', guesser).execute()).toHaveLength(6);
  });
});
