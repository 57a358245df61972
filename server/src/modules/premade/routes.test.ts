import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../test/dialects';
import type { TestApp } from '../../test/dialects';
import { createPremadeOrder, findPremadeOrder, newPremadeCode, normalisePremadeCode } from '../orders/premade';
import { createOrdersModule } from '../orders/routes';
import { markOrderStatus } from '../orders/service';
import { createPremadeModule } from './routes';
import { DEMO_PREMADE } from './seed';

type Json = { result: boolean; data?: Record<string, unknown>; error?: { code: string; message: string; fields?: Record<string, string> } };

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
  let now = new Date();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true, modules: [createPremadeModule({ now: () => now }), createOrdersModule()] });
  });
  afterAll(async () => t.close());

  const post = async (url: string, payload: Record<string, unknown> = {}, key: string = DEMO_PUBLIC_API_KEY) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { api_key: key, ...payload } });
    return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
  };
  const fill = (code: string) => post(`/api/orders/${encodeURIComponent(code)}/fill-order`);

  it('loads the demo pre-made order with its fields to prefill', async () => {
    const { status, body, headers } = await fill(DEMO_PREMADE.code);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    const data = body.data as { order: { id: string; hash: string; status: string }; offer_id: number; fields: Record<string, unknown> };
    expect(data.offer_id).toBe(101);
    expect(data.order.status).toBe('draft');
    expect(data.order.hash).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(data.order.id).toBe(data.order.hash);
    expect(data.fields).toMatchObject({
      first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.com', mobile_phone_number: '3331234567',
      customer_type: 'privato', address: 'Via Roma', number: '1', city: 'Roma', province: 'RM', id_egon_civico: '0580910000001',
    });
    expect(data.fields.options).toEqual([expect.objectContaining({ id: 10 })]);
    expect(data.fields.technology).toMatch(/^(FTTH|FTTC|FWA)$/);
  });

  it.each(['pre2026demo', 'PRE-2026-DEMO', 'Pre 2026 Demo'])('is case-insensitive and ignores dashes/spaces: %s', async (code) => {
    const { status } = await fill(code);
    expect(status).toBe(200);
  });

  it.each(['NOPE123456', 'ABCDEFGHJK', 'x', '%25%25', 'a'.repeat(30)])('an unknown or malformed code is 404 premade_not_found: %s', async (code) => {
    const { status, body } = await fill(code);
    expect(status).toBe(404);
    expect(body.error).toEqual({ code: 'premade_not_found', message: 'Codice ordine non valido' });
  });

  it('an expired code is 410 premade_expired', async () => {
    const { status, body } = await fill(DEMO_PREMADE.expiredCode);
    expect(status).toBe(410);
    expect(body.error?.code).toBe('premade_expired');
  });

  it('a signed order is 409 premade_signed (even when also expired)', async () => {
    expect((await fill(DEMO_PREMADE.signedCode)).body.error?.code).toBe('premade_signed');
    const old = await createPremadeOrder(t.db, { offerId: 101, fields: {}, now: new Date('2025-01-01T00:00:00Z') });
    await markOrderStatus(t.db, old.id, 'signed');
    const { status, body } = await fill(old.code);
    expect(status).toBe(409);
    expect(body.error?.code).toBe('premade_signed');
  });

  it('a cancelled order is 410', async () => {
    const c = await createPremadeOrder(t.db, { offerId: 101, fields: {} });
    await markOrderStatus(t.db, c.id, 'cancelled');
    expect((await fill(c.code)).status).toBe(410);
  });

  it('expires 30 days after creation', async () => {
    const created = new Date('2026-03-01T10:00:00Z');
    const c = await createPremadeOrder(t.db, { offerId: 101, fields: { first_name: 'Anna' }, now: created });
    expect(c.expires_at).toBe('2026-03-31T10:00:00.000Z');
    try {
      now = new Date('2026-03-31T09:59:59Z');
      expect((await fill(c.code)).status).toBe(200);
      now = new Date('2026-03-31T10:00:00Z');
      expect((await fill(c.code)).status).toBe(410);
    } finally {
      now = new Date();
    }
  });

  it('the visitor continues through the normal calls on the returned hash', async () => {
    const c = await createPremadeOrder(t.db, { offerId: 101, fields: { first_name: 'Lucia', email: 'lucia@example.com' } });
    const first = (await fill(c.code)).body.data as { order: { hash: string } };
    const upd = await post(`/api/orders/${first.order.hash}/update-order`, { offer_id: 101, last_name: 'Bianchi' });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const again = (await fill(c.code)).body.data as { fields: Record<string, unknown> };
    expect(again.fields).toMatchObject({ first_name: 'Lucia', last_name: 'Bianchi', email: 'lucia@example.com' });
    expect((await findPremadeOrder(t.db, c.code))?.hash).toBe(first.order.hash);
  });

  it('needs the api key', async () => {
    const { status, body } = await post(`/api/orders/${DEMO_PREMADE.code}/fill-order`, {}, 'wrong-key');
    expect(status).toBe(401);
    expect(body.result).toBe(false);
  });

  it('refuses an unknown offer or option when creating', async () => {
    await expect(createPremadeOrder(t.db, { offerId: 999, fields: {} })).rejects.toMatchObject({ status: 422, fields: { offer_id: 'Offerta non trovata.' } });
    await expect(createPremadeOrder(t.db, { offerId: 101, fields: {}, optionIds: [9999] })).rejects.toMatchObject({ status: 422 });
    await expect(createPremadeOrder(t.db, { offerId: 101, fields: {}, code: DEMO_PREMADE.code })).rejects.toThrow();
  });
});

describeEachDialect('fill-order rate limit', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [createPremadeModule({ fillOrderPerMinute: 3 })] }); });
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
