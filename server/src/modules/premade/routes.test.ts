import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import type { MessageChannels } from '../../infra/messaging/channels';
import type { MessageChannel, OutgoingMessage } from '../../infra/messaging/message-channel';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { headersWithoutRequestId, withoutRequestId } from '../../../test/support/request-id';
import { createPremadeOrder, findPremadeOrder, newPremadeCode, normalisePremadeCode } from './premade-order';
import { createOrdersModule } from '../orders';
import { DEFAULT_SEND_LIMITS } from '../signature';
import { addressFields } from './address-fields';
import { PER_CODE } from './code-delay';
import { createPremadeModule } from './routes';
import { DEMO_PREMADE } from './seed';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';
import { forceOrderStatus } from '../../../test/support/order-status-fixture';

/*
 * fill-order and the one-time code that opens a pre-made order (docs/side-flows.md): the code shows
 * what the agent prepared and nothing personal; an order holding personal data opens only with a code
 * sent to its mobile number; unknown, expired and signed codes answer alike; wrong codes make the
 * client who sends them wait longer and longer, never the customer.
 */


describe('pre-made codes', () => {
  it('are 10 Crockford base32 characters, different every time', () => {
    const codes = new Set(Array.from({ length: 2000 }, newPremadeCode));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it.each([
    ['PRE2026DEMO', 'PRE2026DEMO'],
    ['pre-2026-demo', 'PRE2026DEMO'],
    [' pre 2026 demo ', 'PRE2026DEMO'],
    ['abcde-fghjk', 'ABCDEFGHJK'],
    ['', null],
    ['abc', null],
    ['PRE2026DEMO!', null],
    ['x'.repeat(21), null],
    ['../../etc', null],
  ])('normalise %j → %j', (input, expected) => {
    expect(normalisePremadeCode(input)).toBe(expected);
  });
});

describeEachDialect('fill-order', (dialect) => {
  let t: TestApp;
  let nowMs = Date.now();
  const delivered: OutgoingMessage[] = [];
  // A channel that delivers, as a real provider does: the per-number limits count its codes.
  const deliver = (kind: 'sms' | 'email'): MessageChannel => ({ kind, isOutbox: false, send: async (m) => { delivered.push(m); } });
  const channels: MessageChannels = { sms: deliver('sms'), email: deliver('email'), close: () => undefined };
  let ipCounter = 0;
  /** A client address no other request used: only what a test does from it counts. */
  const freshIp = (): string => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      seed: true,
      modules: [createPremadeModule({ now: () => new Date(nowMs), channels: () => channels, fillOrderPerMinute: 100_000 }), createOrdersModule()],
    });
  });
  afterAll(async () => t.close());

  /** One typed call from `ip` (a fresh address unless given), as a browser with its user agent. */
  const call = <T>(make: (client: InjectClient) => Promise<T>, ip: string = freshIp(), apiKey: string = DEMO_PUBLIC_API_KEY) =>
    injectCall(t.app, make, { remoteAddress: ip, apiKey, headers: { 'user-agent': 'vitest' } });
  const fill = (code: string, ip?: string) => call((c) => c.fillOrder({ code }), ip);
  /** The challenge of the last code each client asked (the page keeps it and sends it back with the code). */
  const challenges = new Map<string, string>();
  let lastChallenge = '';
  const sendCode = async (code: string, ip?: string) => {
    const sent = await call((c) => c.fillOrderSendCode({ code }), ip);
    if (sent.data) { lastChallenge = sent.data.challenge_id; if (ip) challenges.set(ip, lastChallenge); }
    return sent;
  };
  const verify = (code: string, otp: string, ip?: string) =>
    call((c) => c.fillOrderVerify({ code }, { otp, challenge_id: (ip && challenges.get(ip)) || lastChallenge || 'none' }), ip);
  /** The code of the newest message to `to`. */
  const latestCode = (to = '+393331234567'): string => {
    const message = delivered.filter((m) => m.to === to).at(-1);
    return /è (\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
  };
  const wrongOf = (otp: string): string => (otp === '000000' ? '111111' : '000000');
  /** Past the one-a-minute resend cooldown. */
  const nextMinute = (): void => { nowMs += 61_000; };

  /** A pre-made order with only what the agent prepares: offer, option, activation address. */
  const preparedOnly = async () =>
    createPremadeOrder(t.db, { offerId: 101, fields: await addressFields(t.db, DEMO_PREMADE.idEgonCivico, 'privato'), optionIds: [10], now: new Date(nowMs) });

  /** What the customer typed in each step, through the public calls, on the hash of the first opening. */
  const customerFillsIn = async (hash: string) => {
    for (const [step, payload] of Object.entries(PRIVATO_STEPS)) {
      const res = await call((c) => c.submitStep({ order_hash: hash, step_name: step }, payload));
      expect(res.status, `${step}: ${res.raw}`).toBe(200);
    }
  };
  /** Every personal value of PRIVATO_STEPS, as typed and as stored. */
  const PERSONAL = [
    'RSSMRA80A01H501U', 'IT60X0542811101000000123456', 'CA12345AB', '1980-01-01', '01/01/1980', 'mario.rossi@example.it',
    '3331234567', '333 123 4567', 'Mario', 'Rossi', 'Comune di Roma', 'residenza_', 'sepa_', 'document_',
  ];

  it('opens an order with nothing personal at once: the offer, its option and the address, with the hash', async () => {
    const { status, body, headers, data: answer } = await fill(DEMO_PREMADE.openCode);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    const data = answer!;
    expect(data).toMatchObject({ offer_id: 101, needs_code: false, masked_phone: null, order: { status: 'draft' } });
    expect(data.order?.hash).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(data.fields).toMatchObject({ customer_type: 'privato', address: 'Via Roma', number: '1', city: 'Roma', province: 'RM', id_egon_civico: '0580910000001' });
    expect(data.fields.options).toEqual([expect.objectContaining({ id: 10 })]);
    expect(data.fields.technology).toMatch(/^(FTTH|FTTC|FWA)$/);
  });

  it('never sends back personal data: an order the agent filled with the customer’s contact needs the code', async () => {
    const { status, raw, data: answer } = await fill(DEMO_PREMADE.code);
    expect(status, raw).toBe(200);
    const data = answer!;
    expect(data).toMatchObject({ offer_id: 101, needs_code: true, masked_phone: '+39 3** *** **67' });
    expect(data.order).toBeUndefined();
    expect(data.fields).toMatchObject({ address: 'Via Roma', city: 'Roma' });
    const order = await findPremadeOrder(t.db, DEMO_PREMADE.code);
    for (const secret of ['Mario', 'Rossi', 'mario.rossi@example.com', '3331234567', order!.hash, order!.order_number]) expect(raw).not.toContain(secret);
  });

  it('a half-filled order answers no personal data, and opens only with the code sent to its mobile number', async () => {
    const created = await preparedOnly();
    const first = (await fill(created.code)).data!;
    expect(first.needs_code).toBe(false);
    await customerFillsIn(first.order!.hash);

    const again = await fill(created.code);
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toMatchObject({ needs_code: true, masked_phone: '+39 3** *** **67' });
    for (const secret of [...PERSONAL, created.hash]) expect(again.raw, secret).not.toContain(secret);

    // No code asked yet: nothing to verify.
    expect((await verify(created.code, '123456')).body.error?.code).toBe('otp_required');
    nextMinute();
    const sent = await sendCode(created.code);
    expect(sent.status, sent.raw).toBe(200);
    expect(sent.body.data).toMatchObject({ sent: true, destination: '+39 3** *** **67' });
    for (const secret of [...PERSONAL, created.hash]) expect(sent.raw, secret).not.toContain(secret);
    const otp = latestCode();
    expect(otp).toMatch(/^\d{6}$/);

    const wrong = await verify(created.code, wrongOf(otp));
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'otp_wrong', fields: { otp: 'Codice errato.' } });
    for (const secret of [...PERSONAL, created.hash]) expect(wrong.raw, secret).not.toContain(secret);

    const opened = await verify(created.code, otp);
    expect(opened.status, opened.raw).toBe(200);
    const data = opened.data!;
    expect(data.order?.hash).toBe(created.hash);
    expect(data.fields).toMatchObject({ first_name: 'Mario', cf: 'RSSMRA80A01H501U', iban: 'IT60X0542811101000000123456' });
    // One use: the same code again opens nothing.
    expect((await verify(created.code, otp)).body.error?.code).toBe('otp_required');
  });

  it('an order holding personal data but no mobile number says so instead of sending a code', async () => {
    const created = await createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID, first_name: 'Anna', email: 'anna@example.com' } });
    const { body, raw } = await fill(created.code);
    expect(body.data).toMatchObject({ needs_code: true, masked_phone: null });
    expect(raw).not.toContain('anna@example.com');
    const send = await sendCode(created.code);
    expect(send.status).toBe(409);
    expect(send.body.error?.code).toBe('premade_no_phone');
  });

  it('an order that opens without a code has no code to send or verify', async () => {
    const created = await preparedOnly();
    expect((await sendCode(created.code)).body.error?.code).toBe('premade_code_not_needed');
    expect((await verify(created.code, '123456')).body.error?.code).toBe('premade_code_not_needed');
  });

  it('counts the code with every other one sent to that number (per-destination limit)', async () => {
    const created = await createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID, first_name: 'Bruno', mobile_phone_number: '3409876543' } });
    const statuses: number[] = [];
    // A browser that never proved the number asks from the anonymous budget, each client a little later each time.
    for (let i = 0; i <= DEFAULT_SEND_LIMITS.anonymousPerHour; i++) {
      nowMs += 17 * 60_000;
      statuses.push((await sendCode(created.code, `10.9.0.${i + 1}`)).status);
    }
    expect(statuses).toEqual([...Array<number>(DEFAULT_SEND_LIMITS.anonymousPerHour).fill(200), 429]);
    nextMinute();
    const refused = await sendCode(created.code);
    expect(refused.body.error).toMatchObject({ code: 'otp_destination_limit' });
    expect(refused.body.error?.retry_after_seconds).toBeGreaterThan(0);
  });

  describe('unknown, expired, cancelled and signed codes', () => {
    const deadCodes = async (): Promise<string[]> => {
      const signed = await createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID }, now: new Date('2025-01-01T00:00:00Z') });
      await forceOrderStatus(t.db, signed.id, 'signed');
      const cancelled = await createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID } });
      await forceOrderStatus(t.db, cancelled.id, 'cancelled');
      const withdrawn = await createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID, first_name: 'Carla', mobile_phone_number: '3331234567' } });
      await forceOrderStatus(t.db, withdrawn.id, 'withdrawn');
      return [DEMO_PREMADE.expiredCode, DEMO_PREMADE.signedCode, signed.code, cancelled.code, withdrawn.code, 'NOPE123456', 'ABCDEFGHJK', 'x', '%25%25', 'a'.repeat(30)];
    };
    /** Everything but the date, which only says when. */
    const comparable = (r: { status: number; raw: string; headers: Record<string, unknown> }) => {
      const { date: _date, ...headers } = headersWithoutRequestId(r.headers);
      return { status: r.status, raw: withoutRequestId(r.raw), headers };
    };

    it.each([
      ['fill-order', (code: string) => fill(code)],
      ['send-code', (code: string) => sendCode(code)],
      ['verify', (code: string) => verify(code, '123456')],
    ])('%s answers each of them with one 404: same body, same headers', async (_name, call) => {
      const answers = [];
      for (const code of await deadCodes()) answers.push(comparable(await call(code)));
      expect(answers[0]!.status).toBe(404);
      expect(JSON.parse(answers[0]!.raw)).toEqual({
        result: false,
        error: { code: 'premade_not_found', message: 'Codice ordine non valido o non più utilizzabile: controlla di averlo scritto bene, oppure contatta il servizio clienti.' },
      });
      for (const answer of answers) expect(answer).toEqual(answers[0]);
    });
  });

  describe('wrong codes', () => {
    it('make one client wait longer and longer: 5 free, then 2, 4, 8 … seconds, at most an hour', async () => {
      const ip = freshIp();
      const waits: number[] = [];
      for (let i = 0; waits.length < 14 && i < 40; i++) {
        const res = await fill(`WRONG${String(i).padStart(5, '0')}`, ip);
        if (res.status === 404) continue;
        expect(res.status).toBe(429);
        expect(res.body.error?.code).toBe('premade_delayed');
        const seconds = res.body.error!.retry_after_seconds!;
        expect(res.headers['retry-after']).toBe(String(seconds));
        waits.push(seconds);
        // While it waits, even the right code is refused: nothing is looked up.
        expect((await fill(DEMO_PREMADE.openCode, ip)).status).toBe(429);
        nowMs += seconds * 1000;
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 3600, 3600, 3600]);
      // The same client, once its wait is over, opens the right code.
      expect((await fill(DEMO_PREMADE.openCode, ip)).status).toBe(200);
    });

    it('from a third party never block the customer, who uses another address', async () => {
      const created = await preparedOnly();
      const hash = (await fill(created.code)).data!.order!.hash;
      await customerFillsIn(hash);
      const customer = freshIp();
      const stranger = freshIp();
      nextMinute();
      expect((await sendCode(created.code, customer)).status).toBe(200);
      const otp = latestCode();
      // The stranger guesses the one-time code of this order and many codes of others, until it waits.
      for (let i = 0; i < 3; i++) expect((await verify(created.code, wrongOf(otp), stranger)).status).toBe(422);
      for (let i = 0; i < 3; i++) await fill(`GUESS${String(i).padStart(5, '0')}`, stranger);
      expect((await fill(created.code, stranger)).status).toBe(429);
      // The customer is not delayed by any of it.
      expect((await fill(created.code, customer)).status).toBe(200);
      const opened = await verify(created.code, otp, customer);
      expect(opened.status, opened.raw).toBe(200);
      expect((opened.data!).order?.hash).toBe(hash);
    });

    it('from many addresses on one code make the customer wait a minute at most, and a new code opens it', async () => {
      const created = await preparedOnly();
      await customerFillsIn((await fill(created.code)).data!.order!.hash);
      nextMinute();
      expect((await sendCode(created.code)).status).toBe(200);
      const otp = latestCode();
      // Strangers from as many addresses as they like, each under its own free tries.
      for (let i = 0; i < PER_CODE.free + 6; i++) await verify(created.code, wrongOf(otp));
      const customer = freshIp();
      const delayed = await fill(created.code, customer);
      expect(delayed.status).toBe(429);
      expect(delayed.body.error?.retry_after_seconds).toBeLessThanOrEqual(PER_CODE.maxSeconds);
      nowMs += PER_CODE.maxSeconds * 1000;
      // Five wrong tries used up the code the strangers saw sent; the customer asks a new one and opens the order.
      expect((await sendCode(created.code, customer)).status).toBe(200);
      const opened = await verify(created.code, latestCode(), customer);
      expect(opened.status, opened.raw).toBe(200);
    });
  });

  it.each(['pre2026offerta', 'PRE-2026-OFFERTA', 'Pre 2026 Offerta'])('is case-insensitive and ignores dashes/spaces: %s', async (code) => {
    expect((await fill(code)).status).toBe(200);
  });

  it('expires 30 days after creation', async () => {
    const created = new Date('2026-03-01T10:00:00Z');
    const c = await createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID, technology: 'FTTH' }, now: created });
    expect(c.expires_at).toBe('2026-03-31T10:00:00.000Z');
    const saved = nowMs;
    try {
      nowMs = Date.parse('2026-03-31T09:59:59Z');
      expect((await fill(c.code)).status).toBe(200);
      nowMs = Date.parse('2026-03-31T10:00:00Z');
      expect((await fill(c.code)).status).toBe(404);
    } finally {
      nowMs = saved;
    }
  });

  it('needs the api key', async () => {
    const { status, body } = await call((c) => c.fillOrder({ code: DEMO_PREMADE.code }), freshIp(), 'wrong-key');
    expect(status).toBe(401);
    expect(body.result).toBe(false);
  });

  it('refuses an unknown offer or option when creating', async () => {
    await expect(createPremadeOrder(t.db, { offerId: 999, fields: {} })).rejects.toMatchObject({ status: 422, fields: { offer_id: 'Offerta non trovata.' } });
    await expect(createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID }, optionIds: [9999] })).rejects.toMatchObject({ status: 422 });
    await expect(createPremadeOrder(t.db, { offerId: 101, fields: { id_egon_civico: TEST_ADDRESS_ID }, code: DEMO_PREMADE.code })).rejects.toThrow();
  });
});

describeEachDialect('fill-order rate limit', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { coverage: true, modules: [createPremadeModule({ fillOrderPerMinute: 3 })] }); });
  afterAll(async () => t.close());

  it('limits guesses per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/orders/GUESS0000${i}/fill-order`, payload: { api_key: DEMO_PUBLIC_API_KEY } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });
});
