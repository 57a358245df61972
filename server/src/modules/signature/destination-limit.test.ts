import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageChannels } from '../../infra/messaging/channels';
import type { MessageChannel, OutgoingMessage } from '../../infra/messaging/message-channel';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { injectCall } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { PRIVATO_STEPS } from '../../../test/support/privato-steps';
import { recordIdentityOnFile } from '../../../test/support/signing-harness';
import { catalogModule } from '../catalog';
import { createOrdersModule } from '../orders';
import { createDocumentsModule } from '../documents';
import { createSignatureModule } from './routes';
import { DEFAULT_SEND_LIMITS } from './service';
import { TEST_ADDRESS_ID } from '../../../test/support/test-coverage';

/*
 * One-time codes per destination asked by browsers that never proved it (every request here comes from
 * a new address without a device cookie): at most 3 an hour and 6 a day to one number or address,
 * whichever orders and client addresses ask, and whether the code signs, withdraws or changes consents.
 * The budget of a browser that proved the number is codes-strangers-cannot-spend.test.ts's. The channel
 * here delivers (like a real provider): codes kept in the development outbox are not counted.
 */

const START = Date.parse('2026-03-01T10:00:00Z');
const HOUR = 3_600_000;
const { anonymousPerHour: PER_HOUR, anonymousPerDay: PER_DAY } = DEFAULT_SEND_LIMITS;
const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };

