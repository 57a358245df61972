import type { Page } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import { expectFitsWidth } from './checkout-journey';
import { expectRequiredLabel } from './side-flows';

/*
 * The demo porting order demoMnpAwaiting1 (MO-2026-000101) is shared by both projects on one
 * database. Confirming and correcting change it for good, and after a correction the order waits for
 * the provider (no more 'Confermo i dati'), so the desktop run confirms first and then corrects; the
 * mobile run, after it, finds the correction under review and can still correct (checked up to a
 * refused ICCID, then cancelled). Both check an unknown link.
 */
const PAGE = '/mnp/demoMnpAwaiting1';
const field = (page: Page, name: string) => page.getByTestId('mnp-correction-form').getByRole('textbox', { name, exact: true });

async function openCorrection(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Correggi i dati' }).click();
  const form = page.getByTestId('mnp-correction-form');
  await expect(form.getByRole('heading', { name: 'Correggi i dati del trasferimento' })).toBeVisible();
  for (const label of ['Operatore attuale', 'Numero da trasferire', 'ICCID della SIM attuale', 'Nome dell’intestatario',
    'Cognome dell’intestatario', 'Codice fiscale dell’intestatario']) await expectRequiredLabel(page, label);
}

/** An ICCID of the wrong length is refused next to its field, and nothing is sent. */
async function expectBadIccidRefused(page: Page): Promise<void> {
  await field(page, 'ICCID della SIM attuale').fill('8939 8800');
  await page.getByRole('button', { name: 'Invia la correzione' }).click();
  const iccid = field(page, 'ICCID della SIM attuale');
  await expect(iccid).toHaveAttribute('aria-invalid', 'true');
  await expect(iccid).toHaveAccessibleDescription(/L’ICCID è composto da 19 o 20 cifre/);
  await expect(page.getByTestId('mnp-corrected')).toHaveCount(0);
}

test.describe('mobile number porting', () => {
  test('the customer sees the porting data and confirms or corrects it', async ({ page }) => {
    await page.goto(PAGE);
    await expect(page.getByRole('heading', { level: 1, name: 'Portabilità mobile' })).toBeVisible();
    const summary = page.getByTestId('mnp-summary');
    await expect(summary).toContainText('MO-2026-000101');

    await expect(page.getByTestId('mnp-number')).toHaveText('347 1234567');
    await expect(page.getByTestId('mnp-donor')).toHaveText('TIM');
    await expect(page.getByTestId('mnp-status')).toHaveText('In attesa della tua conferma');
    await expectFitsWidth(page, 'porting summary');

    // Confirm: thanked on the page; on a later visit the page says it is already confirmed.
    await page.getByRole('button', { name: 'Confermo i dati' }).click();
    await expect(page.getByTestId('mnp-confirmed')).toContainText('Grazie, dati confermati');
    await expect(page.getByTestId('mnp-status')).toHaveText('Dati confermati');
    await page.reload();
    await expect(page.getByTestId('mnp-already-confirmed')).toContainText('Hai già confermato questi dati');
    await expect(page.getByRole('button', { name: 'Confermo i dati' })).toHaveCount(0);
    await expectFitsWidth(page, 'porting already confirmed');

    // Still correctable after confirming: a wrong ICCID first, then the right data.
    await openCorrection(page);
    await expect(page.getByTestId('mnp-correction-form').getByRole('combobox', { name: 'Operatore attuale' })).toHaveValue('tim');
    await expect(field(page, 'Numero da trasferire')).toHaveValue('3471234567');
    await expect(field(page, 'Nome dell’intestatario')).toHaveValue('Mario');
    await expect(field(page, 'Cognome dell’intestatario')).toHaveValue('Rossi');
    await expectBadIccidRefused(page);

    await page.getByTestId('mnp-correction-form').getByRole('combobox', { name: 'Operatore attuale' }).selectOption({ label: 'Vodafone' });
    await field(page, 'Numero da trasferire').fill('347 7654321');
    await field(page, 'ICCID della SIM attuale').fill('8939880000000000014');
    await expect(field(page, 'ICCID della SIM attuale')).not.toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Codice fiscale dell’intestatario').fill('RSSMRA80A01H501U');
    await page.getByRole('button', { name: 'Invia la correzione' }).click();
    await expect(page.getByTestId('mnp-corrected')).toContainText('Correzione inviata');
    await expect(page.getByTestId('mnp-correction-form')).toHaveCount(0);
    await expect(page.getByTestId('mnp-number')).toHaveText('347 7654321');
    await expect(page.getByTestId('mnp-donor')).toHaveText('Vodafone');
    await expect(page.getByTestId('mnp-status')).toHaveText('Correzione in verifica');
    await expectFitsWidth(page, 'porting corrected');

    // A later visit: the correction is under review, with the corrected data.
    await page.reload();
    await expect(page.getByTestId('mnp-number')).toHaveText('347 7654321');
    await expect(page.getByTestId('mnp-donor')).toHaveText('Vodafone');
    await expect(page.getByTestId('mnp-status')).toHaveText('Correzione in verifica');
    await expect(page.getByText('Abbiamo ricevuto la tua correzione e la stiamo verificando.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confermo i dati' })).toHaveCount(0);
    await expectFitsWidth(page, 'porting under review');

    await openCorrection(page);
    await expectBadIccidRefused(page);
    await expectFitsWidth(page, 'porting correction form');
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(page.getByTestId('mnp-correction-form')).toHaveCount(0);
    await expect(page.getByTestId('mnp-status')).toHaveText('Correzione in verifica');
  });

  test.describe('unknown link', () => {
    test.use({ expectedConsoleErrors: [/status of 404 .* @ .*\/get-mobile-order$/] });

    test('a hash that matches no order says so', async ({ page }) => {
      await page.goto('/mnp/sconosciuto12345');
      const unknown = page.getByTestId('mnp-unknown');
      await expect(unknown.getByRole('heading', { level: 1, name: 'Portabilità mobile' })).toBeVisible();
      await expect(unknown.getByRole('alert')).toContainText('Ordine non trovato');
      await expect(unknown.getByRole('alert')).toContainText('Il link non corrisponde a nessun ordine.');
      await expect(page.getByRole('button', { name: 'Confermo i dati' })).toHaveCount(0);
      await expectFitsWidth(page, 'porting unknown link');
      await unknown.getByRole('link', { name: 'Vai alla pagina iniziale' }).click();
      await expect(page).toHaveURL(/\/attiva\/verifica-copertura$/);
    });
  });
});
