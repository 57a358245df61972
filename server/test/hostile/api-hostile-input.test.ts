import { endpoints } from '@checkout/contract';
import type { EndpointDef } from '@checkout/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../../src/http/nul-characters';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { API_KEY, loadFixtures, unthrottledModules } from './fixtures';
import type { Fixtures } from './fixtures';
import { describeRequest, envelopeProblem, hintsFor, hostileRequest } from './hostile-requests';
import type { HostileRequest, RequestKind } from './hostile-requests';

/*
 * Property: whatever a client sends to any call of the contract, the server answers 2xx with
 * `{result:true,data}` or 4xx with the error envelope; never a 5xx, never a hang, never a leak; and
 * it is still healthy afterwards. Requests are generated from the contract's own zod schemas
 * (zod-arbitrary.ts) and then spoiled in every way hostile-values.ts knows.
 *
 * Bounded for `npm test`: RUNS requests per endpoint. `HOSTILE_RUNS=2000` runs a long campaign;
 * `HOSTILE_SEED=<n>` replays one; `HOSTILE_REPORT=1` prints what was generated and answered.
 */
const RUNS = Number(process.env.HOSTILE_RUNS) > 0 ? Number(process.env.HOSTILE_RUNS) : 40;
const SEED = Number.isInteger(Number(process.env.HOSTILE_SEED)) && process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
const REPORT = process.env.HOSTILE_REPORT === '1';

interface Tally { kinds: Partial<Record<RequestKind, number>>; statuses: Record<number, number>; valid: number; validAccepted: number }

describeEachDialect('hostile input on every endpoint', (dialect) => {
  let t: TestApp;
  let fx: Fixtures;
  const tallies = new Map<string, Tally>();
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    t = await buildTestApp(dialect, { seed: true, modules: unthrottledModules() });
    fx = await loadFixtures(t);
  });
  afterAll(async () => {
    if (REPORT) {
      const lines = [...tallies].map(([name, s]) =>
        `${name.padEnd(26)} ${JSON.stringify(s.kinds)} → ${JSON.stringify(s.statuses)}; valid bodies accepted by the schema ${s.validAccepted}/${s.valid}`);
      console.info(`[${dialect.name}] hostile input, ${RUNS} runs per endpoint, ${((Date.now() - started) / 1000).toFixed(1)} s\n${lines.join('\n')}`);
    }
    await t?.close();
  });

  const send = async (req: HostileRequest) => t.app.inject({
    method: 'POST',
    url: req.url,
    payload: req.payload,
    headers: req.contentType === undefined ? {} : { 'content-type': req.contentType },
  });

  for (const [name, def] of Object.entries(endpoints) as Array<[string, EndpointDef]>) {
    it(`${name} (${def.path}): never a 5xx, always the envelope`, async () => {
      const tally: Tally = { kinds: {}, statuses: {}, valid: 0, validAccepted: 0 };
      tallies.set(name, tally);
      const arbitrary = hostileRequest(def, fx, hintsFor(fx));
      await fc.assert(fc.asyncProperty(arbitrary, async (req) => {
        const res = await send(req);
        tally.kinds[req.kind] = (tally.kinds[req.kind] ?? 0) + 1;
        tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] ?? 0) + 1;
        if (req.kind === 'valid') { tally.valid++; if (req.schemaAccepts) tally.validAccepted++; }
        const problem = envelopeProblem(res);
        if (problem) throw new Error(`${problem}\nrequest: ${describeRequest(req)}`);
      }), { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) });
    }, Math.max(30_000, RUNS * 250));

    // The generator is only worth something if its "valid" bodies are valid: otherwise every run would
    // stop at the 422 and nothing behind the validation would be reached. Judged on a fixed sample large
    // enough to mean something (a handful of bodies out of RUNS made the share a coin toss).
    it(`${name}: most generated "valid" bodies pass the contract's schema`, () => {
      const valid = fc.sample(hostileRequest(def, fx, hintsFor(fx)), { numRuns: 200, seed: 20261124 }).filter((r) => r.kind === 'valid');
      expect(valid.length).toBeGreaterThanOrEqual(20);
      expect(valid.filter((r) => r.schemaAccepts).length / valid.length).toBeGreaterThan(0.3);
    });
  }

  // What the property found, kept as plain examples so they are checked on every run whatever the seed.
  describe('regressions found by this file', () => {
    // PostgreSQL text cannot hold U+0000: the lookup failed and the answer was a 500 (SQLite answered 404).
    it.each([
      ['/api/offers/101', { promo: 'RM\u0000' }],
      ['/api/offers/get-promo/', { promo_code: 'RM\u0000', customer_type: 'privato' }],
      ['/api/utility/check-copertura/address-preview/', { id_egon_civico: 'RM\u0000' }],
      ['/api/utility/check-copertura/get-id-building-info/', { id_building: 'RM\u0000' }],
      ['/api/orders/activate-mobile-order', { order_number: 'MO-2026\u0000', iccid_last5: '12345' }],
      ['/api/orders/new', { offer_id: 101, referer_code: 'AMICO\u0000' }],
    ])('refuses text holding NUL at %s with a 422 on that field', async (url, body) => {
      const res = await t.app.inject({ method: 'POST', url, payload: { api_key: API_KEY, ...body } });
      expect(res.statusCode, res.body).toBe(422);
      const field = Object.keys(body).find((k) => String((body as Record<string, unknown>)[k]).includes('\u0000'))!;
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields).toEqual({ [field]: NUL_MESSAGE });
    });

    it('answers a media id holding NUL like any unknown media (PostgreSQL failed on it)', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/medias/a%00/delete', payload: { api_key: API_KEY, order_id: fx.orderHashes[0] } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ result: false, error: { code: 'not_found', message: 'Documento non trovato', request_id: expect.any(String) } });
    });

    it('answers a truncated or boundary-less multipart upload with a 400, not a 500', async () => {
      for (const payload of ['garbage', '--xyz\r\nContent-Disposition: form-data; name="api_key"\r\n\r\nx\r\n']) {
        const res = await t.app.inject({
          method: 'POST', url: `/api/orders/${fx.orderHashes[0]}/document-upload`, payload,
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        });
        expect(res.statusCode).toBe(400);
        expect(envelopeProblem(res)).toBeNull();
      }
    });
  });

  it('is still healthy afterwards, and nothing polluted Object.prototype', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, data: { status: 'ok' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
