import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONSENT_TEXTS } from '@checkout/contract';
import { pdfText } from '../../infra/pdf/pdf-text';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../test/dialects';
import type { TestApp } from '../../test/dialects';
import { PRIVATO_STEPS } from '../../test/privato-steps';
import { catalogModule } from '../catalog/routes';
import { seedPromoCodes } from '../catalog/seed';
import { createDocumentsModule } from '../documents/routes';
import { createOrdersModule } from './routes';
import { createSignatureModule } from '../signature/routes';

/*
 * The consent ledger (GDPR arts. 6-7): step 1's consents are recorded with the text's version and
 * hash when first answered and whenever the answer changes, and the signed contract lists them.
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

describeEachDialect('consent ledger', (dialect) => {
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
  const ledger = async (hash: string) => t.db.selectFrom('consent_events').selectAll().where('order_id', '=', (await row(hash)).id)
    .orderBy('recorded_at').orderBy('id').execute();

  it('records each consent with its text, then only changes, and the signed contract lists them', async () => {
    const hash = await readyOrder();
    const first = await ledger(hash);
    // Every consent of the form is answered, the optional ones unticked.
    const answers = (events: typeof first) => events.map((e) => `${e.recorded_at} ${e.consent}=${e.granted}`).sort();
    const t0 = first[0]!.recorded_at;
    expect(answers(first)).toEqual([`${t0} marketing_consent=0`, `${t0} privacy_consent=1`, `${t0} profiling_consent=0`]);
    const marketing = first.find((e) => e.consent === 'marketing_consent')!;
    expect(marketing).toMatchObject({
      text_version: '1', channel: 'checkout',
      text_sha256: createHash('sha256').update(CONSENT_TEXTS.marketing_consent).digest('hex'),
    });

    // The same answers again add nothing; a change of mind is a new row, the old one stays.
    nowMs += 60_000;
    expect((await post(`/api/orders/${hash}/step-contact`, PRIVATO_STEPS['step-contact'])).status).toBe(200);
    expect(await ledger(hash)).toHaveLength(3);
    nowMs += 60_000;
    expect((await post(`/api/orders/${hash}/step-contact`, { ...PRIVATO_STEPS['step-contact'], marketing_consent: true, profiling_consent: false })).status).toBe(200);
    const after = await ledger(hash);
    const t2 = after.at(-1)!.recorded_at;
    // Only marketing changed: one new row; the refusal before it stays in the ledger.
    expect(answers(after)).toEqual([...answers(first), `${t2} marketing_consent=1`].sort());

    for (const [name, payload] of Object.entries(PRIVATO_STEPS)) if (name !== 'step-contact') expect((await post(`/api/orders/${hash}/${name}`, payload)).status).toBe(200);
    expect((await post(`/api/orders/${hash}/contract-preview`)).status).toBe(200);
    const code = await sendCode(hash);
    expect((await post(`/api/orders/${hash}/sign-with-otp`, { otp: code })).status).toBe(200);
    const signed = (await pdfText((await t.app.inject({ method: 'GET', url: `/api/orders/${hash}/signed-contract` })).rawPayload)).replace(/\s+/g, ' ');
    expect(signed).toContain('CONSENSI AL TRATTAMENTO DEI DATI');
    expect(signed).toMatch(/Comunicazioni commerciali dato il \d{2}\/\d{2}\/\d{2}, \d{2}:\d{2} \(testo versione 1, SHA-256 [0-9a-f]{16}…\)/);
    expect(signed).toMatch(/Profilazione per offerte personalizzate non dato il/);
    expect(signed).toMatch(/Informativa privacy e trattamento per il servizio dato il/);
  });
});
