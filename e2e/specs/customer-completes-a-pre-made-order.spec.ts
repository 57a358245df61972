import { expect, test } from './fixtures-with-expected-errors';
import { expectFitsWidth, expectStep, stepForm, textbox } from './checkout-journey';
import { plain } from './coverage';

// Read-only journeys on the demo pre-made orders (loading one does not change it): both widths run all of them.
test.describe('pre-made order @mobile', () => {
  test('a prepared order is summarised and opens step 1 with the customer’s data filled in', async ({ page }) => {
    await page.goto('/attiva/fill-order/pre/PRE2026DEMO');
    const ready = page.getByTestId('premade-ready');
    await expect(ready.getByRole('heading', { level: 1, name: 'Abbiamo preparato il tuo ordine' })).toBeVisible();
    await expect(ready).toContainText('Mario Rossi');
    await expect(ready).toContainText('mario.rossi@example.com');
    // The offer's name replaces the placeholder once it has loaded.
    await expect(ready.getByTestId('premade-offer')).not.toHaveText(/Caricamento/);
    // The prices of what was prepared, line by line, with the totals the checkout then bills.
    await expect(ready.getByTestId('premade-line-offer')).toContainText('€/mese');
    await expect(ready.getByTestId('premade-line-option-10')).toContainText('Voce Illimitata Family');
    const monthly = plain(await ready.getByTestId('premade-monthly-total').textContent());
    const oneOff = plain(await ready.getByTestId('premade-one-off-total').textContent());
    expect(monthly).toMatch(/^\d+,\d{2} €$/);
    await expectFitsWidth(page, 'pre-made summary');

    await ready.getByRole('button', { name: 'Continua' }).click();
    await expectStep(page, 1, 'Dati di contatto');
    await expect.poll(async () => plain(await page.getByTestId('summary-monthly-total').textContent())).toBe(`${monthly}/mese`);
    await expect.poll(async () => plain(await page.getByTestId('summary-one-off-total').textContent())).toBe(oneOff);
    await expect(textbox(stepForm(page), 'Nome')).toHaveValue('Mario');
    await expect(textbox(stepForm(page), 'Cognome')).toHaveValue('Rossi');
    await expect(textbox(stepForm(page), 'Email')).toHaveValue('mario.rossi@example.com');
    await expectFitsWidth(page, 'step 1 from a pre-made order');
  });

  test.describe('codes that open no order', () => {
    // fill-order refuses these codes with a 4xx, which Chromium logs; nothing else may be logged.
    test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/fill-order$/] });

    const problems = [
      { code: 'PRE2025SCAD', testId: 'premade-expired', heading: 'Il codice è scaduto', text: /non è più disponibile/ },
      { code: 'PRE2026FIRM', testId: 'premade-signed', heading: 'Ordine già firmato', text: /già stato completato e firmato/ },
      { code: 'NONESISTE99', testId: 'premade-not-found', heading: 'Codice non valido', text: /Non troviamo nessun ordine/ },
    ];
    for (const { code, testId, heading, text } of problems) {
      test(`${code} gets a page that says why, with a way on`, async ({ page }) => {
        await page.goto(`/attiva/fill-order/pre/${code}`);
        const problem = page.getByTestId(testId);
        await expect(problem.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(problem).toContainText(text);
        // Not a broken form: no step fields, no Continua.
        await expect(page.locator('form#step-form')).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Continua' })).toHaveCount(0);
        await expectFitsWidth(page, `pre-made ${code}`);

        await problem.getByRole('link', { name: 'Verifica la copertura' }).click();
        await expect(page).toHaveURL(/\/attiva\/verifica-copertura$/);
      });
    }
  });
});
