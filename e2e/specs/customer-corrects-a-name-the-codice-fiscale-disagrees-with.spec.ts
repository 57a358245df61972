import { expect, test } from './fixtures-with-expected-errors';
import {
  checkCoverage, continueFromOffer, expectStep, fillContact, fillPrivatePersonal, stepForm, submitStep, textbox, uniqueEmail,
} from './checkout-journey';

/*
 * A surname mistyped at step 1 ("Rosi") only shows at step 2, when the codice fiscale of "Rossi" does not
 * match it: step 2 says the names of step 1 disagree and links there; corrected, the customer goes on.
 */
test.describe('a customer corrects a name the codice fiscale disagrees with', () => {
  test.use({ expectedConsoleErrors: [/status of 422 .* @ .*\/step-personal\/?$/] });

  test('step 2 links back to step 1, the name is corrected and step 2 passes', async ({ page }) => {
    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await continueFromOffer(page);
    await fillContact(page, { firstName: 'Mario', lastName: 'Rosi', email: uniqueEmail('mario.rosi'), mobile: '3331234567' });
    await submitStep(page);
    await expectStep(page, 2, 'Dati personali');

    await fillPrivatePersonal(page, 'RSSMRA80A01H501U');
    await submitStep(page);
    const summary = page.getByTestId('error-summary');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Il codice fiscale non corrisponde al nome o al cognome indicati al passo 1');
    await expect(textbox(stepForm(page), 'Codice fiscale')).toHaveAttribute('aria-invalid', 'true');

    await summary.getByRole('link', { name: 'Correggi nome e cognome al passo 1' }).click();
    await expectStep(page, 1, 'Dati di contatto');
    await textbox(stepForm(page), 'Cognome').fill('Rossi');
    await submitStep(page);
    await expectStep(page, 2, 'Dati personali');
    // What step 2 held is still there after the detour.
    await expect(textbox(stepForm(page), 'Codice fiscale')).toHaveValue('RSSMRA80A01H501U');
    await submitStep(page);
    await expectStep(page, 3, 'Indirizzi');
  });
});
