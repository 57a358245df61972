import { expect, test } from './fixtures-with-expected-errors';
import { keepScreenshot } from './coverage';
import {
  expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep, fillIdentityDocument, uploadBothSides, fillPayment, newestOutboxEntry,
  readNewCode, reachPaymentStep, sendCodeAndRead, signWith, submitStep, textbox,
} from './checkout-journey';

const MOBILE = '3331234568';

/*
 * GDPR art. 7(3): a consent is as easy to change as to give. After signing, the customer follows the
 * thank-you page's link, proves the order is theirs with its number and a code sent to the order's
 * contact, and records new choices; a wrong code is refused next to the field.
 */
test.describe('a customer changes their consents after signing @mobile', () => {
  test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/api\/consents\/update\/?$/] });

  test('from the thank-you page, with the order number and a one-time code', async ({ page }, testInfo) => {
    await reachPaymentStep(page, MOBILE);
    await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
    await submitStep(page);
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA12345AB');
    await uploadBothSides(page);
    await submitStep(page, 'Vai alla firma');
    await expectContractPreview(page);
    await signWith(page, await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE));
    await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['CONSENSI AL TRATTAMENTO DEI DATI'] });
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';

    await page.getByTestId('thank-you-consents').getByRole('link', { name: 'le tue preferenze' }).click();
    await expect(page).toHaveURL(new RegExp(`/consensi/${orderNumber}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'I tuoi consensi' })).toBeVisible();
    await expect(textbox(page, 'Numero d’ordine')).toHaveValue(orderNumber);
    const before = await newestOutboxEntry(page, MOBILE);
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(page.getByTestId('consents-sent')).toHaveText('Codice inviato a +39 3** *** **68.');
    const code = await readNewCode(page, MOBILE, before);

    // Each optional consent is its own unticked box, with the words the ledger records.
    const marketing = page.getByRole('checkbox', { name: 'Acconsento a ricevere comunicazioni commerciali e offerte (facoltativo)' });
    const thirdParty = page.getByRole('checkbox', { name: /comunicazione dei miei dati a società partner/ });
    for (const box of [marketing, thirdParty]) await expect(box).not.toBeChecked();
    await marketing.check();
    const otp = textbox(page, 'Codice di conferma (6 cifre)');
    await otp.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Salva le mie scelte' }).click();
    await expect(otp).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Codice errato: restano 4 tentativi.' })).toBeVisible();
    await expect(marketing).toBeChecked();
    await expectFitsWidth(page, 'consents with a wrong code');
    await keepScreenshot(page, testInfo, 'consents', { forReview: true });

    await otp.fill(code);
    await page.getByRole('button', { name: 'Salva le mie scelte' }).click();
    const done = page.getByTestId('consents-done');
    await expect(done.getByRole('heading', { level: 1, name: 'Scelte salvate' })).toBeFocused();
    const recorded = done.getByTestId('consents-recorded');
    await expect(recorded).toContainText('Acconsento a ricevere comunicazioni commerciali e offerte (facoltativo): acconsenti');
    await expect(recorded).toContainText('per le loro offerte commerciali (facoltativo): non acconsenti');
  });
});
