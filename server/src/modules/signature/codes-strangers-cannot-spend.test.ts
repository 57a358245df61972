import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageChannels } from '../../infra/messaging/channels';
import type { MessageChannel, OutgoingMessage } from '../../infra/messaging/message-channel';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient, Settled } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { recordIdentityOnFile } from '../../../test/support/signing-harness';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { catalogModule } from '../catalog';
import { createOrdersModule } from '../orders';
import { createDocumentsModule } from '../documents';
import { createTrackingModule } from '../tracking';
import { createSignatureModule } from './routes';
import { DEFAULT_SEND_LIMITS } from './service';
import { CUSTOMER_DEVICE_COOKIE } from './customer-device';
import { anonymousClientWaitMs, dailyCapOf } from './destination-limit';

/*
 * The order number is on the contract and in every message, and anyone may type any number into a draft.
 * Strangers asking for codes by order number or by phone number must neither keep the customer from
 * receiving and using a code nor flood the number: a browser that proved the number (it typed a right code
 * sent there: the signature) asks from a budget of its own; everyone else shares a small pool with waits
 * that grow per client; and the two together bound what one number receives in a day. The channel here
 * delivers like a real provider (the development outbox is not counted).
 */

const START = Date.parse('2026-03-01T10:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const LIMITS = DEFAULT_SEND_LIMITS;
const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };

