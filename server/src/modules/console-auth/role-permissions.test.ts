import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, OPERATOR_ROLES, can, consoleEndpoints, fillPath } from '@checkout/contract';
import type { ConsoleEndpointDef, OperatorRole } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { signInOperator } from '../../../test/support/console-session';

/*
 * Every role on every console call, generated from the one permissions table: a role without the call's
 * permission gets 403 console_forbidden; a role with it gets past the check (whatever the call then says
 * of the placeholder ids and empty input: never 401, 403 or a 5xx). Without a session every call but the
 * public ones is 401. The calls of every console module are here: a call that is not registered fails.
 */

const placeholders = (path: string): Record<string, string> =>
  Object.fromEntries([...path.matchAll(/\{([a-z_]+)\}/g)].map(([, name]) => [name as string, 'x']));

const entries = Object.entries(consoleEndpoints) as Array<[string, ConsoleEndpointDef]>;
const guarded = entries.filter(([, def]) => def.access !== 'public');
const allowed = (role: OperatorRole, def: ConsoleEndpointDef): boolean => def.access === 'session' || (def.access !== 'public' && can(role, def.access));

async function call(t: TestApp, def: ConsoleEndpointDef, auth: { cookie: string; csrfToken: string } | null) {
  const url = fillPath(def.path, placeholders(def.path));
  const headers: Record<string, string> = auth ? { cookie: auth.cookie, [CSRF_HEADER]: auth.csrfToken } : {};
  const res = def.method === 'GET'
    ? await t.app.inject({ method: 'GET', url, headers })
    : await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{}' });
  let code: string | undefined;
  try { code = (JSON.parse(res.body) as { error?: { code?: string } }).error?.code; } catch { code = undefined; }
  return { status: res.statusCode, code };
}

forEachDialect('console roles × calls', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect); });
  afterAll(async () => { await t.close(); });

  describe.each(OPERATOR_ROLES.map((role) => [role]))('%s', (role) => {
    it.each(guarded.map(([name, def]) => [name, allowed(role, def)] as const))('%s (allowed: %s)', async (name, isAllowed) => {
      const def = consoleEndpoints[name as keyof typeof consoleEndpoints] as ConsoleEndpointDef;
      // A fresh session for each call: sign-out calls end theirs.
      const session = await signInOperator(t.app, t.db, role);
      const { status, code } = await call(t, def, session);
      expect(status).toBeLessThan(500);
      if (isAllowed) {
        expect([401, 403], `${status} ${code}`).not.toContain(status);
      } else {
        expect({ status, code }).toEqual({ status: 403, code: 'console_forbidden' });
      }
    });
  });

  it.each(guarded.map(([name]) => [name]))('without a session, %s is 401', async (name) => {
    expect(await call(t, consoleEndpoints[name as keyof typeof consoleEndpoints] as ConsoleEndpointDef, null)).toEqual({ status: 401, code: 'console_unauthenticated' });
  });

  it('checks the table it is generated from', () => {
    // Every role may do something, the admin everything, and the viewer nothing that changes an order.
    expect(guarded.filter(([, def]) => allowed('admin', def))).toHaveLength(guarded.length);
    expect(guarded.filter(([, def]) => !allowed('viewer', def)).map(([name]) => name)).toEqual(
      expect.arrayContaining(['createOperator', 'listAudit', 'transitionOrder', 'decideReview', 'orderDocument']),
    );
  });
});
