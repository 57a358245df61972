import { IDEMPOTENCY_KEY_HEADER, providerEndpoints, toQueryString } from '@checkout/contract';
import type { ProviderEndpointDef } from '@checkout/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { createProviderToken } from '../../src/modules/provider';
import { envelopeProblem } from './hostile-requests';
import { hostileContentType, hostileKey, hostileRawBody, hostileValue, nastyString, oddPathSegment, toJsonText } from './hostile-values';
import { validArbitrary } from './zod-arbitrary';

/*
 * The provider API under the same promise as the public API and the console: whatever the provider's
 * systems (or anyone holding a token) send, a 2xx envelope or a 4xx one, never a 5xx, never an internal
 * detail. Generated from each call's own schema, then spoiled; with an order that exists (signed, verified)
 * or not, and with or without an `Idempotency-Key`, well-formed or not.
 */
const RUNS = Number(process.env.HOSTILE_RUNS) > 0 ? Number(process.env.HOSTILE_RUNS) : 30;

interface ProviderRequest { url: string; contentType?: string | undefined; payload?: string | Buffer; key?: string | undefined }

function providerRequest(def: ProviderEndpointDef, refs: string[]): fc.Arbitrary<ProviderRequest> {
  const ref = fc.oneof(fc.constantFrom(...refs), oddPathSegment);
  const valid = validArbitrary(def.request);
  const spoilt = fc.tuple(valid, hostileKey, hostileValue).map(([v, k, bad]) => ({ ...(v as object), [k]: bad }));
  const key = fc.oneof(fc.constant(undefined), fc.uuid(), nastyString);
  return fc.tuple(ref, key).chain(([r, k]) => {
    const path = def.path.replace('{order_ref}', encodeURIComponent(r));
    if (def.method === 'GET') {
      return fc.oneof(fc.constant({}), spoilt).map((q) => {
        let query = '';
        try { query = toQueryString(q as Record<string, unknown>); } catch { query = '?x=%zz'; }
        return { url: path + query };
      });
    }
    return fc.oneof(
      { weight: 3, arbitrary: valid.map((b) => ({ url: path, contentType: 'application/json', payload: toJsonText(b), key: k })) },
      { weight: 3, arbitrary: spoilt.map((b) => ({ url: path, contentType: 'application/json', payload: toJsonText(b), key: k })) },
      { weight: 1, arbitrary: hostileValue.map((v) => ({ url: path, contentType: 'application/json', payload: toJsonText(v), key: k })) },
      { weight: 1, arbitrary: fc.tuple(hostileRawBody, hostileContentType).map(([payload, contentType]) => ({ url: path, contentType, payload, key: k })) },
    );
  });
}

describeEachDialect('hostile input on every provider call', (dialect) => {
  let t: TestApp;
  let token: string;
  const refs: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect, { seed: true });
    token = (await createProviderToken(t.db, { name: 'Prova', scopes: ['orders:read', 'orders:write', 'appointments:write'] }, {
      operatorId: null, operatorEmail: null, ip: null, userAgent: 'test',
    }, new Date())).token;
    // A demo order taken to `verified` (arranged, not signed here): the calls find an order to act on.
    const order = await t.db.selectFrom('orders').select(['id', 'order_number']).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('orders').set({ workflow_status: 'verified' }).where('id', '=', order.id).execute();
    refs.push(order.id, order.order_number, 'FV-2026-ZZZZZZ', '00000000-0000-4000-8000-000000000000');
  });
  afterAll(async () => { await t?.close(); });

  for (const [name, def] of Object.entries(providerEndpoints) as Array<[string, ProviderEndpointDef]>) {
    it(`${name} (${def.method} ${def.path}): never a 5xx, always the envelope`, async () => {
      await fc.assert(fc.asyncProperty(providerRequest(def, refs), async (req) => {
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (req.contentType !== undefined) headers['content-type'] = req.contentType;
        if (req.key !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = req.key;
        const res = await t.app.inject({ method: def.method, url: req.url, headers, ...(req.payload === undefined ? {} : { payload: req.payload }) });
        const problem = envelopeProblem(res);
        expect(problem, `${def.method} ${req.url.slice(0, 200)} ${String(req.payload ?? '').slice(0, 200)}`).toBeNull();
      }), { numRuns: RUNS });
      expect((await t.app.inject({ method: 'GET', url: providerEndpoints.getOrder.path.replace('{order_ref}', refs[0]!), headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    });
  }
});
