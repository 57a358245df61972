import type { Page } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import { expectFitsWidth } from './checkout-journey';
import { expectRequiredLabel } from './side-flows';

/*
 * The demo SIM order MO-2026-000123 (ICCID …00017) is shared by both projects on one database, and
 * activating it is for good. The desktop run counts the wrong attempts down and activates it; the
 * mobile run, after it, finds it already active. Both check an unknown order and a malformed entry.
 */
const ORDER = 'MO-2026-000123';

const orderBox = (page: Page) => page.getByRole('textbox', { name: 'Numero d’ordine', exact: true });
const digitsBox = (page: Page) => page.getByRole('textbox', { name: 'Ultime 5 cifre dell’ICCID', exact: true });
const submit = (page: Page) => page.getByRole('button', { name: 'Attiva la SIM' }).click();

async function tryDigits(page: Page, digits: string): Promise<void> {
  await digitsBox(page).fill(digits);
  await submit(page);
}

test.describe('SIM activation', () => {
  // Refusals (404 unknown, 409 already active, 422 wrong digits) are logged by Chromium.
  test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/activate-mobile-order$/] });

  test('order number and the last 5 ICCID digits: each refusal says why, the right digits activate', async ({ page }) => {
    await page.goto(`/attiva-sim/${ORDER}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Attiva la tua SIM' })).toBeVisible();
    await expect(orderBox(page)).toHaveValue(ORDER);
    await expectRequiredLabel(page, 'Numero d’ordine');
    await expectRequiredLabel(page, 'Ultime 5 cifre dell’ICCID');

    // Not five digits: refused before any call.
    await tryDigits(page, '123');
    await expect(page.getByRole('alert').filter({ hasText: 'Inserisci esattamente 5 cifre.' }).first()).toBeVisible();
    await expect(digitsBox(page)).toHaveAttribute('aria-invalid', 'true');

    // An order that does not exist gets the answer wrong digits get: a stranger learns nothing of it.
    const MISMATCH = "Il numero d'ordine o le ultime 5 cifre dell'ICCID non corrispondono";
    await orderBox(page).fill('MO-2026-999999');
    await tryDigits(page, '00017');
    await expect(page.getByTestId('sim-error')).toContainText('I dati non corrispondono');
    await expect(page.getByTestId('sim-error')).toContainText(MISMATCH);
    await expect(page.getByTestId('sim-activated')).toHaveCount(0);
    await orderBox(page).fill(ORDER);

    // Wrong digits: the same answer, both fields marked (two tries: within the free ones before a wait).
    await tryDigits(page, '99999');
    await expect(page.getByTestId('sim-error')).toContainText(MISMATCH);
    await expect(digitsBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(orderBox(page)).toHaveAttribute('aria-invalid', 'true');
    await tryDigits(page, '99998');
    await expect(page.getByTestId('sim-error')).toContainText(MISMATCH);
    await expectFitsWidth(page, 'SIM wrong digits');

    await tryDigits(page, '00017');
    const done = page.getByTestId('sim-activated');
    await expect(done.getByRole('heading', { level: 1, name: 'La tua SIM è attiva' })).toBeVisible();
    await expectFitsWidth(page, 'SIM activated');

    // Back on the page: the same order and digits now answer that it is active.
    await page.goto(`/attiva-sim/${ORDER}`);
    await expect(orderBox(page)).toHaveValue(ORDER);
    await tryDigits(page, '00017');
    await expect(page.getByTestId('sim-error')).toContainText('SIM già attiva');
    await expect(page.getByTestId('sim-error')).toContainText('Questa SIM è già attiva: non devi fare altro.');
    await expect(page.getByTestId('sim-activated')).toHaveCount(0);
    await expectFitsWidth(page, 'SIM already active');
  });
});
