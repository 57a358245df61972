import { expect, test } from './fixtures';
import { expectFitsWidth, textbox, uniqueEmail } from './checkout-journey';
import { checkAddress, viaRoma } from './coverage';
import { expectRequiredLabel } from './side-flows';

// Every run sends a lead of its own (a unique email); leads are only added, so both widths run it all.
test.describe('request an offer', () => {
  test('an address without coverage: the lead form keeps the address, needs the privacy tick, and thanks by name', async ({ page }) => {
    await page.goto('/attiva/verifica-copertura');
    await checkAddress(page, viaRoma(6));
    await expect(page).toHaveURL(/\/attiva\/richiedi-offerta\/no-coverage$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Richiedi un’offerta' })).toBeVisible();
    await expect(page.getByTestId('lead-intro')).toContainText('Il tuo indirizzo non è ancora raggiunto dalla fibra');

    // What the visitor entered in the coverage check is already there.
    await expect(page.getByRole('combobox', { name: 'Comune', exact: true })).toHaveValue('Roma');
    await expect(textbox(page, 'Indirizzo')).toHaveValue(/Via Roma/);
    await expect(textbox(page, 'Civico')).toHaveValue('6');
    await expect(textbox(page, 'CAP')).toHaveValue('00185');
    await expect(textbox(page, 'Provincia')).toHaveValue('RM');
    for (const label of ['Nome', 'Cognome', 'Email', 'Telefono']) await expectRequiredLabel(page, label);
    await expectFitsWidth(page, 'lead form');

    await textbox(page, 'Nome').fill('Giulia');
    await textbox(page, 'Cognome').fill('Bianchi');
    await textbox(page, 'Email').fill(uniqueEmail('giulia.bianchi'));
    await textbox(page, 'Telefono').fill('333 1234567');
    const privacy = page.getByRole('checkbox', { name: /Ho letto l’informativa/ });
    await expect(privacy).not.toBeChecked();

    // Without the privacy tick nothing is sent, and the reason is next to the checkbox.
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    await expect(privacy).toHaveAttribute('aria-invalid', 'true');
    await expect(privacy).toHaveAccessibleDescription(/Per procedere occorre accettare l'informativa sulla privacy\./);
    await expect(page.getByTestId('lead-thank-you')).toHaveCount(0);
    await expectFitsWidth(page, 'lead form with the privacy error');

    await privacy.check();
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    const thanks = page.getByTestId('lead-thank-you');
    await expect(thanks.getByRole('heading', { level: 1, name: 'Grazie, Giulia!' })).toBeVisible();
    await expect(thanks).toContainText('un consulente ti ricontatterà');
    await expectFitsWidth(page, 'lead thank-you');
  });
});
