import { afterEach, expect, it } from 'vitest';
import { runCommand } from '../../cli/run';
import { buildTestApp, forEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { completeSetup, signInWith } from '../../../test/support/console-session';
import { createOperatorCommand } from './cli-commands';
import { totpCode } from './totp';

forEachDialect('create-operator command', (dialect) => {
  let t: TestApp;
  afterEach(async () => { await t.close(); });

  const run = async (args: string[]) => {
    const out: string[] = [];
    const code = await runCommand((db, a, o) => createOperatorCommand(db, t.config, a, o), t.db, args, (l) => out.push(l), 'usage');
    return { code, out, text: out.join('\n') };
  };

  it('prints a one-time setup link valid 24 hours, which makes the first admin', async () => {
    t = await buildTestApp(dialect);
    const started = Date.now();
    const { code, out } = await run(['Capo@Example.it', '--role', 'admin', '--name', 'Capo Ufficio']);
    expect(code).toBe(0);
    expect(out[0]).toBe('Operatore creato: capo@example.it (admin).');
    const link = out.find((l) => l.includes('/console/attiva/'))!;
    expect(link).toMatch(/^http:\/\/localhost:3000\/console\/attiva\/[\w-]{43}$/);
    const expiry = Date.parse(/fino al (\S+)\)/.exec(out[1]!)![1]!);
    expect(expiry - started).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(expiry - started).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);

    const { totpSecret, password } = await completeSetup(t.app, link);
    const at = new Date(Date.now() + 30_000);
    // The next step's code: the setup used this one.
    const { session } = await signInWith(t.app, { email: 'capo@example.it', password, code: totpCode(totpSecret, at) });
    expect(session.operator).toMatchObject({ name: 'Capo Ufficio', role: 'admin' });
    const record = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'operator_created').executeTakeFirstOrThrow();
    expect(record).toMatchObject({ operator_id: null, user_agent: 'cli' });
  });

  it('answers JSON with --json and names a missing role, a bad email or a taken one', async () => {
    t = await buildTestApp(dialect);
    const json = await run(['a@example.it', '--role', 'viewer', '--json']);
    expect(JSON.parse(json.out[0]!)).toMatchObject({ email: 'a@example.it', role: 'viewer', setup_url: expect.stringContaining('/console/attiva/') });
    expect((await run(['b@example.it'])).code).toBe(2);
    expect((await run(['b@example.it', '--role', 'capo'])).text).toMatch(/--role deve essere uno di: admin, backoffice, viewer/);
    expect((await run(['non-email', '--role', 'admin'])).text).toMatch(/Email non valida/);
    const taken = await run(['A@example.it', '--role', 'admin']);
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.text).toMatch(/Esiste già un operatore con questa email/);
  });
});
