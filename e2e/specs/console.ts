import type { Browser, BrowserContext, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import type { OperatorRole } from '../../packages/contract/src/console/roles';
import { expectNoSeriousA11yViolations } from './axe';
import { uniqueEmail } from './checkout-journey';
import { runCli } from './cli';
import { recordCspViolations } from './csp-watch';
import { expect } from './fixtures';

/*
 * The operator console's journeys share these: an operator's own browser (watched for console errors
 * and CSP violations), the setup from a one-time link with TOTP codes, the sign-in, and the screenshots
 * taken for review when CONSOLE_SHOTS_DIR is set.
 */

export const PASSWORD = 'tramonto-sul-lago-di-como-42';

export interface Operator { page: Page; context: BrowserContext; totp: OTPAuth.TOTP; email: string; problems: string[]; csp: string[] }

/**
 * With CONSOLE_SHOTS_DIR set, each console screen at 1280 and 768 px (a tablet) for someone to look at;
 * the window is put back to 1280 px after.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.CONSOLE_SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A code of the step after now: a sign-in right after the setup must not reuse the setup's step. */
export const nextCode = (totp: OTPAuth.TOTP) => totp.generate({ timestamp: Date.now() + 30_000 });

/** A browser of the operator's own, watched for console errors (the 401 of the session probe before sign-in is the one expected). */
export async function operatorBrowser(browser: Browser, baseURL: string | undefined, expected: RegExp[] = []): Promise<Omit<Operator, 'totp' | 'email'>> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'it-IT' });
  const csp = await recordCspViolations(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const line = `${msg.text()} @ ${msg.location().url}`;
    if ([/status of 401 .*@ .*\/api\/console\/auth\/session$/, ...expected].some((re) => re.test(line))) return;
    problems.push(line);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return { context, page, problems, csp };
}

/** Opens a setup link, sets the password, enrols the authenticator from the secret shown, keeps the recovery codes. */
export async function enrol(page: Page, setupUrl: string, who: { name: string; email: string }): Promise<OTPAuth.TOTP> {
  await page.goto(new URL(setupUrl).pathname);
  await expect(page).toHaveTitle('Attivazione dell’account · Console');
  await expect(page.getByText(`${who.name} (${who.email})`)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'console setup: password');
  await shoot(page, 'console-setup-password');
  await page.getByLabel('Nuova password').fill('breve');
  await page.getByRole('button', { name: 'Continua' }).click();
  await expect(page.getByLabel('Nuova password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('La password deve avere almeno 12 caratteri')).toBeVisible();
  await page.getByLabel('Nuova password').fill(PASSWORD);
  await page.getByLabel('Ripeti la password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continua' }).click();
  const qr = page.getByRole('img', { name: 'Codice QR per l’app di autenticazione' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/);
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousA11yViolations(page, 'console setup: two-factor');
  await shoot(page, 'console-setup-two-factor');
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  await page.getByLabel('Codice di 6 cifre mostrato dall’app').fill(totp.generate());
  await page.getByRole('button', { name: 'Attiva l’account' }).click();
  await expect(page.getByRole('heading', { name: '3. Codici di recupero' })).toBeVisible();
  await expect(page.getByRole('list', { name: '3. Codici di recupero' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Vai all’accesso' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, 'console setup: recovery codes');
  await shoot(page, 'console-setup-recovery-codes');
  await page.getByLabel('Ho salvato i codici di recupero').check();
  await page.getByRole('link', { name: 'Vai all’accesso' }).click();
  await expect(page.getByRole('heading', { name: 'Accesso alla console' })).toBeVisible();
  return totp;
}

export async function signIn(page: Page, email: string, totp: OTPAuth.TOTP): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Codice di verifica').fill(nextCode(totp));
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ordini' })).toBeVisible();
}

/**
 * An operator created by the real CLI (`create-operator EMAIL --role ROLE`), enrolled through the setup
 * link it prints and signed in, in a browser of its own. `expected`: console errors the journey provokes.
 */
export async function operatorFromCli(browser: Browser, baseURL: string | undefined, role: OperatorRole, name: string, expected: RegExp[] = []): Promise<Operator> {
  const email = uniqueEmail(role);
  const created = JSON.parse(runCli(['create-operator', email, '--role', role, '--name', name, '--json']).trim().split('\n').at(-1) ?? '{}') as { setup_url: string };
  expect(created.setup_url).toMatch(/\/console\/attiva\/[\w-]+$/);
  const operator: Operator = { ...(await operatorBrowser(browser, baseURL, expected)), email, totp: undefined as unknown as OTPAuth.TOTP };
  operator.totp = await enrol(operator.page, created.setup_url, { name, email });
  await signIn(operator.page, email, operator.totp);
  return operator;
}

/** No console error and no CSP violation in the operator's browser; then closes it. */
export async function closeOperator(op: Operator): Promise<void> {
  expect(op.problems, `console errors (${op.email})`).toEqual([]);
  expect(op.csp, `CSP violations (${op.email})`).toEqual([]);
  await op.context.close();
}

/** The development outbox's messages to an address or number, newest first. */
export const outboxFor = async (page: Page, to: string): Promise<Array<{ text: string }>> => {
  const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { data: Array<{ text: string }> }).data;
};

/**
 * The order page's price table tells the contract's story: its lines add up to the totals it prints, and
 * each line reads in the signed contract (`contractText`, whitespace collapsed) as the console shows it.
 */
export async function expectConsolePricesAreTheContracts(page: Page, contractText: string): Promise<void> {
  const table = page.getByRole('region', { name: /^Offerta:/ }).getByRole('table');
  const cells = async (row: string) => (await table.locator(row).evaluateAll((rows) => rows.map((r) => Array.from(r.children).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()))));
  const cents = (text: string) => Math.round(Number(text.replace(/[^\d,-]/g, '').replace(',', '.')) * 100);
  const lines = await cells('tbody tr');
  const [totals] = await cells('tfoot tr');
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.reduce((sum, l) => sum + cents(l[1]!), 0), 'monthly lines add up to the total').toBe(cents(totals![1]!));
  expect(lines.reduce((sum, l) => sum + cents(l[2]!), 0), 'one-off lines add up to the total').toBe(cents(totals![2]!));
  for (const [name, monthly, oneOff] of lines) expect(contractText, `the contract prints ${name}`).toContain(`${name} ${monthly} ${oneOff}`);
  expect(contractText).toContain(`Totale ${totals![1]} ${totals![2]}`);
}
