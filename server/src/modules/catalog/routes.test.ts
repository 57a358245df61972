import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, expectRefusal } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from '../../infra/pdf/pdf-text';
import { DEFAULT_CATALOG_FILE } from './catalog-file';
import { createCatalogModule } from './routes';
import { seedPromoCodes } from './seed';

const NOW = new Date('2026-11-21T10:00:00Z');
const key = { api_key: DEMO_PUBLIC_API_KEY };

describeEachDialect('catalogue calls', (dialect) => {
  let t: TestApp;
  let api: InjectClient;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: [createCatalogModule({ now: () => NOW })] });
    await seedPromoCodes(t.db);
    api = createInjectClient(t.app);
  });
  afterAll(async () => t.close());

  it('getOffer answers the public offer, sorted, without hidden_public options', async () => {
    const offer = await api.getOffer({ offer_id: 101 });
    const options = offer.options;
    expect(options.map((o) => o.id)).not.toContain(45);
    // The schema defaults hidden_public and drops unknown keys: what the server left out is read on the wire.
    const wire = api.lastAnswer().body as { result: boolean; data: { options: Array<{ hidden_public: boolean }> } };
    expect(wire.result).toBe(true);
    expect(wire.data.options.every((o) => !o.hidden_public)).toBe(true);
    for (let i = 1; i < options.length; i++) {
      const [a, b] = [options[i - 1]!, options[i]!];
      expect(a.recurrent_cost < b.recurrent_cost || (a.recurrent_cost === b.recurrent_cost && a.cash_amount <= b.cash_amount)).toBe(true);
    }
    expect(wire.data).not.toHaveProperty('clusters');
  });

  it('getOffer marks the offer a valid promo is tied to, and ignores a stale promo', async () => {
    expect((await api.getOffer({ offer_id: 101 }, { promo: 'blackfriday' })).highlights).toEqual(['preferred', 'promo']);
    expect((await api.getOffer({ offer_id: 101 }, { promo: 'SCADUTO' })).highlights).toEqual(['preferred']);
    // Resolving means a 200 (the inject client checks it).
    await api.getOffer({ offer_id: 101 }, { promo: 'NONESISTE' });
  });

  it('serves each offer\'s contract summary for a technology it uses, with the declared speeds and terms', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/offers/203/summary.pdf?technology=FTTC' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = await pdfText(pdf);
    for (const needle of [
      'Scheda dell\'offerta', 'Fibra Viva Business Voucher', 'fibra misto rame (FTTC)', 'IVA esclusa',
      'Download: minima 20 Mbit/s · normalmente disponibile 150 Mbit/s · massima 200 Mbit/s',
      'Vincolo di 24 mesi', 'passaggio ad altro operatore 24,90', 'cessazione del servizio 24,90', 'un contributo di 500,00',
      'contributo voucher dei mesi mancanti', 'in comodato d’uso gratuito',
    ]) expect(text.replace(/\s+/g, ' '), needle).toContain(needle.replace(/\s+/g, ' '));
    expect(await pdfText((await t.app.inject({ method: 'GET', url: '/api/offers/101/summary.pdf' })).rawPayload)).toContain('fibra (FTTH');
  });

  it.each([
    ['an unknown offer', '/api/offers/999/summary.pdf', 404, 'not_found'],
    ['a technology the offer does not use', '/api/offers/101/summary.pdf?technology=FWA', 422, 'validation_error'],
    ['a made-up technology', `/api/offers/101/summary.pdf?technology=${'X'.repeat(5000)}`, 422, 'validation_error'],
  ])('the offer summary refuses %s with the error envelope', async (_name, url, status, code) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ result: false, error: { code } });
  });

  // Bodies the contract's types refuse on purpose go through `as never`: the server must refuse them too.
  it.each([
    ['unknown offer', '999', {}, undefined, 404, 'not_found'],
    ['offer id not a number', 'abc', {}, undefined, 422, 'validation_error'],
    ['offer id zero', '0', {}, undefined, 422, 'validation_error'],
    ['offer of the other customer type', '201', { customer_type: 'privato' }, undefined, 422, 'offer_wrong_customer_type'],
    ['bad customer_type', '101', { customer_type: 'azienda' }, undefined, 422, 'validation_error'],
    ['missing api key', '101', {}, null, 401, 'invalid_api_key'],
    ['wrong api key', '101', {}, 'nope', 401, 'invalid_api_key'],
  ])('getOffer: %s', async (_name, offerId, body, apiKey, status, code) => {
    const client = apiKey === undefined ? api : createInjectClient(t.app, { apiKey });
    const res = await expectRefusal(client.getOffer({ offer_id: offerId }, body as never), client);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ result: false, error: { code } });
  });

  it('getOffer answers each customer type for itself, whatever was asked before', async () => {
    const asBusiness = await api.getOffer({ offer_id: 201 }, { customer_type: 'business' });
    expect(asBusiness.id).toBe(201);
    const res = await expectRefusal(api.getOffer({ offer_id: 201 }, { customer_type: 'privato' }), api);
    expect(res.body).toMatchObject({ result: false, error: { code: 'offer_wrong_customer_type' } });
    expect((await api.getOffer({ offer_id: 201 }, { customer_type: 'business' })).id).toBe(201);
  });

  it('getOffer names the bad field', async () => {
    expect((await expectRefusal(api.getOffer({ offer_id: 'abc' }), api)).fields).toEqual({ offer_id: expect.any(String) });
    expect((await expectRefusal(api.getOffer({ offer_id: 101 }, { customer_type: 'azienda' as never }), api)).fields).toHaveProperty('customer_type');
  });

  it('answers amounts in euros, the SPEC\'s unit (cents stay inside the server)', async () => {
    // The unit on the wire: read raw, since the client turns euros into cents.
    const res = await t.app.inject({ method: 'POST', url: '/api/offers/101', payload: key });
    const offer = (res.json() as { data: { recurrent_cost: number; cash_amount: number; options: Array<{ id: number; cash_amount: number }> } }).data;
    expect([offer.recurrent_cost, offer.cash_amount]).toEqual([26.9, 39.9]);
    expect(offer.options.find((o) => o.id === 22)?.cash_amount).toBe(149);
    // The client reads the same amounts as cents.
    const parsed = await api.getOffer({ offer_id: 101 });
    expect([parsed.recurrent_cost, parsed.cash_amount]).toEqual([2690, 3990]);
  });

  it('getPromo answers a valid code, case-insensitively, with or without the trailing slash', async () => {
    const promo = await api.getPromo({ promo_code: ' xmas26 ', customer_type: 'privato', cluster: 'A' });
    expect(promo).toEqual({ code: 'XMAS26', description: expect.any(String), offer_id: null, recurrent_discount: 0, cash_discount: 3990, discount_months: null, valid_until: '2027-01-06' });
    expect(api.lastAnswer().body).toEqual({ result: true, data: { code: 'XMAS26', description: expect.any(String), offer_id: null, recurrent_discount: 0, cash_discount: 39.9, discount_months: null, valid_until: '2027-01-06' } });
    // The contract names the path with its slash; the one without stays a raw request.
    const res = await t.app.inject({ method: 'POST', url: '/api/offers/get-promo', payload: { ...key, promo_code: ' xmas26 ', customer_type: 'privato', cluster: 'A' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, data: { code: 'XMAS26', description: expect.any(String), offer_id: null, recurrent_discount: 0, cash_discount: 39.9, discount_months: null, valid_until: '2027-01-06' } });
  });

  it.each([
    ['unknown', { promo_code: 'NIENTE', customer_type: 'privato' }, 404, 'promo_not_found', 'Codice promozionale non valido'],
    ['expired', { promo_code: 'Scaduto', customer_type: 'privato' }, 422, 'promo_expired', 'Codice promozionale scaduto'],
    ['wrong customer type', { promo_code: 'BUSINESS10', customer_type: 'privato' }, 422, 'promo_wrong_customer_type', undefined],
    ['wrong cluster', { promo_code: 'CLUSTERC', customer_type: 'privato', cluster: 'B' }, 422, 'promo_wrong_cluster', undefined],
    ['empty code', { promo_code: '  ', customer_type: 'privato' }, 422, 'validation_error', undefined],
    ['missing customer type', { promo_code: 'XMAS26' }, 422, 'validation_error', undefined],
  ])('getPromo: %s', async (_name, payload, status, code, message) => {
    const res = await expectRefusal(api.getPromo(payload as never), api);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ result: false, error: { code } });
    if (message) expect(res.message).toBe(message);
  });

  it('getPromo without the api key is 401', async () => {
    const keyless = createInjectClient(t.app, { apiKey: null });
    expect((await expectRefusal(keyless.getPromo({ promo_code: 'XMAS26', customer_type: 'privato' }), keyless)).status).toBe(401);
  });

  it('the default module list serves the catalogue', async () => {
    const other = await buildTestApp(dialect);
    try {
      expect((await other.app.inject({ method: 'POST', url: '/api/offers/201', payload: key })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('a broken catalogue stops the start with the file and the JSON path', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'catalog-start-'));
    try {
      const file = path.join(dir, 'catalog.json');
      const catalog = JSON.parse(readFileSync(DEFAULT_CATALOG_FILE, 'utf8')) as { offers: Array<{ options: Array<Record<string, unknown>> }> };
      catalog.offers[2]!.options[5]!.recurrent_cost = 'gratis';
      writeFileSync(file, JSON.stringify(catalog));
      await expect(buildTestApp(dialect, { modules: [createCatalogModule({ file })] })).rejects.toThrow(/catalog\.json: offers\[2\]\.options\[5\]\.recurrent_cost: /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
