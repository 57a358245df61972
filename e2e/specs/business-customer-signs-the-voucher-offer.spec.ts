import { expect, test } from './fixtures';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, contractOrder, expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep,
  fillCompany, fillContact, fillIdentityDocument, fillPayment, identityList, identityUpload, sendCodeAndRead, shownOrder,
  signedContractText, signWith, stepForm, submitStep, tinyPdf, uniqueEmail,
} from './checkout-journey';

// A partita IVA with a valid office code (015) and check digit, as the server checks it.
const PARTITA_IVA = '00743110157';
const COMPANY = 'Officina Digitale Romana S.r.l.';

test.describe('a business customer signs the voucher offer', () => {
  test('business data with PEC, SDI 0000000, REA and ATECO, legal seat, code by email, signed PDF', async ({ page }, testInfo) => {
    await checkCoverage(page, 'Business');
    const offer = page.getByRole('radio', { name: 'Fibra Viva Business Voucher', exact: true });
    await offer.check();
    await expect(offer).toBeChecked();
    // What the voucher is worth, over how long, and who may use it, before choosing it.
    await expect(page.getByTestId('offer-voucher-203')).toContainText('Voucher: un contributo di 500,00 € in tutto, scontato dal canone nei primi 24 mesi.');
    await expect(page.getByTestId('offer-voucher-203')).toContainText('Chi può usarlo: Micro, piccole e medie imprese e professionisti con partita IVA');
    await keepScreenshot(page, testInfo, 'offer-voucher', { forReview: true });
    // The voucher offer sells no speed upgrade and no other router: its modem in Carbonio with two extra
    // covers, its repeater, and the business voice plan it starts with.
    await page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Carbonio' }).check();
    await page.getByRole('button', { name: /Aggiungi cover in altri colori/ }).click();
    await page.getByTestId('cover-wood').check();
    await page.getByTestId('cover-gray').check();
    await page.getByTestId('repeater-list').getByRole('checkbox', { name: 'Ripetitore Wi-Fi Casa' }).check();
    await expect(page.getByRole('group', { name: 'Linea voce' }).getByRole('radio', { name: /^Voce Business Illimitata 2 linee/ })).toBeChecked();
    const atOffer = await shownOrder(page, 'summary');
    expect(atOffer.lines.map(([label]) => label)).toEqual([
      'Fibra Viva Business Voucher', 'Modem Fibra Viva Wi-Fi 6 (colore: Carbonio) - incluso', 'Ripetitore Wi-Fi Casa',
      'Voce Business Illimitata 2 linee', 'Cover aggiuntiva Grigio', 'Cover aggiuntiva Legno',
    ]);
    await continueFromOffer(page);

    // ——— Step 1: the company's contact person ———
    const email = uniqueEmail('giulia.bianchi');
    await fillContact(page, { firstName: 'Giulia', lastName: 'Bianchi', email, mobile: '3471234567' });
    await submitStep(page);

    // ——— Step 2: company data ———
    await expectStep(page, 2, 'Dati dell’azienda');
    await expectFitsWidth(page, 'step 2 business');
    await fillCompany(page, COMPANY, PARTITA_IVA);
    await submitStep(page);

    // ——— Step 3: addresses (no portability), the voice line of the plan chosen ———
    await expectStep(page, 3, 'Indirizzi');
    await expect(page.getByTestId('activation-address')).toContainText(/Via Roma 1, 00185 Roma \(RM\)/);
    await expect(stepForm(page).getByRole('checkbox', { name: 'Uguale all’indirizzo di attivazione' })).toBeChecked();
    // The plan chosen on the offer page is the voice line: step 3 names it and asks nothing more.
    await expect(page.getByTestId('voice-line')).toContainText('Hai scelto Voce Business Illimitata 2 linee');
    await expect(stepForm(page).getByRole('checkbox', { name: /linea voce/i })).toHaveCount(0);
    await submitStep(page);

    // ——— Step 4: payment ———
    await expectStep(page, 4, 'Pagamento');
    await fillPayment(page, { first: 'Giulia', last: 'Bianchi', taxCode: 'BNCGLI85M41H501Y' }, 'IT60X0542811101000000123456');
    await submitStep(page);

    // ——— Step 5: the representative's document and a PDF copy ———
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA98765ZY');
    await identityUpload(page).setInputFiles({ name: 'documento-legale-rappresentante.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Copia documento') });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: 'documento-legale-rappresentante.pdf' })).toBeVisible();
    const review = page.getByTestId('order-review');
    await expect(review).toContainText(COMPANY);
    await expect(review).toContainText(PARTITA_IVA);
    expect(await shownOrder(page, 'review')).toEqual(atOffer);
    expect(await shownOrder(page, 'summary')).toEqual(atOffer);
    await expectFitsWidth(page, 'step 5 business');
    await submitStep(page, 'Vai alla firma');

    // ——— Firma: the code by email ———
    await expectContractPreview(page);
    await expectFitsWidth(page, 'firma business');
    const code = await sendCodeAndRead(page, /^Via email a/, email);
    await signWith(page, code);

    await expectSignedAndDownload(page, { heading: `Grazie ${COMPANY}, il contratto è firmato!`, mustContain: [
      COMPANY, PARTITA_IVA,
      // A person holds the account: named with their own codice fiscale, not the company's P.IVA.
      'Debitore (intestatario del conto) Giulia Bianchi', 'Codice fiscale / P. IVA BNCGLI85M41H501Y',
    ] });
    expect(contractOrder(await signedContractText(page))).toEqual(atOffer);
    await expectFitsWidth(page, 'thank-you business');
    await keepScreenshot(page, testInfo, 'thank-you-business');
  });
});
