import { expect, test } from './fixtures';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep,
  fillContact, fillIdentityDocument, fillPayment, identityList, identityUpload, sendCodeAndRead, signWith, stepForm,
  submitStep, textbox, tinyPdf, uniqueEmail,
} from './checkout-journey';

// A partita IVA with a valid office code (015) and check digit, as the server checks it.
const PARTITA_IVA = '00743110157';
const COMPANY = 'Officina Digitale Romana S.r.l.';

test.describe('a business customer signs the voucher offer @mobile', () => {
  test('business data with PEC, SDI 0000000, REA and ATECO, legal seat, code by email, signed PDF', async ({ page }, testInfo) => {
    await checkCoverage(page, 'Business');
    const offer = page.getByRole('radio', { name: 'Fibra Viva Business Voucher', exact: true });
    await offer.check();
    await expect(offer).toBeChecked();
    await continueFromOffer(page);

    // ——— Step 1: the company's contact person ———
    const email = uniqueEmail('giulia.bianchi');
    await fillContact(page, { firstName: 'Giulia', lastName: 'Bianchi', email, mobile: '3471234567' });
    await submitStep(page);

    // ——— Step 2: company data ———
    await expectStep(page, 2, 'Dati dell’azienda');
    await expectFitsWidth(page, 'step 2 business');
    const form = stepForm(page);
    await textbox(form, 'Ragione sociale').fill(COMPANY);
    await form.getByRole('combobox', { name: 'Forma giuridica' }).selectOption('S.r.l.');
    await form.getByRole('combobox', { name: 'Tipo di impresa (facoltativo)' }).selectOption('Piccola impresa');
    await textbox(form, 'Partita IVA').fill(PARTITA_IVA);
    await textbox(form, 'Codice fiscale dell’azienda').fill(PARTITA_IVA);
    await textbox(form, 'PEC (facoltativa)').fill('amministrazione@pec.officinadigitale.it');
    // 0000000 is accepted because a PEC is given (SPEC §5).
    await textbox(form, 'Codice SDI').fill('0000000');
    const ateco = form.getByRole('combobox', { name: 'Codice ATECO' });
    // Searched by a word of the activity (the list is ATECO 2025: software development is 62.10).
    await ateco.fill('software');
    await page.getByRole('option', { name: /^62\.10/ }).click();
    await expect(ateco).toHaveValue(/^62\.10 – Attività di programmazione informatica/);
    await textbox(form, 'Provincia REA').fill('RM');
    await textbox(form, 'Numero REA').fill('1234567');
    await textbox(form, 'Anno di iscrizione REA (facoltativo)').fill('2015');
    // The legal seat typed by hand (not the activation address).
    await textbox(form, 'Indirizzo della sede legale').fill('Via del Corso');
    await textbox(form, 'Numero civico della sede').fill('101');
    await form.getByRole('combobox', { name: 'Comune della sede legale' }).fill('Roma');
    await page.getByRole('option', { name: 'Roma (RM)', exact: true }).click();
    await expect(textbox(form, 'Provincia della sede')).toHaveValue('RM');
    await textbox(form, 'CAP della sede').fill('00186');
    await submitStep(page);

    // ——— Step 3: addresses (no portability, no voice line in this offer) ———
    await expectStep(page, 3, 'Indirizzi');
    await expect(page.getByTestId('activation-address')).toContainText(/Via Roma 1, 00185 Roma \(RM\)/);
    await expect(stepForm(page).getByRole('checkbox', { name: 'Uguale all’indirizzo di attivazione' })).toBeChecked();
    await expect(stepForm(page).getByRole('checkbox', { name: 'Attiva la linea voce' })).toHaveCount(0);
    await submitStep(page);

    // ——— Step 4: payment ———
    await expectStep(page, 4, 'Pagamento');
    await fillPayment(page, { first: 'Giulia', last: 'Bianchi' }, 'IT60X0542811101000000123456');
    await submitStep(page);

    // ——— Step 5: the representative's document and a PDF copy ———
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA98765ZY');
    await identityUpload(page).setInputFiles({ name: 'documento-legale-rappresentante.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Copia documento') });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: 'documento-legale-rappresentante.pdf' })).toBeVisible();
    const review = page.getByTestId('order-review');
    await expect(review).toContainText(COMPANY);
    await expect(review).toContainText(PARTITA_IVA);
    await expectFitsWidth(page, 'step 5 business');
    await submitStep(page, 'Vai alla firma');

    // ——— Firma: the code by email ———
    await expectContractPreview(page);
    await expectFitsWidth(page, 'firma business');
    const code = await sendCodeAndRead(page, /^Via email a/, email);
    await signWith(page, code);

    await expectSignedAndDownload(page, { heading: `Grazie ${COMPANY}, il contratto è firmato!`, mustContain: [COMPANY, PARTITA_IVA] });
    await expectFitsWidth(page, 'thank-you business');
    await keepScreenshot(page, testInfo, 'thank-you-business');
  });
});
