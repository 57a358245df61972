import { afterEach, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/support/dialects';
import { describeEachSessionStore } from '../../../test/support/session-stores';
import type { TestApp } from '../../../test/support/dialects';
import { completeSetup, consoleClientFor, consoleRefusal, setupTokenOf, signInOperator, signInWith } from '../../../test/support/console-session';
import { totpCode } from './totp';

const START = Date.parse('2026-11-26T09:00:00.000Z');

describeEachSessionStore('console operators', (dialect, store) => {
  let t: TestApp;
  let nowMs = START;
  const now = () => new Date(nowMs);
  const start = async () => { nowMs = START; t = await buildTestApp(dialect, { now, config: store.config }); };
  afterEach(async () => { await t.close(); });
  const audit = async (action: string) => t.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('at').execute();

  it('an admin creates an operator, who completes the link and signs in; both are listed', async () => {
    await start();
    const admin = await signInOperator(t.app, t.db, 'admin', { now, email: 'capo@example.it' });
    nowMs += 1000;
    const created = await admin.client.createOperator({ email: ' Mario.Rossi@Example.it ', name: 'Mario Rossi', role: 'backoffice' });
    expect(created.operator).toMatchObject({ email: 'mario.rossi@example.it', role: 'backoffice', status: 'pending', last_sign_in_at: null });
    expect(created.setup_url).toMatch(/^http:\/\/localhost:3000\/console\/attiva\//);
    const { totpSecret, password } = await completeSetup(t.app, created.setup_url, { now });
    nowMs += 30_000;
    await signInWith(t.app, { email: 'mario.rossi@example.it', password, code: totpCode(totpSecret, now()) });
    const { items } = await admin.client.listOperators();
    expect(items.map((o) => [o.email, o.status])).toEqual([['capo@example.it', 'active'], ['mario.rossi@example.it', 'active']]);
    const [record] = await audit('operator_created');
    expect(record).toMatchObject({ operator_id: admin.operator.id, operator_email: 'capo@example.it', target_type: 'operator', target_id: created.operator.id });
    expect(JSON.parse(record!.detail_json)).toEqual({ email: 'mario.rossi@example.it', role: 'backoffice' });
  });

  it('refuses a second operator with the same email, with the field message', async () => {
    await start();
    const admin = await signInOperator(t.app, t.db, 'admin', { now, email: 'capo@example.it' });
    const r = await consoleRefusal(admin.client.createOperator({ email: 'CAPO@example.it', name: 'Doppio', role: 'viewer' }));
    expect(r).toMatchObject({ status: 422, code: 'validation_error', error: { fields: { email: 'Esiste già un operatore con questa email.' } } });
  });

  it('changes a role, ending the sessions; disabling ends them too and sign-in is refused', async () => {
    await start();
    const admin = await signInOperator(t.app, t.db, 'admin', { now });
    const worker = await signInOperator(t.app, t.db, 'viewer', { now });
    const updated = await admin.client.updateOperator({ operator_id: worker.operator.id }, { role: 'backoffice' });
    expect(updated).toMatchObject({ role: 'backoffice', status: 'active' });
    expect((await consoleRefusal(worker.client.session())).code).toBe('console_unauthenticated');
    expect([await store.liveSessions(t, worker.operator.id), await store.liveSessions(t, admin.operator.id)]).toEqual([0, 1]);
    nowMs += 30_000;
    await signInWith(t.app, { email: worker.operator.email, password: worker.password, code: totpCode(worker.totpSecret, now()) });

    nowMs += 1000;
    expect(await admin.client.updateOperator({ operator_id: worker.operator.id }, { status: 'disabled' })).toMatchObject({ status: 'disabled' });
    expect(await store.liveSessions(t, worker.operator.id)).toBe(0);
    nowMs += 30_000;
    const refused = await consoleRefusal(consoleClientFor(t.app, null, null).signIn({ email: worker.operator.email, password: worker.password, code: totpCode(worker.totpSecret, now()) }));
    expect(refused.code).toBe('console_invalid_credentials');
    // Enabled again, the operator signs in as before.
    await admin.client.updateOperator({ operator_id: worker.operator.id }, { status: 'active' });
    nowMs += 30_000;
    await signInWith(t.app, { email: worker.operator.email, password: worker.password, code: totpCode(worker.totpSecret, now()) });
    const changes = (await audit('operator_updated')).map((r) => JSON.parse(r.detail_json) as { from: unknown; to: unknown });
    expect(changes.map((c) => [c.from, c.to])).toEqual([
      [{ role: 'viewer', status: 'active' }, { role: 'backoffice', status: 'active' }],
      [{ role: 'backoffice', status: 'active' }, { role: 'backoffice', status: 'disabled' }],
      [{ role: 'backoffice', status: 'disabled' }, { role: 'backoffice', status: 'active' }],
    ]);
  });

  it('refuses an admin changing their own role or status, activating a never set-up operator, and an unknown id', async () => {
    await start();
    const admin = await signInOperator(t.app, t.db, 'admin', { now });
    expect((await consoleRefusal(admin.client.updateOperator({ operator_id: admin.operator.id }, { role: 'viewer' }))).status).toBe(422);
    expect((await consoleRefusal(admin.client.updateOperator({ operator_id: admin.operator.id }, { status: 'disabled' }))).status).toBe(422);
    const pending = await admin.client.createOperator({ email: 'attesa@example.it', name: 'In attesa', role: 'viewer' });
    const r = await consoleRefusal(admin.client.updateOperator({ operator_id: pending.operator.id }, { status: 'active' }));
    expect(r).toMatchObject({ status: 422, error: { fields: { status: expect.stringMatching(/attivazione/) } } });
    expect((await consoleRefusal(admin.client.updateOperator({ operator_id: 'nessuno' }, { role: 'viewer' }))).status).toBe(404);
    // Longer than the router reads a path segment: 414, still no 5xx.
    expect((await consoleRefusal(admin.client.issueSetupLink({ operator_id: 'x'.repeat(300) }))).status).toBe(414);
    expect((await consoleRefusal(admin.client.issueSetupLink({ operator_id: 'nessuno\u0000' }))).status).toBe(404);
  });

  it('a new setup link wipes password, two-factor and recovery codes and ends the sessions', async () => {
    await start();
    const admin = await signInOperator(t.app, t.db, 'admin', { now });
    const worker = await signInOperator(t.app, t.db, 'backoffice', { now });
    const link = await admin.client.issueSetupLink({ operator_id: worker.operator.id });
    expect((await consoleRefusal(worker.client.session())).code).toBe('console_unauthenticated');
    expect([await store.liveSessions(t, worker.operator.id), await store.liveSessions(t, admin.operator.id)]).toEqual([0, 1]);
    const row = await t.db.selectFrom('operators').selectAll().where('id', '=', worker.operator.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', password_hash: null, totp_secret: null });
    nowMs += 30_000;
    expect((await consoleRefusal(consoleClientFor(t.app, null, null).signIn({ email: worker.operator.email, password: worker.password, code: totpCode(worker.totpSecret, now()) }))).code)
      .toBe('console_invalid_credentials');
    const again = await completeSetup(t.app, link.setup_url, { now, password: 'Una-nuova-password-2026' });
    nowMs += 30_000;
    await signInWith(t.app, { email: worker.operator.email, password: 'Una-nuova-password-2026', code: totpCode(again.totpSecret, now()) });
    expect(await audit('two_factor_reset')).toHaveLength(1);
    expect(setupTokenOf(link.setup_url)).toHaveLength(43);
  });
});
