import { ApiError, PROVIDER_TOKEN_PATTERN, createProviderClient } from '@checkout/contract';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { closeOperator, operatorFromCli, shoot } from './console';
import { keepScreenshot } from './coverage';

/*
 * An admin connects the provider's systems from the console: makes a token with two permissions, copies the
 * secret the page shows once, the provider API takes it; the admin revokes it after a confirmation and the
 * API refuses it at once. The audit log says both actions in Italian, with the admin's name.
 */

/** The provider API's answer to a read of an order no one has: 404 when the token is taken, 401 when it is not. */
async function providerStatus(baseURL: string, token: string): Promise<number | null> {
  const api = createProviderClient({ baseUrl: baseURL, token });
  try {
    await api.getOrder({ order_ref: 'FV-2026-ZZZZZZ' });
    return 200;
  } catch (err) {
    if (err instanceof ApiError) return err.status;
    throw err;
  }
}

test.describe('provider tokens in the console', () => {
  test('an admin makes a token, copies it once, the provider API takes it; revoked, the API refuses it; the audit log says both in Italian', async ({ browser, baseURL }, testInfo) => {
    const admin = await operatorFromCli(browser, baseURL, 'admin', 'Tina Token');
    const { page } = admin;
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseURL!).origin });
    const name = `CRM e2e ${Date.now().toString(36)}`;

    await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Token API' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Token API del fornitore' })).toBeVisible();

    // The form says what is missing next to each field.
    await page.getByRole('button', { name: 'Crea token' }).click();
    await expect(page.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Scegli almeno un permesso')).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByLabel(/^Leggere un ordine/).check();
    await page.getByLabel(/^Far avanzare un ordine/).check();
    await page.getByRole('button', { name: 'Crea token' }).click();

    const created = page.getByRole('region', { name: `Token «${name}» creato` });
    await expect(created).toBeFocused();
    await expect(created).toContainText('Copia il token adesso: per sicurezza non sarà più mostrato');
    await created.getByRole('button', { name: 'Copia', exact: true }).click();
    await expect(created.getByText('Copiato negli appunti')).toBeVisible();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    expect(secret).toMatch(PROVIDER_TOKEN_PATTERN);
    await expect(created.getByLabel(`Token «${name}»`)).toHaveValue(secret);
    const row = page.getByRole('table', { name: 'Token creati' }).getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Leggere gli ordini');
    await expect(row).toContainText('Far avanzare gli ordini e scrivere note');
    await expect(row).toContainText('da Tina Token');
    await expect(row).toContainText('Attivo');
    await expectNoSeriousA11yViolations(page, 'provider tokens: a token just made');
    await shoot(page, 'console-provider-tokens-created');
    await keepScreenshot(page, testInfo, 'console-provider-tokens-created');

    expect(await providerStatus(baseURL!, secret), 'the provider API takes the token').toBe(404);
    // Hidden, the secret is nowhere on the page again; the list never had it.
    await created.getByRole('button', { name: 'Ho copiato il token: nascondilo' }).click();
    await page.reload();
    await expect(row).toContainText(secret.slice(0, 10));
    expect(await page.locator('body').innerText()).not.toContain(secret);
    expect(await page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).not.toContain(secret);

    await row.getByRole('button', { name: `Revoca il token «${name}»` }).click();
    const dialog = page.getByRole('dialog', { name: `Revocare il token «${name}»?` });
    await expect(dialog).toContainText('errore 401');
    await expectNoSeriousA11yViolations(page, 'provider tokens: revoke dialog');
    await dialog.getByRole('button', { name: 'Revoca il token' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `Token «${name}» revocato` })).toBeFocused();
    await expect(row).toContainText('Revocato');
    await expect(row.getByRole('button')).toHaveCount(0);
    expect(await providerStatus(baseURL!, secret), 'the provider API refuses the revoked token').toBe(401);
    await expectNoSeriousA11yViolations(page, 'provider tokens: list after a revocation');
    await shoot(page, 'console-provider-tokens-revoked');

    // The audit log, the admin's own records: both actions in words, the token by its name.
    await page.getByRole('navigation', { name: 'Sezioni della console' }).getByRole('link', { name: 'Registro attività' }).click();
    await page.getByLabel('Operatore').selectOption({ label: `Tina Token (${admin.email})` });
    await page.getByRole('button', { name: 'Filtra' }).click();
    const log = page.getByRole('table', { name: 'Voci del registro attività' });
    const made = log.getByRole('row').filter({ hasText: 'Token API del fornitore creato' });
    await expect(made).toContainText(name);
    await expect(made).toContainText('Permessi: leggere gli ordini, far avanzare gli ordini e scrivere note');
    await expect(made).toContainText('Tina Token');
    const revoked = log.getByRole('row').filter({ hasText: 'Token API del fornitore revocato' });
    await expect(revoked).toContainText(name);
    await expect(revoked).toContainText('Tina Token');
    await expectNoSeriousA11yViolations(page, 'audit log: the token actions');
    await keepScreenshot(page, testInfo, 'console-provider-tokens-audit');

    await closeOperator(admin);
  });
});
