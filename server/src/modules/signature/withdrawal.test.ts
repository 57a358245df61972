import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../test/dialects';
import type { TestApp } from '../../test/dialects';
import { PRIVATO_STEPS } from '../../test/privato-steps';
import { catalogModule } from '../catalog/routes';
import { seedPromoCodes } from '../catalog/seed';
import { createDocumentsModule } from '../documents/routes';
import { createOrdersModule } from '../orders/routes';
import { createSignatureModule } from './routes';

/*
 * Online withdrawal within 14 days (Codice del Consumo art. 52-54): by order number and a one-time
 * code sent to the signer, the order becomes withdrawn and the evidence stays; after the 14 days, on an
 * unknown number or a business contract the answer says why and nothing changes.
 */

const key = { api_key: DEMO_PUBLIC_API_KEY };
const ACCEPTED = { contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true };
type ErrorBody = { code: string; message: string; fields?: Record<string, string> };
type Json = { result: boolean; data?: Record<string, unknown>; error?: ErrorBody };

const added = (id: number, category: string) => ({ id, category, recurrent_cost: 0, cash_amount: 0 });
const FULL_SELECTION = {
  offer_id: 101, routerVariant: 'corten',
  options: [added(22, 'router'), added(51, 'speed_upgrade'), added(28, 'repeater'), added(10, 'voip')],
  additional_variants: ['wood', 'marble'],
};

describeEachDialect('withdrawal', (dialect) => {
  let t: TestApp;
  let nowMs = Date.parse('2026-03-01T10:00:00Z');
  const now = () => new Date(nowMs);
  let ipCounter = 0;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      modules: [
        catalogModule, createOrdersModule({ now }), createDocumentsModule({ now }),
        createSignatureModule({ now, sendOtpPerMinute: 10_000, limits: { perIpPerHour: 1000 } }),
      ],
    });
    await seedPromoCodes(t.db);
  });
  afterAll(async () => t.close());

  const post = async (url: string, payload: Record<string, unknown> = {}) => {
    const res = await t.app.inject({
      method: 'POST', url, payload: { ...key, ...payload }, remoteAddress: `10.9.0.${++ipCounter % 250}`, headers: { 'user-agent': 'vitest' },
    });
    return { status: res.statusCode, body: res.json() as Json };
  };
  const readyOrder = async (extra: Record<string, unknown> = {}): Promise<string> => {
    const res = await post('/api/orders/new', { ...FULL_SELECTION, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hash = res.body.data!.hash as string;
    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) expect((await post(`/api/orders/${hash}/${name}`, payload)).status).toBe(200);
    return hash;
  };
  const latestCode = async (): Promise<string> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393331234567' });
    const [message] = (res.json() as { data: Array<{ text: string }> }).data;
    return /è (\d{6})/.exec(message?.text ?? '')![1]!;
  };
  const sendCode = async (hash: string): Promise<string> => {
    nowMs += 60_000;
    const res = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', ...ACCEPTED });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return latestCode();
  };
  const row = (hash: string) => t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
  /** A signed consumer order: its number. */
  const signedOrder = async (extra: Record<string, unknown> = {}): Promise<{ hash: string; number: string }> => {
    const hash = await readyOrder(extra);
    expect((await post(`/api/orders/${hash}/contract-preview`)).status).toBe(200);
    const code = await sendCode(hash);
    expect((await post(`/api/orders/${hash}/sign-with-otp`, { otp: code })).status).toBe(200);
    return { hash, number: (await row(hash)).order_number };
  };
  const askCode = async (orderNumber: string) => {
    nowMs += 60_000;
    return post('/api/withdrawals/send-otp', { order_number: orderNumber, mode: 'sms' });
  };

  it('withdraws a signed consumer contract within 14 days with the code sent to the signer', async () => {
    const { hash, number } = await signedOrder();
    nowMs += 13 * 86_400_000;
    const sent = await askCode(number.toLowerCase());
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ sent: true, destination: '+39 3** *** **67', last_day: '2026-03-15' });
    const wrong = await post('/api/withdrawals/confirm', { order_number: number, otp: '000000' === (await latestCode()) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: 'otp_wrong', fields: { otp: 'Codice errato.' } });
    expect((await row(hash)).status).toBe('signed');

    const done = await post('/api/withdrawals/confirm', { order_number: number, otp: await latestCode() });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ withdrawn: true, order_number: number });
    expect((await row(hash)).status).toBe('withdrawn');
    const kept = await t.db.selectFrom('withdrawals').selectAll().where('order_id', '=', (await row(hash)).id).execute();
    expect(kept.filter((w) => w.confirmed_at !== null)).toHaveLength(1);
    expect(kept[0]).toMatchObject({ channel: 'sms', masked_destination: '+39 3** *** **67', user_agent: 'vitest' });
    // The signed contract and its evidence stay.
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${hash}/signed-contract` })).statusCode).toBe(200);
    const again = await askCode(number);
    expect(again.status).toBe(409);
    expect(again.body.error!.code).toBe('already_withdrawn');
  });

  it('refuses after the 14 days, saying when the period ended, and changes nothing', async () => {
    const { hash, number } = await signedOrder();
    const signedAt = nowMs;
    nowMs = signedAt + 15 * 86_400_000;
    const late = await askCode(number);
    expect(late.status).toBe(409);
    expect(late.body.error!.code).toBe('withdrawal_period_over');
    expect(late.body.error!.message).toMatch(/^Il periodo di ripensamento è terminato il \d{2}\/\d{2}\/\d{4}\./);
    expect((await row(hash)).status).toBe('signed');
    expect(await t.db.selectFrom('withdrawals').selectAll().where('order_id', '=', (await row(hash)).id).execute()).toEqual([]);
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
    await t.db.updateTable('orders').set({ customer_type: 'business' }).where('hash', '=', signed.hash).execute();
    const business = await askCode(signed.number);
    expect(business.status).toBe(409);
    expect(business.body.error!.code).toBe('withdrawal_not_consumer');
    expect((await row(signed.hash)).status).toBe('signed');
  });
});
