import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_TOKEN_PATTERN, consoleEndpoints } from '@checkout/contract';
import type { OperatorRole } from '@checkout/contract';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { consoleRefusal, signInOperator } from '../../../test/support/console-session';
import type { SignedInTestOperator } from '../../../test/support/console-session';
import { providerClientFor, providerRefusal } from '../../../test/support/provider-client';
import { consoleAuthModule } from '../console-auth';
import { providerTokensConsoleModule } from './console-routes';
import { providerModule } from './routes';
import { createProviderToken } from './tokens';

/*
 * The provider's tokens in the console: an admin makes one (the secret in that answer only), lists and
 * revokes it, and the provider API follows at once; other roles are refused and the refusal is audited;
 * the audit log says each action in words. One app per dialect, the steps in order.
 */

forEachDialect('console: provider tokens', (dialect) => {
  let t: TestApp;
  let admin: SignedInTestOperator;
  let secret: string;
  let tokenId: string;
  const audits = (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').orderBy('id').execute();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: [consoleAuthModule, providerModule, providerTokensConsoleModule] });
    admin = await signInOperator(t.app, t.db, 'admin', { name: 'Anna Admin' });
  });
  afterAll(async () => { await t.close(); });

  it('an admin makes a token: the secret once, by name in the list, accepted by the provider API, audited in words', async () => {
    const made = await admin.client.createProviderToken({ name: '  CRM Fibra ', scopes: ['orders:read', 'appointments:write', 'orders:read'] });
    expect(made.token).toMatch(PROVIDER_TOKEN_PATTERN);
    expect(made.item).toMatchObject({
      name: 'CRM Fibra', token_prefix: made.token.slice(0, 10), scopes: ['orders:read', 'appointments:write'],
      created_from: 'console', created_by_name: 'Anna Admin', last_used_at: null, revoked_at: null,
    });
    secret = made.token;
    tokenId = made.item.id;

    // The provider API takes it (an unknown order is a 404, not a 401), and the list shows its use.
    const api = providerClientFor(t.app, secret);
    expect((await providerRefusal(api.getOrder({ order_ref: 'FV-2026-AAAAAA' }))).status).toBe(404);
    const { items } = await admin.client.listProviderTokens();
    expect(items).toEqual([{ ...made.item, last_used_at: expect.any(String) as string }]);
    const listed = JSON.stringify(items);
    expect(listed).not.toContain(secret);
    expect(listed).not.toContain(admin.operator.id);

    const [record] = await audits('provider_token_created');
    expect(record).toMatchObject({ operator_id: admin.operator.id, target_type: 'provider_token', target_id: tokenId });
    const log = await admin.client.listAudit({ action: 'provider_token_created' });
    expect(log.items.map((e) => [e.operator_name, e.target_label, e.summary])).toEqual([
      ['Anna Admin', 'CRM Fibra', `Nome: «CRM Fibra» · Permessi: leggere gli ordini, pubblicare le fasce per gli appuntamenti · Inizio del token: «${made.item.token_prefix}»`],
    ]);
  });

  it('refuses a name or scopes the contract does not allow, field by field, and makes nothing', async () => {
    const before = (await admin.client.listProviderTokens()).items.length;
    const empty = await consoleRefusal(admin.client.createProviderToken({ name: '   ', scopes: [] }));
    expect(empty).toMatchObject({ status: 422, code: 'validation_error' });
    expect(empty.error.fields).toEqual({ name: 'Dai un nome al token: per esempio il sistema che lo userà', scopes: 'Scegli almeno un permesso' });
    const odd = await consoleRefusal(admin.client.createProviderToken({ name: 'x'.repeat(101), scopes: ['orders:delete' as 'orders:read'] }));
    expect(odd).toMatchObject({ status: 422, error: { fields: { name: 'Al massimo 100 caratteri', 'scopes.0': 'Permesso sconosciuto' } } });
    expect((await admin.client.listProviderTokens()).items).toHaveLength(before);
    expect(await consoleRefusal(admin.client.revokeProviderToken({ token_id: 'nessuno' }))).toMatchObject({ status: 404 });
  });

  it.each<OperatorRole>(['backoffice', 'viewer'])('a %s is refused every call (403), each refusal audited with the permission missing', async (role) => {
    const op = await signInOperator(t.app, t.db, role);
    for (const call of [
      () => op.client.listProviderTokens(),
      () => op.client.createProviderToken({ name: 'Di nascosto', scopes: ['orders:write'] }),
      () => op.client.revokeProviderToken({ token_id: tokenId }),
    ]) expect(await consoleRefusal(call())).toMatchObject({ status: 403, code: 'console_forbidden' });
    const refused = (await audits('access_refused')).filter((r) => r.operator_id === op.operator.id);
    expect(refused.map((r) => JSON.parse(r.detail_json) as Record<string, unknown>)).toEqual([
      consoleEndpoints.listProviderTokens, consoleEndpoints.createProviderToken, consoleEndpoints.revokeProviderToken,
    ].map((def) => expect.objectContaining({ route: def.path, reason: 'permission', permission: 'provider_tokens.manage', role }) as unknown));
    const log = await admin.client.listAudit({ action: 'access_refused', operator_id: op.operator.id });
    expect(log.items[0]?.summary).toContain('Permesso mancante: gestire i token API del fornitore');
    expect((await admin.client.listProviderTokens()).items.map((i) => [i.name, i.revoked_at])).toEqual([['CRM Fibra', null]]);
  });

  it('an admin revokes it: the provider API answers 401 at once; a second revocation keeps the first; the CLI’s tokens are listed as such', async () => {
    const revoked = await admin.client.revokeProviderToken({ token_id: tokenId });
    expect(revoked).toMatchObject({ newly_revoked: true, item: { id: tokenId, revoked_at: expect.any(String) as string } });
    expect(await providerRefusal(providerClientFor(t.app, secret).getOrder({ order_ref: 'FV-2026-AAAAAA' }))).toMatchObject({ status: 401, code: 'provider_unauthorized' });
    const again = await admin.client.revokeProviderToken({ token_id: tokenId });
    expect(again).toMatchObject({ newly_revoked: false, item: { revoked_at: revoked.item.revoked_at } });

    expect((await audits('provider_token_revoked')).map((r) => [r.operator_id, r.target_id])).toEqual([[admin.operator.id, tokenId]]);
    const log = await admin.client.listAudit({ action: 'provider_token_revoked' });
    expect(log.items.map((e) => [e.operator_name, e.target_label, e.summary])).toEqual([
      ['Anna Admin', 'CRM Fibra', `Nome: «CRM Fibra» · Inizio del token: «${revoked.item.token_prefix}»`],
    ]);

    await createProviderToken(t.db, { name: 'Da riga di comando', scopes: ['orders:read'] }, { operatorId: null, operatorEmail: null, ip: null, userAgent: 'cli' }, new Date());
    const { items } = await admin.client.listProviderTokens();
    expect(items.map((i) => [i.name, i.created_from, i.created_by_name])).toEqual([['Da riga di comando', 'cli', null], ['CRM Fibra', 'console', 'Anna Admin']]);
  });
});
