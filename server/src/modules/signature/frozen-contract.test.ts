import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEA_CONDITIONS_VERSION } from '@checkout/contract';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { pdfText } from '../../infra/pdf/pdf-text';
import { buildTestApp, describeEachDialect } from '../../test/dialects';
import type { TestApp } from '../../test/dialects';
import { PRIVATO_STEPS } from '../../test/privato-steps';
import { catalogModule } from '../catalog/routes';
import { seedPromoCodes } from '../catalog/seed';
import { createDocumentsModule } from '../documents/routes';
import { createOrdersModule } from '../orders/routes';
import { createSignatureModule } from './routes';

/*
 * A signature binds only the previewed content: while a code is pending nothing the contract prints
 * may change, going back voids the code, and a code never signs content other than its preview's.
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

describeEachDialect('frozen contract', (dialect) => {
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
  const previewText = async (hash: string): Promise<string> => {
    const res = await post(`/api/orders/${hash}/contract-preview`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return await pdfText(Buffer.from((res.body.data as { pdf_base64: string }).pdf_base64, 'base64'));
  };
  const latestCode = async (): Promise<string> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=%2B393331234567' });
    const [message] = (res.json() as { data: Array<{ text: string }> }).data;
    return /\b(\d{6})\b/.exec(message?.text ?? '')![1]!;
  };
  const sendCode = async (hash: string): Promise<string> => {
    nowMs += 60_000;
    const res = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', ...ACCEPTED });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return latestCode();
  };
  const row = (hash: string) => t.db.selectFrom('orders').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow();
  const signedText = async (hash: string): Promise<string> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${hash}/signed-contract` });
    expect(res.statusCode).toBe(200);
    return await pdfText(res.rawPayload);
  };

  describe('acceptances', () => {
    it('send-otp names each missing acceptance and sends nothing until all are given', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const none = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms' });
      expect(none.status).toBe(422);
      expect(none.body.error).toMatchObject({ code: 'acceptance_required' });
      expect(Object.keys(none.body.error!.fields!).sort()).toEqual(['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted', 'fea_conditions_accepted']);
      // The summary unread stops the code too (Regulation 2019/2243: it comes before the contract is concluded).
      const summaryUnread = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', contract_terms_accepted: true, contract_withdrawal_accepted: true, fea_conditions_accepted: true });
      expect(summaryUnread.status).toBe(422);
      expect(summaryUnread.body.error!.fields).toEqual({ contract_summary_read: 'Apri e leggi la sintesi contrattuale per continuare.' });
      const termsOnly = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, fea_conditions_accepted: true });
      expect(Object.keys(termsOnly.body.error!.fields!)).toEqual(['contract_withdrawal_accepted']);
      // The FEA conditions (DPCM 22/02/2013 art. 57) are accepted before a code is sent, like the others.
      const noFea = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', contract_summary_read: true, contract_terms_accepted: true, contract_withdrawal_accepted: true });
      expect(noFea.body.error!.fields).toEqual({ fea_conditions_accepted: 'Accetta le condizioni della firma elettronica avanzata per continuare.' });
      expect((await row(hash)).signing_locked_until).toBeNull();
    });

    it('are kept with the evidence and printed on the evidence page', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const code = await sendCode(hash);
      expect((await post(`/api/orders/${hash}/sign-with-otp`, { otp: code })).status).toBe(200);
      const evidence = await t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', (await row(hash)).id).executeTakeFirstOrThrow();
      expect(Object.keys(JSON.parse(evidence.acceptances_json!) as object).sort()).toEqual(['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted', 'fea_conditions_accepted']);
      const text = await signedText(hash);
      expect(text).toContain('Sintesi contrattuale letta');
      expect(text.replace(/\s+/g, ' ')).toContain(`Condizioni della firma elettronica avanzata accettate (versione ${FEA_CONDITIONS_VERSION})`);
      expect(text).not.toContain('periodo di ripensamento');
      expect(text).toContain('Condizioni generali di contratto accettate');
      expect(text).toContain('Informativa sul diritto di recesso e modulo di recesso letti');
    });
  });

  describe('while a code is pending', () => {
    it('refuses every change with 409 and changes nothing; the code still signs the previewed content', async () => {
      const hash = await readyOrder();
      const previewed = await previewText(hash);
      expect(previewed).toContain('Cover aggiuntiva Legno');
      const code = await sendCode(hash);
      const before = await row(hash);
      const changes: Array<[string, Record<string, unknown>]> = [
        ['update-order', { offer_id: 102, options: [added(8, 'voip')] }],
        ['step-contact', { ...PRIVATO_STEPS['step-contact'], first_name: 'Luigi' }],
        ['update-document-data', { ...PRIVATO_STEPS['step-document'], document_number: 'ZZ9999999' }],
        ['change-mobile-phone-number', { mobile_phone_number: '+393479998877' }],
      ];
      for (const [call, body] of changes) {
        const res = await post(`/api/orders/${hash}/${call}`, body);
        expect(res.status, call).toBe(409);
        expect(res.body.error, call).toMatchObject({ code: 'contract_frozen' });
        expect(res.body.error!.message).toMatch(/torna indietro/);
      }
      const after = await row(hash);
      expect({ ...after, updated_at: '' }).toEqual({ ...before, updated_at: '' });

      expect((await post(`/api/orders/${hash}/sign-with-otp`, { otp: code })).status).toBe(200);
      const signed = await signedText(hash);
      for (const line of ['Fibra Viva Casa 1 Giga', 'Cover aggiuntiva Marmo', 'Voce Illimitata Family', 'Mario']) expect(signed).toContain(line);
      expect(signed).not.toContain('Luigi');
    });

    it('going back voids the code; a changed order is signed only after a new preview and a new code', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const oldCode = await sendCode(hash);
      expect((await post(`/api/orders/${hash}/reopen-order`)).status).toBe(200);
      expect((await row(hash)).signing_locked_until).toBeNull();
      const changed = await post(`/api/orders/${hash}/update-order`, { offer_id: 101, options: [...FULL_SELECTION.options.slice(0, 3), added(9, 'voip')] });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);

      const refused = await post(`/api/orders/${hash}/sign-with-otp`, { otp: oldCode });
      expect(refused.status).toBe(409);
      // The preview no longer matches the order: no code can be asked for it either.
      nowMs += 60_000;
      expect((await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', ...ACCEPTED })).body.error!.code).toBe('preview_required');

      const text = await previewText(hash);
      expect(text).toContain('Voce 50');
      const newCode = await sendCode(hash);
      expect((await post(`/api/orders/${hash}/sign-with-otp`, { otp: newCode })).status).toBe(200);
      expect(await signedText(hash)).toContain('Voce 50');
    });

    it('a code cannot sign once the price of the same content changed (the promo ended after the preview)', async () => {
      // 23:50 in Rome on the promo's last day; the code is asked a minute later and used ten minutes after that.
      nowMs = Date.parse('2026-12-01T22:52:00Z');
      const hash = await readyOrder({ promo: 'BLACKFRIDAY' });
      const text = await previewText(hash);
      expect(text).toContain('Promozione BLACKFRIDAY');
      const code = await sendCode(hash);
      nowMs = Date.parse('2026-12-01T23:00:30Z');
      const res = await post(`/api/orders/${hash}/sign-with-otp`, { otp: code });
      expect(res.status).toBe(409);
      expect(res.body.error!.code).toBe('otp_document_changed');
      nowMs = Date.parse('2026-12-02T10:00:00Z');
    });
  });

  describe('activation during the withdrawal period', () => {
    it('is recorded only when the consumer asks for it, and printed on the evidence page', async () => {
      const hash = await readyOrder();
      await previewText(hash);
      const sent = await post(`/api/orders/${hash}/send-otp`, { mode: 'sms', ...ACCEPTED, early_activation_requested: true });
      expect(sent.status).toBe(200);
      const code = await latestCode();
      expect((await post(`/api/orders/${hash}/sign-with-otp`, { otp: code })).status).toBe(200);
      const evidence = await t.db.selectFrom('signature_evidence').selectAll().where('order_id', '=', (await row(hash)).id).executeTakeFirstOrThrow();
      expect(JSON.parse(evidence.acceptances_json!) as object).toHaveProperty('early_activation_requested');
      expect((await signedText(hash)).replace(/\s+/g, ' ')).toContain('Richiesta espressa di attivazione durante il periodo di ripensamento');
    });
  });
});