describeEachDialect('codes strangers cannot spend', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const delivered: Array<OutgoingMessage & { at: number }> = [];
  const deliver = (kind: 'sms' | 'email'): MessageChannel => ({ kind, isOutbox: false, send: async (m) => { delivered.push({ ...m, at: nowMs }); } });
  const channels: MessageChannels = { sms: deliver('sms'), email: deliver('email'), close: () => undefined };

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      modules: [
        catalogModule,
        createOrdersModule({ now }),
        createDocumentsModule({ now }),
        // The burst limit per minute is real time, which this test compresses: out of the way, the budgets stay.
        createSignatureModule({ now, channels: () => channels, sendOtpPerMinute: 100_000 }),
        createTrackingModule({ now, channels: () => channels, sendOtpPerMinute: 100_000 }),
      ],
    });
  });
  afterAll(async () => t.close());

  /** A browser: its address and the cookies the server gave it (only the device cookie matters here). */
  interface Browser { ip: string; cookie: string }
  const browser = (ip: string): Browser => ({ ip, cookie: '' });
  const call = async <T>(who: Browser, make: (client: InjectClient) => Promise<T>): Promise<Settled<T>> => {
    const settled = await injectCall(t.app, make, { remoteAddress: who.ip, headers: who.cookie ? { cookie: who.cookie } : {} });
    expect(settled.status, JSON.stringify(settled.body)).toBeLessThan(500);
    const set = [settled.headers['set-cookie'] ?? []].flat().map(String).find((c) => c.startsWith(`${CUSTOMER_DEVICE_COOKIE}=`));
    if (set) who.cookie = set.split(';')[0]!;
    return settled;
  };
  const codeTo = (to: string): string => /è (\d{6})/.exec(delivered.filter((m) => m.to === to).at(-1)?.text ?? '')?.[1] ?? '';
  const emailOf = (mobile: string) => `${mobile.replace(/\D/g, '')}@example.it`;

  /** A private order ready to sign, made by `who`, whose codes go to `mobile`. */
  const readyOrder = async (who: Browser, mobile: string): Promise<{ hash: string; number: string }> => {
    const created = await call(who, (c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, technology: 'FTTH' }));
    const hash = created.body.data!.hash as string;
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
      const body = name === 'step-contact' ? { ...payload, mobile_phone_number: mobile, email: emailOf(mobile) } : payload;
      expect((await call(who, (c) => c.submitStep({ order_hash: hash, step_name: name }, body))).status).toBe(200);
    }
    await recordIdentityOnFile(t.db, hash);
    expect((await call(who, (c) => c.contractPreview({ order_hash: hash }))).status).toBe(200);
    const row = await t.db.selectFrom('orders').select('order_number').where('hash', '=', hash).executeTakeFirstOrThrow();
    return { hash, number: row.order_number };
  };
  const sendSigning = (who: Browser, hash: string, mode: 'sms' | 'email' = 'sms') => call(who, (c) => c.sendOtp({ order_hash: hash }, { mode, ...ACCEPTED }));
  const sign = (who: Browser, hash: string, otp: string) => call(who, (c) => c.signWithOtp({ order_hash: hash }, { otp }));
  /** The customer's first order, signed in `who`: the signature proves the number for that browser. */
  const signedOrder = async (who: Browser, mobile: string) => {
    const order = await readyOrder(who, mobile);
    expect((await sendSigning(who, order.hash)).status).toBe(200);
    expect((await sign(who, order.hash, codeTo(mobile.replace(/\s/g, '')))).status).toBe(200);
    return order;
  };
  /** Messages to `to` in the rolling day ending at each message: the most any day saw. */
  const busiestDay = (to: string): number => {
    const times = delivered.filter((m) => m.to === to).map((m) => m.at);
    return Math.max(0, ...times.map((end) => times.filter((at) => at > end - DAY && at <= end).length));
  };

  it('1,000 requests from 50 strangers by order number and by phone number leave the customer able to get and use three codes at once', async () => {
    const mobile = '+393401000001';
    const customer = browser('198.51.100.10');
    const first = await signedOrder(customer, '+39 340 100 0001');
    expect(customer.cookie).toMatch(new RegExp(`^${CUSTOMER_DEVICE_COOKIE}=`));
    nowMs += 10 * MINUTE;
    const second = await readyOrder(customer, '+39 340 100 0001');

    // Strangers: drafts of their own with the customer's number, and with another number changed to it.
    const strangers = Array.from({ length: 50 }, (_, i) => browser(`203.0.113.${i + 1}`));
    const drafts = await Promise.all(strangers.slice(0, 3).map((s) => readyOrder(s, '+39 340 100 0001')));
    const others = await Promise.all(strangers.slice(3, 5).map((s, i) => readyOrder(s, `+39 347 200 000${i}`)));
    const attack: Array<(s: Browser, i: number) => Promise<Settled<unknown>>> = [
      (s) => call(s, (c) => c.withdrawalSendOtp({ order_number: first.number, mode: 'sms' })),
      (s) => call(s, (c) => c.withdrawalSendOtp({ order_number: first.number, mode: 'email' })),
      (s) => call(s, (c) => c.consentsSendOtp({ order_number: first.number, mode: 'sms' })),
      (s) => call(s, (c) => c.trackingSendOtp({ order_number: first.number, mode: 'sms' })),
      (s, i) => sendSigning(s, drafts[i % drafts.length]!.hash),
      (s, i) => call(s, (c) => c.changeMobilePhoneNumber({ order_hash: others[i % others.length]!.hash }, { mobile_phone_number: mobile })),
      // Wrong codes, against challenges of their own and made-up ones.
      async (s) => {
        const sent = await call(s, (c) => c.withdrawalSendOtp({ order_number: first.number, mode: 'sms' }));
        const challenge_id = sent.data?.challenge_id ?? '00000000-0000-4000-8000-000000000000';
        return call(s, (c) => c.withdrawalConfirm({ order_number: first.number, otp: '000000', challenge_id }));
      },
      (s) => call(s, (c) => c.trackingVerify({ order_number: first.number, otp: '000000', challenge_id: '00000000-0000-4000-8000-000000000001' })),
    ];
    const refusals = new Map<string, number>();
    let requests = 0;
    // Over a day and a half of the test's clock, so hours and days of the budgets turn over.
    for (let round = 0; requests < 1000; round++) {
      nowMs += 90_000;
      await Promise.all(strangers.map(async (s, i) => {
        const answer = await attack[(round + i) % attack.length]!(s, i);
        requests += 1;
        if (answer.status !== 200) refusals.set(String(answer.body.error?.code), (refusals.get(String(answer.body.error?.code)) ?? 0) + 1);
      }));
    }
    expect(requests).toBeGreaterThanOrEqual(1000);
    // The strangers were refused for the budgets, not for anything else this test did wrong.
    expect(refusals.get('otp_destination_limit')).toBeGreaterThan(500);
    const strangersSent = delivered.filter((m) => m.to === mobile && m.at > START + 10 * MINUTE).length;
    expect(strangersSent).toBeGreaterThan(0);

    // The customer's browser, at once: a signing code for the new order, a withdrawal and a tracking code for the first.
    const [signing, withdrawal, tracking] = await Promise.all([
      sendSigning(customer, second.hash),
      call(customer, (c) => c.withdrawalSendOtp({ order_number: first.number, mode: 'sms' })),
      call(customer, (c) => c.trackingSendOtp({ order_number: first.number, mode: 'sms' })),
    ]);
    for (const answer of [signing, withdrawal, tracking]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const texts = delivered.filter((m) => m.to === mobile).slice(-3).map((m) => m.text);
    const codeFor = (word: RegExp) => /è (\d{6})/.exec(texts.find((x) => word.test(x)) ?? '')?.[1] ?? '';

    // Strangers' wrong tries meanwhile (their own challenges and guesses at the customer's) void nothing of the customer's.
    await Promise.all(strangers.map((s) => call(s, (c) => c.withdrawalConfirm({
      order_number: first.number, otp: '000000', challenge_id: '00000000-0000-4000-8000-000000000002',
    }))));
    const opened = await call(customer, (c) => c.trackingVerify({ order_number: first.number, otp: codeFor(/dettagli/), challenge_id: tracking.data!.challenge_id }));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect((await sign(customer, second.hash, codeFor(/firmare/))).status).toBe(200);
    const withdrawn = await call(customer, (c) => c.withdrawalConfirm({ order_number: first.number, otp: codeFor(/recesso/), challenge_id: withdrawal.data!.challenge_id }));
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);

    // Whatever the strangers did, no rolling day brought the number more than the documented cap.
    expect(busiestDay(mobile)).toBeLessThanOrEqual(dailyCapOf(LIMITS));
    expect(busiestDay(emailOf(mobile))).toBeLessThanOrEqual(dailyCapOf(LIMITS));
  });

  it('strangers alone reach the anonymous pool, never more: it is small and each client waits longer each time', async () => {
    const mobile = '+393401000002';
    const owner = browser('198.51.100.20');
    const signed = await signedOrder(owner, '+39 340 100 0002');
    const sentBefore = delivered.filter((m) => m.to === mobile).length;
    const stranger = browser('203.0.113.200');
    expect([1, 2, 3, 4, 5].map((n) => anonymousClientWaitMs(n) / MINUTE)).toEqual([1, 4, 16, 60, 60]);
    // The owner's signing code came out of the anonymous pool (the browser was not known yet): two places are left.
    const answers: number[] = [];
    for (let i = 0; i < LIMITS.anonymousPerHour - 1; i++) {
      nowMs += anonymousClientWaitMs(i) - 1000;
      if (i > 0) expect((await call(stranger, (c) => c.withdrawalSendOtp({ order_number: signed.number, mode: 'sms' }))).body.error?.code).toBe('otp_destination_limit');
      nowMs += 1000;
      answers.push((await call(stranger, (c) => c.withdrawalSendOtp({ order_number: signed.number, mode: 'sms' }))).status);
    }
    expect(answers).toEqual([200, 200]);
    // The pool's hour is spent: another stranger is refused, the owner's browser is not.
    nowMs += MINUTE;
    const other = await call(browser('203.0.113.201'), (c) => c.withdrawalSendOtp({ order_number: signed.number, mode: 'sms' }));
    expect(other.status).toBe(429);
    expect(other.body.error?.code).toBe('otp_destination_limit');
    expect((await call(owner, (c) => c.withdrawalSendOtp({ order_number: signed.number, mode: 'sms' }))).status).toBe(200);
    // The address is another destination with budgets of its own: email stays usable while SMS is held.
    expect((await call(browser('203.0.113.202'), (c) => c.withdrawalSendOtp({ order_number: signed.number, mode: 'email' }))).status).toBe(200);
    expect(delivered.filter((m) => m.to === mobile).length - sentBefore).toBe(LIMITS.anonymousPerHour - 1 + 1);
  });

  it('a draft sends codes to any number only out of the anonymous pool, at the pace the client waits allow', async () => {
    const maker = browser('203.0.113.210');
    const drafts = await Promise.all([1, 2, 3].map(() => readyOrder(maker, '+39 340 100 0003')));
    nowMs += 2 * MINUTE;
    expect((await sendSigning(maker, drafts[0]!.hash)).status).toBe(200);
    nowMs += MINUTE;
    expect((await sendSigning(maker, drafts[1]!.hash)).status).toBe(200);
    nowMs += MINUTE;
    const third = await sendSigning(maker, drafts[2]!.hash);
    expect(third.status).toBe(429);
    expect(third.body.error?.retry_after_seconds).toBe(3 * 60);
    const rows = await t.db.selectFrom('otp_destination_sends').select('pool').where('client_key', 'is not', null).where('purpose', '=', 'signature')
      .where('created_at', '>', new Date(nowMs - 3 * MINUTE).toISOString()).execute();
    expect(rows.map((r) => r.pool)).toEqual(['anonymous', 'anonymous']);
  });

  it('only a right code proves a number: a browser that typed wrong ones stays a stranger', async () => {
    const mobile = '+393401000004';
    const guesser = browser('203.0.113.220');
    const order = await readyOrder(guesser, '+39 340 100 0004');
    expect((await sendSigning(guesser, order.hash)).status).toBe(200);
    const right = codeTo(mobile);
    const proofs = async () => (await t.db.selectFrom('customer_device_proofs').select('device_key').execute()).length;
    const before = await proofs();
    const wrong = await sign(guesser, order.hash, right === '000000' ? '111111' : '000000');
    expect(wrong.body.error?.code).toBe('otp_wrong');
    // A refusal gives no cookie (refusals stay alike) and proves nothing.
    expect(guesser.cookie).toBe('');
    expect(await proofs()).toBe(before);
    // A forged cookie is no device at all: the right code proves the number for the genuine one given in its place.
    const forgedCookie = `${CUSTOMER_DEVICE_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`;
    const forger = { ip: '203.0.113.221', cookie: forgedCookie };
    expect((await call(forger, (c) => c.signWithOtp({ order_hash: order.hash }, { otp: right }))).status).toBe(200);
    expect(forger.cookie).not.toBe(forgedCookie);
    expect(await proofs()).toBe(before + 1);
  });

  it('the known budget is bounded too: a browser that proved the number gets at most its hourly share', async () => {
    const owner = browser('198.51.100.30');
    const signed = await signedOrder(owner, '+39 340 100 0005');
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.knownPerHour; i++) {
      nowMs += MINUTE + 1000;
      statuses.push((await call(owner, (c) => c.trackingSendOtp({ order_number: signed.number, mode: 'sms' }))).status);
    }
    // The signature's own code came out of the anonymous pool (the browser was not known yet).
    expect(statuses).toEqual([...Array<number>(LIMITS.knownPerHour).fill(200), 429]);
  });
});
