import { cfCheckCharacter } from '../../packages/contract/src/italian/codice-fiscale';
import { PERSON_NAME_MESSAGE } from '../../packages/contract/src/italian/person-name';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep, fillContact, fillIdentityDocument,
  fillPayment, identityList, identityUpload, sendCodeAndRead, signedContractText, signWith, stepForm, submitStep, textbox, tinyPng, uniqueEmail,
  uploadIdentityWithProgress,
} from './checkout-journey';

/*
 * Real names carry apostrophes (typographic ones, as phones type them) and hyphens: the customer goes from
 * coverage to a signed contract at 375 px, the codice fiscale of those letters is accepted, and the
 * contract prints the name as it was typed.
 */

const MOBILE = '3331234567';

interface Customer {
  first: string; last: string; sex: 'Femmina' | 'Maschio'; birth: string; cf: string; email: string;
}

/** A codice fiscale from its first 15 characters and the contract's own check character. */
const cf = (first15: string): string => first15 + cfCheckCharacter(first15);

const CUSTOMERS: Customer[] = [
  // D’Angelo → DNG, Maria Grazia → MGR, 15 March 1985 (F: day + 40), Roma H501.
  { first: 'Maria Grazia', last: 'D’Angelo', sex: 'Femmina', birth: '15/03/1985', cf: cf('DNGMGR85C55H501'), email: 'maria.grazia.dangelo' },
  // Rossi-Bianchi → RSS, Luca → LCU, 2 July 1979, Roma H501.
  { first: 'Luca', last: 'Rossi-Bianchi', sex: 'Maschio', birth: '02/07/1979', cf: cf('RSSLCU79L02H501'), email: 'luca.rossi-bianchi' },
];

/*
 * The contract is drawn with a standard PDF font in WinAnsi: its bytes 0x80-0x9F are the typographic
 * characters (0x92 is ’), which the text extraction reads as Latin-1 control characters. Read them back
 * as what they print (a no-op once the contract embeds a Unicode font).
 */
const WIN_ANSI_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const printed = (text: string): string =>
  text.replace(/[\u0080-\u009f]/g, (c) => WIN_ANSI_80_9F[c.charCodeAt(0) - 0x80] ?? c).replace(/\s+/g, ' ');

/** Step 2 from the typed codice fiscale: sex, birth date and place fill themselves; residence = activation address. */
async function fillPersonal(page: Page, c: Customer): Promise<void> {
  const form = stepForm(page);
  await textbox(form, 'Codice fiscale').fill(c.cf);
  await textbox(form, 'Codice fiscale').blur();
  await expect(page.locator('#cf-status')).toHaveText(/Abbiamo compilato/);
  await expect(form.getByRole('radiogroup', { name: 'Sesso' }).getByRole('radio', { name: c.sex })).toBeChecked();
  await expect(textbox(form, 'Data di nascita')).toHaveValue(c.birth);
  await expect(form.getByRole('combobox', { name: 'Luogo di nascita (comune o stato estero)' })).toHaveValue('Roma (RM)');
  await form.getByRole('button', { name: 'Usa l’indirizzo di attivazione' }).click();
  await expect(textbox(form, 'Indirizzo di residenza')).toHaveValue(/Via Roma/);
}

test.describe('customers with apostrophes and hyphens in their names sign a contract @mobile @phone-only', () => {
  for (const c of CUSTOMERS) {
    test(`${c.first} ${c.last} goes from coverage to a signed contract`, async ({ page }, testInfo) => {
      await checkCoverage(page, 'Privato');
      await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
      await continueFromOffer(page);

      // ——— Step 1: emoji are refused next to the field; the name as the customer types it goes through ———
      const form = stepForm(page);
      await fillContact(page, { firstName: '😀😀😀', lastName: c.last, email: uniqueEmail(c.email), mobile: MOBILE });
      await submitStep(page);
      const firstName = textbox(form, 'Nome');
      await expect(firstName).toHaveAttribute('aria-invalid', 'true');
      await expect(form.locator('#field-first_name-error')).toHaveText(PERSON_NAME_MESSAGE);
      await expectFitsWidth(page, 'step 1 with the name refused');
      await keepScreenshot(page, testInfo, 'step-1-name-refused');
      await firstName.fill(c.first);
      await expect(textbox(form, 'Cognome')).toHaveValue(c.last);
      await submitStep(page);

      // ——— Step 2: the codice fiscale of those letters is accepted ———
      await expectStep(page, 2, 'Dati personali');
      await fillPersonal(page, c);
      await submitStep(page);
      await expectStep(page, 3, 'Indirizzi');
      await submitStep(page);

      // ——— Step 4: the account holder starts from the same name ———
      await expectStep(page, 4, 'Pagamento');
      await fillPayment(page, { first: c.first, last: c.last }, 'IT60X0542811101000000123456');
      await submitStep(page);

      // ——— Step 5 ———
      await expectStep(page, 5, 'Documento e riepilogo');
      await fillIdentityDocument(page, 'CA12345AB');
      await uploadIdentityWithProgress(page, { name: 'carta-identita.png', mimeType: 'image/png', buffer: tinyPng() });
      await expect(identityList(page).getByRole('button', { name: 'Elimina carta-identita.png' })).toBeVisible();
      await identityUpload(page).setInputFiles({ name: 'carta-retro.png', mimeType: 'image/png', buffer: tinyPng() });
      await expect(identityList(page).getByRole('listitem')).toHaveCount(2);
      await expect(page.getByTestId('order-review')).toContainText(`${c.first} ${c.last}`);
      await expectFitsWidth(page, 'step 5');
      await submitStep(page, 'Vai alla firma');

      // ——— Firma ———
      await expectContractPreview(page);
      const code = await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE);
      await signWith(page, code);
      await expectSignedAndDownload(page, { heading: `Grazie ${c.first}, il contratto è firmato!`, mustContain: [c.cf] });
      await expectFitsWidth(page, 'thank-you');
      await keepScreenshot(page, testInfo, 'thank-you');

      const contract = printed(await signedContractText(page));
      expect(contract, 'the contract prints the name as typed').toContain(`${c.first} ${c.last}`);
    });
  }
});