describeEachDialect('one-time codes per destination', (dialect) => {
  let t: TestApp;
  let nowMs = START;
  const advance = (ms: number): void => { nowMs += ms; };
  const delivered: OutgoingMessage[] = [];
  const deliver = (kind: 'sms' | 'email'): MessageChannel => ({ kind, isOutbox: false, send: async (m) => { delivered.push(m); } });
  const channels: MessageChannels = { sms: deliver('sms'), email: deliver('email'), close: () => undefined };
  let ipCounter = 0;
  /** Every request from its own client address: only the per-destination limit can bite. */
  const freshIp = (): string => `10.7.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      coverage: true,
      modules: [
        catalogModule,
        createOrdersModule({ now: () => new Date(START) }),
        createDocumentsModule({ now: () => new Date(START) }),
        createSignatureModule({ now: () => new Date(nowMs), channels: () => channels, sendOtpPerMinute: 100_000, limits: { perIpPerHour: 100_000 } }),
      ],
    });
  });
  afterAll(async () => t.close());

  /** One typed call, settled, from an address of its own (a client per call: sends run in parallel here). */
  const call = async <T>(make: (client: InjectClient) => Promise<T>) => {
    const settled = await injectCall(t.app, make, { remoteAddress: freshIp() });
    return { ...settled, retryAfter: settled.headers['retry-after'] };
  };
  /** A private order ready to sign, with its preview, whose codes go to `mobile`. */
  const readyOrder = async (mobile: string): Promise<{ hash: string; number: string }> => {
    const created = await call((c) => c.newOrder({ id_egon_civico: TEST_ADDRESS_ID, offer_id: 101, technology: 'FTTH' }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const hash = created.body.data!.hash as string;
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) {
      const body = name === 'step-contact' ? { ...payload, mobile_phone_number: mobile, email: `${mobile.replace(/\D/g, '')}@example.it` } : payload;
      expect((await call((c) => c.submitStep({ order_hash: hash, step_name: name }, body))).status).toBe(200);
    }
    await recordIdentityOnFile(t.db, hash);
    expect((await call((c) => c.contractPreview({ order_hash: hash }))).status).toBe(200);
    const row = await t.db.selectFrom('orders').select('order_number').where('hash', '=', hash).executeTakeFirstOrThrow();
    return { hash, number: row.order_number };
  };
  const orders = (mobile: string, count: number) => Promise.all(Array.from({ length: count }, () => readyOrder(mobile)));
  const send = (hash: string, mode: 'sms' | 'email' = 'sms') => call((c) => c.sendOtp({ order_hash: hash }, { mode, ...ACCEPTED }));
  const withdrawalSend = (order_number: string) => call((c) => c.withdrawalSendOtp({ order_number, mode: 'sms' }));
  const consentsSend = (order_number: string) => call((c) => c.consentsSendOtp({ order_number, mode: 'sms' }));
  const sentTo = (to: string): number => delivered.filter((m) => m.to === to).length;
  const codesOf = async (hash: string): Promise<number> => {
    const order = await t.db.selectFrom('orders').select('id').where('hash', '=', hash).executeTakeFirstOrThrow();
    return (await t.db.selectFrom('signature_otps').select('id').where('order_id', '=', order.id).execute()).length;
  };
  const expectRefused = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.status, JSON.stringify(res.body)).toBe(429);
    expect(res.body.result).toBe(false);
    expect(res.body.error).toMatchObject({ code: 'otp_destination_limit', message: expect.stringMatching(/^Abbiamo già inviato troppi codici a questo recapito: riprova tra \d+ (secondi|minuti|ore)(, oppure fatti inviare il codice per (email|SMS))?\.$/) });
    expect(res.body.error!.retry_after_seconds).toBeGreaterThan(0);
    expect(res.retryAfter).toBe(String(res.body.error!.retry_after_seconds));
    return res.body.error!.retry_after_seconds!;
  };

  it(`sends at most ${PER_HOUR} codes an hour to one number, across orders and client addresses`, async () => {
    const many = await orders('+39 333 000 0001', PER_HOUR + 1);
    for (const { hash } of many.slice(0, PER_HOUR)) expect((await send(hash)).status).toBe(200);
    const last = many[PER_HOUR]!.hash;
    const wait = expectRefused(await send(last));
    expect(wait).toBeLessThanOrEqual(3600);
    // Nothing of the refused request is kept, nothing was sent.
    expect(await codesOf(last)).toBe(0);
    expect(sentTo('+393330000001')).toBe(PER_HOUR);
    // Another destination is another count: the same order's email, and another number.
    expect((await send(last, 'email')).status).toBe(200);
    const [other] = await orders('+39 333 000 0002', 1);
    expect((await send(other!.hash)).status).toBe(200);
    // When the oldest leaves the hour, one more.
    advance(wait * 1000);
    expect((await send(last)).status).toBe(200);
    expect(sentTo('+393330000001')).toBe(PER_HOUR + 1);
  });

  it(`sends at most ${PER_DAY} codes a day to one number`, async () => {
    const five = await orders('+39 333 000 0003', PER_HOUR);
    const first = nowMs;
    for (let round = 0; round < PER_DAY / PER_HOUR; round++) {
      for (const { hash } of five) expect((await send(hash)).status).toBe(200);
      advance(HOUR + 60_000);
    }
    const wait = expectRefused(await send(five[0]!.hash));
    // The day frees up 24 hours after the first code, in hours.
    expect(wait).toBe(Math.ceil((first + 24 * HOUR - nowMs) / 1000));
    expect((await send(five[0]!.hash)).body.error?.message).toMatch(/riprova tra \d+ ore, oppure fatti inviare il codice per email\.$/);
    advance(wait * 1000);
    expect((await send(five[0]!.hash)).status).toBe(200);
  });

  it('counts withdrawal and consent-change codes with the signing codes', async () => {
    const mobile = '+393330000004';
    const [signed, second, third] = await orders(mobile, 3);
    advance(60_000);
    expect((await send(signed!.hash)).status).toBe(200);
    const code = /è (\d{6})/.exec(delivered.at(-1)!.text)![1]!;
    expect((await call((c) => c.signWithOtp({ order_hash: signed!.hash }, { otp: code }))).status).toBe(200);
    expect((await withdrawalSend(signed!.number)).status).toBe(200);
    expect((await consentsSend(second!.number)).status).toBe(200);
    expect(sentTo(mobile)).toBe(PER_HOUR);
    advance(61_000);
    expectRefused(await withdrawalSend(signed!.number));
    expectRefused(await consentsSend(third!.number));
    expectRefused(await send(third!.hash));
    expect(sentTo(mobile)).toBe(PER_HOUR);
  });

  it(`lets exactly ${PER_HOUR} of 12 simultaneous sends to one number through`, async () => {
    const twelve = await orders('+39 333 000 0005', 12);
    const answers = await Promise.all(twelve.map(({ hash }) => send(hash)));
    const codes = answers.map((a) => a.body.error?.code ?? String(a.status));
    expect(codes.filter((c) => c === '200')).toHaveLength(PER_HOUR);
    expect(codes.filter((c) => c === 'otp_destination_limit')).toHaveLength(12 - PER_HOUR);
    expect(sentTo('+393330000005')).toBe(PER_HOUR);
  });

  it('keeps a keyed hash of the destination, never the number or the address', async () => {
    const [order] = await orders('+39 333 000 0006', 1);
    const before = await t.db.selectFrom('otp_destination_sends').select('id').execute();
    expect((await send(order!.hash, 'sms')).status).toBe(200);
    advance(31_000);
    expect((await send(order!.hash, 'email')).status).toBe(200);
    const rows = await t.db.selectFrom('otp_destination_sends').selectAll().execute();
    expect(rows).toHaveLength(before.length + 2);
    for (const row of rows) expect(row.destination_key).toMatch(/^[0-9a-f]{64}$/);
    const text = JSON.stringify(rows);
    for (const needle of ['3330000006', '333000000', '@example.it']) expect(text).not.toContain(needle);
  });
});
