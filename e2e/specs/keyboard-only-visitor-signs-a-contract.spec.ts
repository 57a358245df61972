import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  expectContractPreview, expectSignedAndDownload, expectStep, identityList, identityUpload, italianDateYearsFromNow, newestOutboxEntry, otpBox,
  readNewCode, stepForm, textbox, tinyPdf, uniqueEmail,
} from './checkout-journey';
import { chooseOption, chooseRadio, press, tabTo, tick, typeInto } from './keyboard';

/*
 * Issue 6: the whole checkout with the keyboard alone, from the coverage check to the signed
 * contract. Every control is reached with Tab (so it is in the tab order, in a sensible place, with a
 * visible focus) and used with typing, Space, Enter and the arrows; nothing is clicked.
 */

const MOBILE = '3339876543';

/** A native select: focus it and move with the arrows until it holds `value`. */
async function selectWithArrows(page: Page, select: Locator, value: string): Promise<void> {
  await tabTo(page, select);
  const options = await select.locator('option').count();
  for (let i = 0; i <= options && (await select.inputValue()) !== value; i++) await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}

const continueStep = (page: Page, label = 'Continua') => press(page, stepForm(page).getByRole('button', { name: label, exact: true }));

test('a visitor using only the keyboard checks coverage, builds the offer and signs', async ({ page }) => {
  // ——— Coverage check ———
  await page.goto('/attiva/verifica-copertura');
  // The first Tab offers the skip link, which takes the focus past the navigation.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Vai al contenuto principale' })).toBeFocused();
  await page.keyboard.press('Enter');
  await chooseRadio(page, page.getByRole('group', { name: 'Tipo di cliente' }).getByRole('radio', { name: 'Privato' }));
  await chooseOption(page, page.getByRole('combobox', { name: 'Comune' }), 'roma', 'Roma (RM), Lazio');
  await chooseOption(page, page.getByRole('combobox', { name: 'Indirizzo e numero civico' }), 'via roma 1', 'Via Roma 1, 00185 Roma (RM)');
  await expect(page.getByTestId('coverage-summary').getByTestId('coverage-technology')).toHaveText(/FTTH/);
  await press(page, page.getByTestId('discover-offer'));
  await expect(page).toHaveURL(/\/attiva\/offerta/);

  // ——— Offer: an offer, a faster speed, a coloured router and a repeater ———
  const offer = page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true });
  await chooseRadio(page, offer);
  await chooseRadio(page, page.getByRole('group', { name: 'Velocità' }).getByRole('radio', { name: '2,5 Gbit/s' }));
  await chooseRadio(page, page.getByRole('group', { name: 'Router', exact: true }).getByRole('radio', { name: 'Router Fibra Viva Top Wi-Fi 7 (noleggio)' }));
  await chooseRadio(page, page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Corten' }));
  await tick(page, page.getByTestId('repeater-list').getByRole('checkbox', { name: 'Ripetitore Mesh Wi-Fi 7' }));
  await press(page, page.getByRole('button', { name: 'Continua' }).first());

  // ——— Step 1 ———
  await expectStep(page, 1, 'Dati di contatto');
  const form = stepForm(page);
  await typeInto(page, textbox(form, 'Nome'), 'Lucia');
  await typeInto(page, textbox(form, 'Cognome'), 'Bianchi');
  await typeInto(page, textbox(form, 'Email'), uniqueEmail('lucia.bianchi'));
  await typeInto(page, textbox(form, 'Cellulare'), MOBILE);
  await chooseRadio(page, form.getByRole('radiogroup', { name: /Sei già cliente/ }).getByRole('radio', { name: 'No' }));
  await tick(page, form.getByRole('checkbox', { name: /informativa sulla privacy/ }));
  await continueStep(page);

  // ——— Step 2: the codice fiscale fills sex, birth date and place when the field is left ———
  await expectStep(page, 2, 'Dati personali');
  await typeInto(page, textbox(form, 'Codice fiscale'), 'BNCLCU85M41F205T');
  await page.keyboard.press('Tab');
  await expect(page.locator('#cf-status')).toHaveText(/Abbiamo compilato/);
  await expect(textbox(form, 'Data di nascita')).toHaveValue('01/08/1985');
  await press(page, form.getByRole('button', { name: 'Usa l’indirizzo di attivazione' }));
  await expect(textbox(form, 'CAP')).toHaveValue('00185');
  await continueStep(page);

  // ——— Step 3: the addresses from the coverage check ———
  await expectStep(page, 3, 'Indirizzi');
  await continueStep(page);

  // ——— Step 4 ———
  await expectStep(page, 4, 'Pagamento');
  await typeInto(page, textbox(form, 'IBAN'), 'IT60X0542811101000000123456');
  await expect(page.getByTestId('iban-status')).toContainText('ABI 05428');
  await continueStep(page);

  // ——— Step 5: document data, and the upload opened from the keyboard ———
  await expectStep(page, 5, 'Documento e riepilogo');
  await selectWithArrows(page, form.getByRole('combobox', { name: 'Tipo di documento' }), 'carta_identita');
  await typeInto(page, textbox(form, 'Numero del documento'), 'CA54321CD');
  await typeInto(page, textbox(form, 'Data di rilascio'), italianDateYearsFromNow(-1).replace(/\//g, ''));
  await typeInto(page, textbox(form, 'Data di scadenza'), italianDateYearsFromNow(9).replace(/\//g, ''));
  await chooseOption(page, form.getByRole('combobox', { name: 'Comune di rilascio' }), 'Roma', 'Roma (RM)');
  await expect(textbox(form, 'Rilasciato da')).toHaveValue('Comune di Roma');
  // Listening first: Playwright starts intercepting file choosers only when someone listens, and the
  // browser learns that asynchronously; a Space pressed right after could reach a page not yet intercepted.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, identityUpload(page));
  await page.keyboard.press('Space');
  // One PDF holds both sides of the card: the one file the signing code needs.
  await (await chooser).setFiles({ name: 'documento.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Documento') });
  await expect(identityList(page).getByRole('listitem').filter({ hasText: 'documento.pdf' })).toBeVisible();
  await continueStep(page, 'Vai alla firma');

  // ——— Firma: the channel, the code, the signature ———
  await expectContractPreview(page);
  await tick(page, page.getByRole('checkbox', { name: /Ho letto la sintesi contrattuale/ }));
  await tick(page, page.getByRole('checkbox', { name: /condizioni generali di contratto/ }));
  await tick(page, page.getByRole('checkbox', { name: /diritto di recesso/ }));
  await tick(page, page.getByRole('checkbox', { name: /condizioni della firma elettronica avanzata/ }));
  await chooseRadio(page, page.getByRole('radio', { name: /^Via SMS al numero/ }));
  const before = await newestOutboxEntry(page, MOBILE);
  await press(page, page.getByRole('button', { name: 'Invia codice' }));
  await expect(page.getByTestId('otp-sent')).toContainText('Codice inviato a');
  const code = await readNewCode(page, MOBILE, before);
  await typeInto(page, otpBox(page), code);
  await press(page, page.getByRole('button', { name: 'Firma: ordine con obbligo di pagare' }));

  await expectSignedAndDownload(page, { heading: 'Grazie Lucia, il contratto è firmato!', mustContain: ['Lucia Bianchi', 'BNCLCU85M41F205T'] });
});
