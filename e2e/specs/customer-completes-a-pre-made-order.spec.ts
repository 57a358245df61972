import { expect, test } from './fixtures-with-expected-errors';
import { expectFitsWidth, expectStep, newestOutboxEntry, readNewCode, stepForm, textbox } from './checkout-journey';
import { plain } from './coverage';

// The demo mobile number on the pre-made orders that hold the customer's data.
const MOBILE = '+393331234567';

test.describe('pre-made order', () => {
  test('a prepared order with nothing personal is summarised and opens step 1 at once', async ({ page }) => {
    await page.goto('/attiva/fill-order/pre/PRE2026OFFERTA');
    const ready = page.getByTestId('premade-ready');
    await expect(ready.getByRole('heading', { level: 1, name: 'Abbiamo preparato il tuo ordine' })).toBeVisible();
    await expect(ready).toContainText('Via Roma 1');
    // The offer's name replaces the placeholder once it has loaded.
    await expect(ready.getByTestId('premade-offer')).not.toHaveText(/Caricamento/);
    // The prices of what was prepared, line by line, with the totals the checkout then bills.
    await expect(ready.getByTestId('premade-line-offer')).toContainText('€/mese');
    await expect(ready.getByTestId('premade-line-option-10')).toContainText('Voce Illimitata Family');
    // The consultant's paid options are the customer's only once confirmed, one by one, before the signature.
    await expect(ready.getByTestId('premade-paid-options-note')).toBeVisible();
    const monthly = plain(await ready.getByTestId('premade-monthly-total').textContent());
    const oneOff = plain(await ready.getByTestId('premade-one-off-total').textContent());
    expect(monthly).toMatch(/^\d+,\d{2} €$/);
    await expect(page.getByTestId('premade-code')).toHaveCount(0);
    await expectFitsWidth(page, 'pre-made summary');

    await ready.getByRole('button', { name: 'Continua' }).click();
    await expectStep(page, 1, 'Dati di contatto');
    await expect.poll(async () => plain(await page.getByTestId('summary-monthly-total').textContent())).toBe(`${monthly}/mese`);
    await expect.poll(async () => plain(await page.getByTestId('summary-one-off-total').textContent())).toBe(oneOff);
    await expect(textbox(stepForm(page), 'Nome')).toHaveValue('');
  });

  test.describe('an order holding the customer’s data', () => {
    // The wrong code is refused with a 422, which Chromium logs.
    test.use({ expectedConsoleErrors: [/status of 422 .* @ .*\/fill-order\/verify$/] });

    test('shows only the offer, and opens with the code sent to the customer’s mobile', async ({ page }, testInfo) => {
      // Each window size opens its own demo order: a code is sent at most once a minute per order.
      const code = testInfo.project.name === 'mobile' ? 'PRE2026BIS' : 'PRE2026DEMO';
      await page.goto(`/attiva/fill-order/pre/${code}`);
      const ready = page.getByTestId('premade-ready');
      await expect(ready.getByTestId('premade-offer')).not.toHaveText(/Caricamento/);
      await expect(ready).toContainText('Via Roma 1');
      // Nothing personal before the code: not the name, the email or the number.
      for (const secret of ['Mario', 'Rossi', 'mario.rossi@example.com', '3331234567']) await expect(ready).not.toContainText(secret);
      const box = page.getByTestId('premade-code');
      await expect(box.getByRole('heading', { level: 2, name: 'Conferma che sei tu' })).toBeVisible();
      await expect(box).toContainText('+39 3** *** **67');
      await expect(ready.getByRole('button', { name: 'Continua' })).toHaveCount(0);
      await expectFitsWidth(page, 'pre-made code');

      // Keyboard only: the send button, then the code field gets the focus.
      const before = await newestOutboxEntry(page, MOBILE);
      await box.getByRole('button', { name: 'Invia il codice' }).focus();
      await page.keyboard.press('Enter');
      await expect(box.getByTestId('premade-code-sent')).toContainText('Codice inviato al numero +39 3** *** **67');
      const otp = await readNewCode(page, MOBILE, before);
      const field = box.getByRole('textbox', { name: /Codice ricevuto via SMS/ });
      await expect(field).toBeFocused();
      await expectFitsWidth(page, 'pre-made code sent');

      // Too short: said next to the field, nothing sent.
      await field.fill('12');
      await page.keyboard.press('Enter');
      await expect(box.getByRole('alert')).toHaveText('Inserisci le 6 cifre del codice.');
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      // A wrong code: the server's refusal, under the field.
      await field.fill(otp === '000000' ? '111111' : '000000');
      await page.keyboard.press('Enter');
      await expect(box.getByRole('alert')).toHaveText(/^Codice errato/);
      await expect(field).toBeFocused();

      await field.fill(otp);
      await page.keyboard.press('Enter');
      await expectStep(page, 1, 'Dati di contatto');
      await expect(textbox(stepForm(page), 'Nome')).toHaveValue('Mario');
      await expect(textbox(stepForm(page), 'Cognome')).toHaveValue('Rossi');
      await expect(textbox(stepForm(page), 'Email')).toHaveValue('mario.rossi@example.com');
      await expectFitsWidth(page, 'step 1 from a pre-made order');
    });
  });

  test.describe('codes that open no order', () => {
    // fill-order refuses these codes with a 404, which Chromium logs; nothing else may be logged.
    test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/fill-order$/] });

    // Expired, signed and unknown: one answer from the server, so one page, that tells nothing apart.
    for (const code of ['PRE2025SCAD', 'PRE2026FIRM', 'NONESISTE99']) {
      test(`${code} gets the one page for a code that opens nothing, with a way on`, async ({ page }) => {
        await page.goto(`/attiva/fill-order/pre/${code}`);
        const problem = page.getByTestId('premade-not-found');
        await expect(problem.getByRole('heading', { level: 1, name: 'Codice non valido' })).toBeVisible();
        await expect(problem).toContainText(/Non troviamo un ordine da completare con questo codice/);
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
