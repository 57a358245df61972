import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../test/dialects';
import type { TestApp } from '../../test/dialects';
import { selectByShortHash } from './repository';
import { createMobileModule } from './routes';
import { DEMO_MOBILE } from './seed';
import { MAX_ACTIVATION_ATTEMPTS, createMobileOrder } from './service';

type Json = { result: boolean; data?: Record<string, unknown>; error?: { code: string; message: string; fields?: Record<string, string> } };

const GOOD_CORRECTION = {
  donor_operator: 'vodafone', number_to_port: '+393491112233', old_iccid: '8939880000000000014',
  holder_first_name: ' Mario ', holder_last_name: 'Rossi', holder_cf: 'rssmra80a01h501u',
};

describeEachDialect('mobile orders', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true, modules: [createMobileModule({ activatePerMinute: 100_000 })] });
  });
  afterAll(async () => t.close());

  const post = async (url: string, payload: Record<string, unknown> = {}) => {
    const res = await t.app.inject({ method: 'POST', url, payload: { api_key: DEMO_PUBLIC_API_KEY, ...payload } });
    return { status: res.statusCode, body: res.json() as Json, headers: res.headers };
  };
  const activate = (order_number: string, iccid_last5: string) => post('/api/orders/activate-mobile-order', { order_number, iccid_last5 });
  /** A fresh order ready to activate: ICCID …00017 unless given. */
  const readyOrder = (iccid = '8939010000000000017') => createMobileOrder(t.db, { mobilePhoneNumber: '3331234567', iccid });
  const mnpOrder = () => createMobileOrder(t.db, {
    mobilePhoneNumber: '3331234567', iccid: '8939010000000000025', donorOperator: 'tim', numberToPort: '3471234567',
  });

  describe('get-mobile-order', () => {
    it('answers the demo order awaiting porting confirmation', async () => {
      const { status, body, headers } = await post(`/api/orders/${DEMO_MOBILE.awaitingMnp.shortHash}/get-mobile-order`);
      expect(status).toBe(200);
      expect(headers['cache-control']).toBe('no-store');
      expect(body.data).toEqual({
        short_hash: DEMO_MOBILE.awaitingMnp.shortHash, order_number: 'MO-2026-000101', mobile_phone_number: '3201234567',
        status: 'awaiting_mnp_confirmation', donor_operator: 'tim', number_to_port: '3471234567',
        holder_first_name: 'Mario', holder_last_name: 'Rossi',
      });
      expect(JSON.stringify(body)).not.toContain('8939');
    });

    it.each(['AAAAAAAAAAAAAAAA', 'short', 'x'.repeat(40)])('unknown or malformed hash %s → 404 mobile_order_not_found', async (hash) => {
      const { status, body } = await post(`/api/orders/${hash}/get-mobile-order`);
      expect(status).toBe(404);
      expect(body.error?.code).toBe('mobile_order_not_found');
    });
  });

  describe('confirm-mobile-mnp-order', () => {
    it('confirms once; confirming again answers the same; then activation is possible', async () => {
      const o = await mnpOrder();
      expect((await activate(o.order_number, '00025')).body.error?.code).toBe('activation_not_ready');
      const first = await post(`/api/orders/${o.short_hash}/confirm-mobile-mnp-order`);
      expect(first.status).toBe(200);
      expect(first.body.data?.status).toBe('mnp_confirmed');
      const second = await post(`/api/orders/${o.short_hash}/confirm-mobile-mnp-order`);
      expect(second.body.data?.status).toBe('mnp_confirmed');
      expect((await activate(o.order_number, '00025')).status).toBe(200);
    });

    it('refuses an order without pending porting (409) and an unknown one (404)', async () => {
      const o = await readyOrder();
      const { status, body } = await post(`/api/orders/${o.short_hash}/confirm-mobile-mnp-order`);
      expect(status).toBe(409);
      expect(body.error?.code).toBe('mnp_not_pending');
      expect((await post('/api/orders/AAAAAAAAAAAAAAAA/confirm-mobile-mnp-order')).status).toBe(404);
    });

    it('confirms exactly once under concurrency', async () => {
      const o = await mnpOrder();
      const results = await Promise.all(Array.from({ length: 8 }, () => post(`/api/orders/${o.short_hash}/confirm-mobile-mnp-order`)));
      expect(results.every((r) => r.status === 200 && r.body.data?.status === 'mnp_confirmed')).toBe(true);
    });
  });

  describe('correct-mobile-mnp-order', () => {
    it('stores the correction and applies it, normalised', async () => {
      const o = await mnpOrder();
      const { status, body } = await post(`/api/orders/${o.short_hash}/correct-mobile-mnp-order`, GOOD_CORRECTION);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ status: 'mnp_correction_requested', donor_operator: 'vodafone', number_to_port: '3491112233', holder_first_name: 'Mario' });
      const row = await selectByShortHash(t.db, o.short_hash);
      expect(row).toMatchObject({ old_iccid: '8939880000000000014', holder_cf: 'RSSMRA80A01H501U' });
      const corrections = await t.db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', '=', o.id).execute();
      expect(corrections).toHaveLength(1);
      // A second correction replaces the values and is kept too.
      await post(`/api/orders/${o.short_hash}/correct-mobile-mnp-order`, { ...GOOD_CORRECTION, donor_operator: 'iliad' });
      expect((await selectByShortHash(t.db, o.short_hash))?.donor_operator).toBe('iliad');
      expect(await t.db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', '=', o.id).execute()).toHaveLength(2);
      // Corrected data must be re-checked by the provider: activation waits.
      expect((await activate(o.order_number, '00025')).body.error?.code).toBe('activation_not_ready');
    });

    it.each([
      [{ donor_operator: 'acme-mobile' }, 'donor_operator'],
      [{ number_to_port: '0612345678' }, 'number_to_port'],
      [{ number_to_port: '33312' }, 'number_to_port'],
      [{ old_iccid: '8939880000000000015' }, 'old_iccid'],
      [{ old_iccid: '893988000000000001' }, 'old_iccid'],
      [{ holder_first_name: '' }, 'holder_first_name'],
      [{ holder_first_name: '   ' }, 'holder_first_name'],
      [{ holder_last_name: undefined }, 'holder_last_name'],
      [{ holder_cf: 'RSSMRA80A01H501X' }, 'holder_cf'],
      [{ holder_cf: '12345678901' }, 'holder_cf'],
    ])('refuses %o with a 422 on %s and changes nothing', async (patch, field) => {
      const o = await mnpOrder();
      const { status, body } = await post(`/api/orders/${o.short_hash}/correct-mobile-mnp-order`, { ...GOOD_CORRECTION, ...patch });
      expect(status).toBe(422);
      expect(body.error?.code).toBe('validation_error');
      expect(Object.keys(body.error?.fields ?? {})).toContain(field);
      expect((await selectByShortHash(t.db, o.short_hash))?.status).toBe('awaiting_mnp_confirmation');
      expect(await t.db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', '=', o.id).execute()).toHaveLength(0);
    });

    it('accepts a company holder (11-digit CF of a valid partita IVA)', async () => {
      const o = await mnpOrder();
      const { status } = await post(`/api/orders/${o.short_hash}/correct-mobile-mnp-order`, { ...GOOD_CORRECTION, holder_cf: '00743110157' });
      expect(status).toBe(200);
    });

    it('refuses a correction once the SIM is ready or active (409, nothing stored)', async () => {
      const { status, body } = await post(`/api/orders/${DEMO_MOBILE.active.shortHash}/correct-mobile-mnp-order`, GOOD_CORRECTION);
      expect(status).toBe(409);
      expect(body.error?.code).toBe('mnp_not_pending');
      const active = await selectByShortHash(t.db, DEMO_MOBILE.active.shortHash);
      expect(await t.db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', '=', active!.id).execute()).toHaveLength(0);
    });
  });

  describe('activate-mobile-order', () => {
    it('activates the demo order with the right digits', async () => {
      const { status, body } = await activate(' mo-2026-000123 ', DEMO_MOBILE.ready.iccid.slice(-5));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toEqual({ activated: true, short_hash: DEMO_MOBILE.ready.shortHash });
      const again = await activate(DEMO_MOBILE.ready.orderNumber, '00017');
      expect(again.status).toBe(409);
      expect(again.body.error?.code).toBe('already_active');
    });

    it('the demo active order is already active', async () => {
      const { status, body } = await activate(DEMO_MOBILE.active.orderNumber, '00033');
      expect(status).toBe(409);
      expect(body.error?.code).toBe('already_active');
    });

    it('an unknown order number is 404 mobile_order_not_found', async () => {
      const { status, body } = await activate('MO-2026-999999', '12345');
      expect(status).toBe(404);
      expect(body.error?.code).toBe('mobile_order_not_found');
    });

    it.each([['1234'], ['123456'], ['12a45'], [''], [12345]])('iccid_last5 %j must be exactly 5 digits (422)', async (digits) => {
      const { status, body } = await post('/api/orders/activate-mobile-order', { order_number: 'MO-2026-000123', iccid_last5: digits });
      expect(status).toBe(422);
      expect(Object.keys(body.error?.fields ?? {})).toEqual(['iccid_last5']);
    });

    it('wrong digits: 422 with the attempts left, the 5th wrong one locks (423), and then even the right digits are refused', async () => {
      const o = await readyOrder();
      const seen: Array<[number, string | undefined, string | undefined, unknown]> = [];
      for (let i = 0; i < MAX_ACTIVATION_ATTEMPTS; i++) {
        const r = await activate(o.order_number, '99999');
        seen.push([r.status, r.body.error?.code, r.body.error?.fields?.iccid_last5, (r.body.error as { attempts_left?: number } | undefined)?.attempts_left]);
      }
      expect(seen.map(([s, c]) => [s, c])).toEqual([
        [422, 'iccid_mismatch'], [422, 'iccid_mismatch'], [422, 'iccid_mismatch'], [422, 'iccid_mismatch'], [423, 'activation_locked'],
      ]);
      expect(seen[0]?.[2]).toContain('Restano 4 tentativi');
      expect(seen[0]?.[3]).toBe(4);
      expect(seen[3]?.[2]).toContain('Resta 1 tentativo');
      const right = await activate(o.order_number, '00017');
      expect(right.status).toBe(423);
      expect(right.body.error?.code).toBe('activation_locked');
      expect((await selectByShortHash(t.db, o.short_hash))?.status).toBe('ready_to_activate');
    });

    it('a right answer after some wrong ones still activates', async () => {
      const o = await readyOrder();
      await activate(o.order_number, '11111');
      await activate(o.order_number, '22222');
      expect((await activate(o.order_number, '00017')).status).toBe(200);
    });

    it('parallel wrong guesses count exactly up to the limit', async () => {
      const o = await readyOrder();
      const results = await Promise.all(Array.from({ length: 20 }, () => activate(o.order_number, '99999')));
      const codes = results.map((r) => r.body.error?.code);
      expect(codes.filter((c) => c === 'iccid_mismatch')).toHaveLength(MAX_ACTIVATION_ATTEMPTS - 1);
      expect(codes.filter((c) => c === 'activation_locked')).toHaveLength(20 - (MAX_ACTIVATION_ATTEMPTS - 1));
      expect((await selectByShortHash(t.db, o.short_hash))?.activation_attempts).toBe(MAX_ACTIVATION_ATTEMPTS);
    });

    it('concurrent activations with the right digits activate once', async () => {
      const o = await readyOrder();
      const results = await Promise.all(Array.from({ length: 10 }, () => activate(o.order_number, '00017')));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(results.filter((r) => r.status === 409 && r.body.error?.code === 'already_active')).toHaveLength(9);
      const row = await selectByShortHash(t.db, o.short_hash);
      expect(row).toMatchObject({ status: 'active', activation_attempts: 0 });
      expect(row?.activated_at).toMatch(/^\d{4}-/);
    });
  });

  describe('createMobileOrder (operator tooling)', () => {
    it.each([
      [{ iccid: '8939010000000000018' }, 'iccid'],
      [{ iccid: '8944010000000000017' }, 'iccid'],
      [{ mobilePhoneNumber: '061234567' }, 'mobile_phone_number'],
      [{ donorOperator: 'nope', numberToPort: '3471234567' }, 'donor_operator'],
      [{ donorOperator: 'tim' }, 'number_to_port'],
      [{ numberToPort: '3471234567' }, 'donor_operator'],
      [{ donorOperator: 'tim', numberToPort: '3471234567', oldIccid: '123' }, 'old_iccid'],
      [{ donorOperator: 'tim', numberToPort: '3471234567', holderCf: 'XXX' }, 'holder_cf'],
    ])('refuses %o on %s', async (patch, field) => {
      await expect(createMobileOrder(t.db, { mobilePhoneNumber: '3331234567', iccid: '8939010000000000017', ...patch }))
        .rejects.toMatchObject({ status: 422, fields: expect.objectContaining({ [field]: expect.any(String) }) });
    });
  });
});

describeEachDialect('activate-mobile-order per-IP limit', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [createMobileModule({ activatePerMinute: 3 })] }); });
  afterAll(async () => t.close());

  it('answers 429 past the per-route limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/orders/activate-mobile-order', payload: { api_key: DEMO_PUBLIC_API_KEY, order_number: `MO-2026-00000${i}`, iccid_last5: '12345' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });
});

describe('mobile module', () => {
  it('exports the demo values the docs list', () => {
    expect(DEMO_MOBILE.ready).toEqual({ shortHash: 'demoSimReady0001', orderNumber: 'MO-2026-000123', iccid: '8939010000000000017' });
  });
});
