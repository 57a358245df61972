import { CSRF_HEADER, consoleEndpoints, toQueryString } from '@checkout/contract';
import type { ConsoleEndpointDef } from '@checkout/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../support/dialects';
import type { TestApp } from '../support/dialects';
import { signInOperator } from '../support/console-session';
import type { SignedInTestOperator } from '../support/console-session';
import { envelopeProblem } from './hostile-requests';
import { hostileContentType, hostileKey, hostileRawBody, hostileValue, oddPathSegment, toJsonText } from './hostile-values';
import { validArbitrary } from './zod-arbitrary';

/*
 * The console's calls under the same promise as the API's: whatever a signed-in admin's browser (or
 * anyone holding its cookie) sends, a 2xx envelope or a 4xx one, never a 5xx, never an internal detail.
 * Generated from each call's own schema, then spoiled. Every console call of the contract is tried, so
 * the calls of every console module come under it; the sign-out calls are left out (they end the session
 * the others need; their input is empty).
 */
const RUNS = Number(process.env.HOSTILE_RUNS) > 0 ? Number(process.env.HOSTILE_RUNS) : 30;
const SKIPPED = new Set(['signOut', 'signOutEverywhere']);

interface ConsoleRequest { url: string; contentType?: string | undefined; payload?: string | Buffer }

function consoleRequest(def: ConsoleEndpointDef): fc.Arbitrary<ConsoleRequest> {
  const names = [...def.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
  const params = fc.record(Object.fromEntries(names.map((n) => [n, fc.oneof(fc.constant('x'), oddPathSegment)])));
  const valid = validArbitrary(def.request);
  const spoilt = fc.tuple(valid, hostileKey, hostileValue).map(([v, k, bad]) => ({ ...(v as object), [k]: bad }));
  return params.chain((p) => {
    const path = def.path.replace(/\{([a-z_]+)\}/g, (_m, n: string) => p[n] ?? 'x');
    if (def.method === 'GET') {
      return fc.oneof(valid, spoilt).map((q) => {
        let query = '';
        try { query = toQueryString(q as Record<string, unknown>); } catch { query = '?x=%zz'; }
        return { url: path + query };
      });
    }
    return fc.oneof(
      { weight: 3, arbitrary: valid.map((b) => ({ url: path, contentType: 'application/json', payload: toJsonText(b) })) },
      { weight: 3, arbitrary: spoilt.map((b) => ({ url: path, contentType: 'application/json', payload: toJsonText(b) })) },
      { weight: 1, arbitrary: hostileValue.map((v) => ({ url: path, contentType: 'application/json', payload: toJsonText(v) })) },
      { weight: 1, arbitrary: fc.tuple(hostileRawBody, hostileContentType).map(([payload, contentType]) => ({ url: path, contentType, payload })) },
    );
  });
}

describeEachDialect('hostile input on every console call', (dialect) => {
  let t: TestApp;
  let admin: SignedInTestOperator;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await signInOperator(t.app, t.db, 'admin');
  });
  afterAll(async () => { await t?.close(); });

  const registered = (Object.entries(consoleEndpoints) as Array<[string, ConsoleEndpointDef]>).filter(([name]) => !SKIPPED.has(name));

  for (const [name, def] of registered) {
    // A call no module registers answers the 404 envelope (the roles × calls test names it).
    it(`${name} (${def.method} ${def.path}): never a 5xx, always the envelope`, async () => {
      await fc.assert(fc.asyncProperty(consoleRequest(def), async (req) => {
        const headers: Record<string, string> = { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken };
        if (req.contentType !== undefined) headers['content-type'] = req.contentType;
        const res = await t.app.inject({ method: def.method, url: req.url, headers, ...(req.payload === undefined ? {} : { payload: req.payload }) });
        if (def.file && res.statusCode < 300) return;
        const problem = envelopeProblem(res);
        expect(problem, `${def.method} ${req.url.slice(0, 200)} ${String(req.payload ?? '').slice(0, 200)}`).toBeNull();
      }), { numRuns: RUNS });
      // Still the same session and a healthy server afterwards.
      expect((await t.app.inject({ method: 'GET', url: consoleEndpoints.session.path, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    });
  }
});
