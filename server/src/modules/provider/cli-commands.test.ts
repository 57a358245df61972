import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_TOKEN_PATTERN } from '@checkout/contract';
import { runCommand } from '../../cli/run';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { providerClientFor, providerRefusal } from '../../../test/support/provider-client';
import type { CommandFn } from '../../cli/run';
import { createProviderTokenCommand, listProviderTokensCommand, revokeProviderTokenCommand } from './cli-commands';
import { hashProviderToken } from './tokens';
import { providerModule } from './routes';

forEachDialect('provider token commands', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [providerModule] }); });
  afterAll(async () => t.close());

  const run = async (fn: CommandFn, args: string[]) => {
    const out: string[] = [];
    const code = await runCommand(fn, t.db, args, (l) => out.push(l), 'usage');
    return { code, out, text: out.join('\n') };
  };
  const create = (db: Parameters<CommandFn>[0], a: string[], o: Parameters<CommandFn>[2]) => createProviderTokenCommand(db, a, o);
  const revoke = (db: Parameters<CommandFn>[0], a: string[], o: Parameters<CommandFn>[2]) => revokeProviderTokenCommand(db, a, o);

  it('prints a new token once, keeps only its SHA-256, and the token opens the API for its scopes', async () => {
    const made = await run(create, ['CRM Fibra', '--scopes', 'orders:read,appointments:write']);
    expect(made.code).toBe(0);
    expect(made.out[0]).toMatch(/^Token creato: CRM Fibra \(orders:read, appointments:write\), id [0-9a-f-]{36}\.$/);
    const token = made.out.find((l) => l.startsWith('pt_'))!;
    expect(token).toMatch(PROVIDER_TOKEN_PATTERN);
    const row = await t.db.selectFrom('provider_tokens').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashProviderToken(token));
    expect(JSON.stringify(row)).not.toContain(token.slice(3));
    expect(row).toMatchObject({ name: 'CRM Fibra', created_by: 'cli', token_prefix: token.slice(0, 10), revoked_at: null });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'provider_token_created').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ operator_id: null, user_agent: 'cli', target_id: row.id });
    expect(audit.detail_json).not.toContain(token);

    // An unknown order is a 404 for a token that may read; writing needs a scope it lacks.
    const api = providerClientFor(t.app, token);
    expect((await providerRefusal(api.getOrder({ order_ref: randomUUID() }))).status).toBe(404);
    expect((await providerRefusal(api.addOrderNote({ order_ref: randomUUID() }, { text: 'x' }))).status).toBe(403);
  });

  it('lists tokens without their secret, revokes one at once, and says so for one already revoked', async () => {
    const made = await run(create, ['Agenda', '--scopes', 'orders:read', '--json']);
    const created = JSON.parse(made.out[0]!) as { id: string; token: string; scopes: string[] };
    expect(created.scopes).toEqual(['orders:read']);
    const api = providerClientFor(t.app, created.token);
    expect((await providerRefusal(api.getOrder({ order_ref: randomUUID() }))).status).toBe(404);

    const listed = await run(listProviderTokensCommand, ['--json']);
    const tokens = JSON.parse(listed.out[0]!) as Array<{ id: string; name: string; token_prefix: string; last_used_at: string | null }>;
    expect(tokens.map((x) => x.name)).toEqual(['CRM Fibra', 'Agenda']);
    expect(listed.text).not.toContain(created.token);
    expect(tokens[1]!.last_used_at).not.toBeNull();
    const table = await run(listProviderTokensCommand, []);
    expect(table.out[0]).toMatch(/^ID\s+NOME\s+INIZIO\s+PERMESSI/);
    expect(table.text).toContain(`${created.token.slice(0, 10)}…`);
    expect(table.text).not.toContain(created.token);

    const revoked = await run(revoke, [created.id]);
    expect([revoked.code, revoked.out[0]]).toEqual([0, `Token revocato: Agenda (${created.id}).`]);
    expect((await providerRefusal(api.getOrder({ order_ref: randomUUID() }))).status).toBe(401);
    expect((await run(revoke, [created.id])).out[0]).toMatch(/^Il token Agenda era già revocato il \d{4}-/);
    expect(await t.db.selectFrom('audit_log').select('id').where('action', '=', 'provider_token_revoked').execute()).toHaveLength(1);
    expect((await run(revoke, [randomUUID()]))).toMatchObject({ code: 1, out: ['Token non trovato'] });
  });

  it('names a missing name, missing or unknown scopes and extra arguments', async () => {
    expect((await run(create, ['--scopes', 'orders:read'])).code).toBe(2);
    expect((await run(create, ['Uno', 'Due', '--scopes', 'orders:read'])).code).toBe(2);
    expect((await run(create, ['Senza'])).text).toMatch(/--scopes richiede almeno uno tra: orders:read, orders:write, appointments:write/);
    expect((await run(create, ['Tutto', '--scopes', 'orders:read,admin'])).text).toMatch(/Permessi sconosciuti: admin/);
    const long = await run(create, ['x'.repeat(101), '--scopes', 'orders:read']);
    expect([long.code, long.text]).toEqual([1, expect.stringContaining('name: Un nome da 1 a 100 caratteri.')]);
    expect((await run(revoke, [])).code).toBe(2);
    expect(await t.db.selectFrom('provider_tokens').select('id').execute()).toHaveLength(2);
  });
});
