import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLIC_API_KEY } from '../../config';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { createInjectClient, settle } from '../../../test/support/inject-client';
import type { InjectClient } from '../../../test/support/inject-client';
import { withoutRequestId } from '../../../test/support/request-id';
import { selectByShortHash } from './repository';
import { createMobileModule } from './routes';
import { DEMO_MOBILE } from './seed';
import { createMobileOrder } from './service';

const GOOD_CORRECTION = {
  donor_operator: 'vodafone', number_to_port: '+393491112233', old_iccid: '8939880000000000014',
  holder_first_name: ' Mario ', holder_last_name: 'Rossi', holder_cf: 'rssmra80a01h501u',
};

describeEachDialect('mobile orders', (dialect) => {
  let t: TestApp;
  /** The module's clock: the waits after wrong activations are tested by moving it. */
  const clock = { ms: Date.parse('2026-03-01T10:00:00Z') };
  const advance = (ms: number): void => { clock.ms += ms; };
  let ipCounter = 0;
  /** A client address of its own: the waits are counted per address. */
  const newIp = (): string => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true, modules: [createMobileModule({ activatePerMinute: 100_000, now: () => new Date(clock.ms) })] });
  });
  afterAll(async () => t.close());

  /** One call through the typed client, from `remoteAddress`: a client per call, so concurrent calls keep their own answers. */
  const call = <T>(make: (client: InjectClient) => Promise<T>, remoteAddress = '127.0.0.1') => {
    const client = createInjectClient(t.app, { remoteAddress });
    return settle(make(client), client);
  };
  const activate = (order_number: string, iccid_last5: string, ip = '127.0.0.1') =>
    call((c) => c.activateMobileOrder({ order_number, iccid_last5 }), ip);
  /** A fresh order ready to activate: ICCID …00017 unless given. */
  const readyOrder = (iccid = '8939010000000000017') => createMobileOrder(t.db, { mobilePhoneNumber: '3331234567', iccid });
  const mnpOrder = () => createMobileOrder(t.db, {
    mobilePhoneNumber: '3331234567', iccid: '8939010000000000025', donorOperator: 'tim', numberToPort: '3471234567',
  });

  describe('get-mobile-order', () => {
    it('answers the demo order awaiting porting confirmation', async () => {
      const { status, body, headers } = await call((c) => c.getMobileOrder({ code: DEMO_MOBILE.awaitingMnp.shortHash }));
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
      const { status, body } = await call((c) => c.getMobileOrder({ code: hash }));
      expect(status).toBe(404);
      expect(body.error?.code).toBe('mobile_order_not_found');
    });
  });

  describe('confirm-mobile-mnp-order', () => {
    it('confirms once; confirming again answers the same; then activation is possible', async () => {
      const o = await mnpOrder();
      expect((await activate(o.order_number, '00025')).body.error?.code).toBe('activation_not_ready');
      const first = await call((c) => c.confirmMobileMnpOrder({ short_hash: o.short_hash }));
      expect(first.status).toBe(200);
      expect(first.body.data?.status).toBe('mnp_confirmed');
      const second = await call((c) => c.confirmMobileMnpOrder({ short_hash: o.short_hash }));
      expect(second.body.data?.status).toBe('mnp_confirmed');
      expect((await activate(o.order_number, '00025')).status).toBe(200);
    });

    it('refuses an order without pending porting (409) and an unknown one (404)', async () => {
      const o = await readyOrder();
      const { status, body } = await call((c) => c.confirmMobileMnpOrder({ short_hash: o.short_hash }));
      expect(status).toBe(409);
      expect(body.error?.code).toBe('mnp_not_pending');
      expect((await call((c) => c.confirmMobileMnpOrder({ short_hash: 'AAAAAAAAAAAAAAAA' }))).status).toBe(404);
    });

    it('confirms exactly once under concurrency', async () => {
      const o = await mnpOrder();
      const results = await Promise.all(Array.from({ length: 8 }, () => call((c) => c.confirmMobileMnpOrder({ short_hash: o.short_hash }))));
      expect(results.every((r) => r.status === 200 && r.body.data?.status === 'mnp_confirmed')).toBe(true);
    });
  });

  describe('correct-mobile-mnp-order', () => {
    it('stores the correction and applies it, normalised', async () => {
      const o = await mnpOrder();
      const { status, body } = await call((c) => c.correctMobileMnpOrder({ short_hash: o.short_hash }, GOOD_CORRECTION));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ status: 'mnp_correction_requested', donor_operator: 'vodafone', number_to_port: '3491112233', holder_first_name: 'Mario' });
      const row = await selectByShortHash(t.db, o.short_hash);
      expect(row).toMatchObject({ old_iccid: '8939880000000000014', holder_cf: 'RSSMRA80A01H501U' });
      const corrections = await t.db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', '=', o.id).execute();
      expect(corrections).toHaveLength(1);
      // A second correction replaces the values and is kept too.
      await call((c) => c.correctMobileMnpOrder({ short_hash: o.short_hash }, { ...GOOD_CORRECTION, donor_operator: 'iliad' }));
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
      const { status, body } = await call((c) => c.correctMobileMnpOrder({ short_hash: o.short_hash }, { ...GOOD_CORRECTION, ...patch } as never));
      expect(status).toBe(422);
      expect(body.error?.code).toBe('validation_error');
      expect(Object.keys(body.error?.fields ?? {})).toContain(field);
      expect((await selectByShortHash(t.db, o.short_hash))?.status).toBe('awaiting_mnp_confirmation');
      expect(await t.db.selectFrom('mobile_mnp_corrections').selectAll().where('mobile_order_id', '=', o.id).execute()).toHaveLength(0);
    });

    it('accepts a company holder (11-digit CF of a valid partita IVA)', async () => {
      const o = await mnpOrder();
      const { status } = await call((c) => c.correctMobileMnpOrder({ short_hash: o.short_hash }, { ...GOOD_CORRECTION, holder_cf: '00743110157' }));
      expect(status).toBe(200);
    });

    it('refuses a correction once the SIM is ready or active (409, nothing stored)', async () => {
      const { status, body } = await call((c) => c.correctMobileMnpOrder({ short_hash: DEMO_MOBILE.active.shortHash }, GOOD_CORRECTION));
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

    it('the demo active order is already active (with its right digits)', async () => {
      const { status, body } = await activate(DEMO_MOBILE.active.orderNumber, '00033');
      expect(status).toBe(409);
      expect(body.error).toEqual({ code: 'already_active', message: 'La SIM è già attiva.', request_id: expect.any(String) });
    });

    it('answers an unknown order number exactly as wrong digits, whatever the order\'s state', async () => {
      const ready = await readyOrder();
      const awaiting = await mnpOrder();
      const answers = await Promise.all([
        activate('MO-2026-999999', '12345', newIp()),
        activate(ready.order_number, '12345', newIp()),
        activate(DEMO_MOBILE.active.orderNumber, '12345', newIp()),
        activate(awaiting.order_number, '12345', newIp()),
      ]);
      for (const a of answers) {
        expect(a.status).toBe(422);
        expect(withoutRequestId(a.raw)).toBe(withoutRequestId(answers[0]!.raw));
      }
      expect(answers[0]!.body.error).toEqual({
        code: 'activation_mismatch',
        message: "Il numero d'ordine o le ultime 5 cifre dell'ICCID non corrispondono: controlla la lettera che accompagna la SIM.",
        fields: { order_number: "Controlla il numero d'ordine.", iccid_last5: "Controlla le ultime 5 cifre dell'ICCID." },
        request_id: expect.any(String),
      });
    });

    it('waits the same for an unknown order number as for a known one', async () => {
      const known = await readyOrder();
      /** Five tries, one at once and then each after 1 s: the statuses, codes and waits. */
      const script = async (orderNumber: string) => {
        const ip = newIp();
        const seen: string[] = [];
        for (let i = 0; i < 6; i++) {
          const r = await activate(orderNumber, '99999', ip);
          seen.push(`${r.status} ${r.body.error?.code} ${r.body.error?.retry_after_seconds ?? '-'} ${r.body.error?.message}`);
          advance(1000);
        }
        return seen;
      };
      const start = clock.ms;
      const forKnown = await script(known.order_number);
      clock.ms = start;
      expect(await script('MO-2026-999998')).toEqual(forKnown);
    });

    it.each([['1234'], ['123456'], ['12a45'], [''], [12345]])('iccid_last5 %j must be exactly 5 digits (422)', async (digits) => {
      const { status, body } = await call((c) => c.activateMobileOrder({ order_number: 'MO-2026-000123', iccid_last5: digits as never }));
      expect(status).toBe(422);
      expect(Object.keys(body.error?.fields ?? {})).toEqual(['iccid_last5']);
    });

    it('wrong digits: three tries, then each next waits longer; nothing is compared while waiting; the right digits still activate', async () => {
      const o = await readyOrder();
      const ip = newIp();
      for (let i = 0; i < 3; i++) expect((await activate(o.order_number, '99999', ip)).body.error?.code).toBe('activation_mismatch');
      const early = await activate(o.order_number, '00017', ip);
      expect(early.status).toBe(429);
      expect(early.body.error).toEqual({ code: 'activation_delayed', message: 'Troppi tentativi non riusciti: per sicurezza puoi riprovare tra 2 secondi.', retry_after_seconds: 2, request_id: expect.any(String) });
      expect(early.headers['retry-after']).toBe('2');
      advance(2000);
      expect((await activate(o.order_number, '99999', ip)).status).toBe(422);
      const longer = await activate(o.order_number, '00017', ip);
      expect(longer.body.error).toMatchObject({ code: 'activation_delayed', retry_after_seconds: 4 });
      advance(3000);
      expect((await activate(o.order_number, '00017', ip)).body.error).toMatchObject({ code: 'activation_delayed', retry_after_seconds: 1 });
      expect((await activate(o.order_number, '00017', ip)).body.error?.message).toContain('tra 1 secondo.');
      advance(1000);
      expect((await activate(o.order_number, '00017', ip)).status).toBe(200);
      // The wrong digits given are there for the operator to see; the waits are counted on their own.
      expect(await selectByShortHash(t.db, o.short_hash)).toMatchObject({ status: 'active', activation_attempts: 4 });
    });

    it('a stranger who knows the order number cannot lock the customer out', async () => {
      const o = await readyOrder();
      // One stranger's address, trying again each time its wait is over: its waits grow towards an hour.
      const stranger = newIp();
      let strangerWait = 0;
      for (let i = 0; i < 12; i++) {
        const r = await activate(o.order_number, String(10_000 + i), stranger);
        if (r.status === 429) { strangerWait = r.body.error!.retry_after_seconds!; advance(strangerWait * 1000); i--; }
      }
      const stillWaiting = await activate(o.order_number, '00017', stranger);
      expect(stillWaiting.body.error!.retry_after_seconds!).toBeGreaterThan(strangerWait);
      expect(stillWaiting.body.error!.retry_after_seconds!).toBeGreaterThan(600);
      // Many strangers' addresses, one try each, as fast as the order number allows.
      for (let i = 0; i < 30; i++) {
        const ip = newIp();
        let r = await activate(o.order_number, String(20_000 + i), ip);
        if (r.status === 429) {
          const wait = r.body.error!.retry_after_seconds!;
          expect(wait).toBeLessThanOrEqual(60);
          advance(wait * 1000);
          r = await activate(o.order_number, String(20_000 + i), ip);
        }
        expect(r.body.error?.code).toBe('activation_mismatch');
      }
      // The customer, from their own address, waits a minute at most, then activates.
      const customer = newIp();
      const first = await activate(o.order_number, '00017', customer);
      expect(first.status).toBe(429);
      const wait = first.body.error!.retry_after_seconds!;
      expect(wait).toBeLessThanOrEqual(60);
      advance(wait * 1000);
      expect((await activate(o.order_number, '00017', customer)).status).toBe(200);
    });

    it('forgets failures after a day', async () => {
      const o = await readyOrder();
      const ip = newIp();
      for (let i = 0; i < 3; i++) await activate(o.order_number, '99999', ip);
      expect((await activate(o.order_number, '99999', ip)).status).toBe(429);
      advance(24 * 3_600_000);
      expect((await activate(o.order_number, '99999', ip)).status).toBe(422);
      // Only the new failure is left of this order number's.
      const key = createHash('sha256').update(o.order_number).digest('hex');
      expect(await t.db.selectFrom('mobile_activation_failures').select('ip').where('order_key', '=', key).execute()).toEqual([{ ip }]);
    });

    it('a right answer after some wrong ones still activates', async () => {
      const o = await readyOrder();
      const ip = newIp();
      await activate(o.order_number, '11111', ip);
      await activate(o.order_number, '22222', ip);
      expect((await activate(o.order_number, '00017', ip)).status).toBe(200);
    });

    it('parallel wrong guesses from one client: three are compared, the others wait', async () => {
      const o = await readyOrder();
      const ip = newIp();
      const results = await Promise.all(Array.from({ length: 20 }, () => activate(o.order_number, '99999', ip)));
      const codes = results.map((r) => r.body.error?.code);
      expect(codes.filter((c) => c === 'activation_mismatch')).toHaveLength(3);
      expect(codes.filter((c) => c === 'activation_delayed')).toHaveLength(17);
      expect(await t.db.selectFrom('mobile_activation_failures').select('id').where('ip', '=', ip).execute()).toHaveLength(3);
    });

    it('concurrent activations with the right digits activate once', async () => {
      const o = await readyOrder();
      const results = await Promise.all(Array.from({ length: 10 }, () => activate(o.order_number, '00017', newIp())));
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
    expect(statuses).toEqual([422, 422, 422, 429, 429]);
  });
});

describe('mobile module', () => {
  it('exports the demo values the docs list', () => {
    expect(DEMO_MOBILE.ready).toEqual({ shortHash: 'demoSimReady0001', orderNumber: 'MO-2026-000123', iccid: '8939010000000000017' });
  });
});
