import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectFitsWidth, expectStep, reachPaymentStep, stepForm, textbox } from './checkout-journey';
import { createOrderThroughApi, expectRequiredLabel } from './side-flows';

const migration = (page: Page) => textbox(page, 'Codice di migrazione');

async function checkMigration(page: Page, code: string): Promise<void> {
  await migration(page).fill(code);
  await migration(page).blur();
}

// Each run makes an order of its own through the API, so the two widths never share one.
test.describe('portability data page', () => {
  test('the order code is asked first, the migration code is checked as in the checkout', async ({ page }) => {
    const hash = await createOrderThroughApi(page.request);

    await page.goto('/dati-portabilita');
    await expect(page.getByRole('heading', { level: 1, name: 'Dati portabilità' })).toBeVisible();
    const codeForm = page.getByTestId('portability-code-form');
    await expectRequiredLabel(page, 'Codice ordine');
    const codeBox = textbox(codeForm, 'Codice ordine');
    await codeForm.getByRole('button', { name: 'Prosegui' }).click();
    await expect(codeBox).toHaveAccessibleDescription(/Inserisci il codice ordine\./);
    await codeBox.fill('XX');
    await codeForm.getByRole('button', { name: 'Prosegui' }).click();
    await expect(codeBox).toHaveAccessibleDescription(/Codice ordine non valido/);
    await expect(codeBox).toHaveAttribute('aria-invalid', 'true');
    await expectFitsWidth(page, 'portability code form');

    await codeBox.fill(hash);
    await codeForm.getByRole('button', { name: 'Prosegui' }).click();
    await expect(page).toHaveURL(new RegExp(`/dati-portabilita/${hash}$`));
    await expect(page.getByTestId('portability-order-code')).toHaveText(hash);
    await expect(page.getByRole('checkbox', { name: 'Linea internet (con il codice di migrazione)' })).toBeChecked();
    // The order has no voice plan: no fixed number to port onto it, and the page says why.
    await expect(page.getByTestId('portability-no-voice-plan')).toContainText('non ha una linea voce');
    await expect(page.getByRole('checkbox', { name: /telefono/i })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Operatore attuale' }).selectOption({ label: 'TIM' });

    // Malformed, then a code of a service that cannot move, then a good one.
    await checkMigration(page, 'XX');
    await expect(migration(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(migration(page)).toHaveAccessibleDescription(/Codice di migrazione non valido/);
    await checkMigration(page, 'TLC0612345678555A');
    await expect(migration(page)).toHaveAccessibleDescription(/Il codice di migrazione non appartiene a un servizio trasferibile/);
    await checkMigration(page, 'TIM0612345678001A');
    await expect(migration(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(migration(page)).toHaveAccessibleDescription(/Codice di migrazione valido/);
    await expectFitsWidth(page, 'portability form');

    await page.getByRole('button', { name: 'Salva i dati' }).click();
    // This browser never had the order: the data goes to the order by its code alone (step-portability).
    await expect(page.getByTestId('portability-saved').getByRole('heading', { name: 'Dati della portabilità salvati' })).toBeVisible();
    await expectFitsWidth(page, 'portability saved from another device');

    // Back on the page later (this browser never held the order): the data on file is shown, not a blank form.
    await page.reload();
    await expect(page.getByTestId('portability-on-file')).toContainText('dati di portabilità che ci hai già dato');
    await expect(page.getByRole('combobox', { name: 'Operatore attuale' })).toHaveValue('tim');
    await expect(migration(page)).toHaveValue('TIM0612345678001A');
  });

  test('the order of this browser’s checkout: the portability data is saved and is there back in step 3', async ({ page }) => {
    await reachPaymentStep(page);
    // The order code is the one of the link in the customer's email; here it is read from this browser's checkout.
    const hash = await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('checkout-store') ?? '{}') as { state?: { persistent?: { currentOrderData?: { hash?: string } } } };
      return stored.state?.persistent?.currentOrderData?.hash ?? '';
    });
    expect(hash).toMatch(/^[A-Za-z0-9_-]{24}$/);

    await page.goto(`/dati-portabilita/${hash}`);
    await expect(page.getByTestId('portability-order-code')).toHaveText(hash);
    // The checkout was sent without portability: the page starts from it, nothing ticked.
    const internet = page.getByRole('checkbox', { name: 'Linea internet (con il codice di migrazione)' });
    await expect(internet).not.toBeChecked();
    await internet.check();
    await page.getByRole('combobox', { name: 'Operatore attuale' }).selectOption({ label: 'TIM' });
    await checkMigration(page, 'TIM0612345678001A');
    await expect(migration(page)).toHaveAccessibleDescription(/Codice di migrazione valido/);
    await page.getByRole('button', { name: 'Salva i dati' }).click();
    const saved = page.getByTestId('portability-saved');
    await expect(saved.getByRole('heading', { name: 'Dati della portabilità salvati' })).toBeVisible();
    await expectFitsWidth(page, 'portability saved');

    await page.goto('/attiva/step-3');
    await expectStep(page, 3, 'Indirizzi');
    await expect(textbox(stepForm(page), 'Codice di migrazione')).toHaveValue('TIM0612345678001A');
  });
});
