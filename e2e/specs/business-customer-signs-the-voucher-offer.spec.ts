import { expect, test } from './fixtures';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, contractBody, contractOrder, expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep,
  fillCompany, fillContact, fillIdentityDocument, fillPayment, identityList, identityUpload, sendCodeAndRead, shownOrder,
  signedContractText, signedSummaryText, signWith, stepForm, submitStep, tinyPdf, uniqueEmail,
} from './checkout-journey';

/*
 * The voucher offer's terms (catalogue: 24 months, a 500 € contribution, 24,90 € to leave either way),
 * as the offer card, the review, the contract and its summary all state them.
 */
const COMMITMENT = 'Vincolo di 24 mesi dall’attivazione';
const CONTRIBUTION = 'Voucher: un contributo di 500,00 € in tutto, scontato dal canone nei primi 24 mesi.';
const EXIT_COSTS = 'Costi di uscita, una sola volta: passaggio ad altro operatore 24,90 €; cessazione del servizio 24,90 €.';
const EARLY_EXIT = 'Recesso prima dei 24 mesi: oltre ai costi di uscita restituisci la parte del contributo voucher dei mesi mancanti, 20,83 € per ogni mese che manca alla fine del vincolo (al massimo 500,00 €).';
const oneLine = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ');

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
    // The commitment, both exit costs and what leaving before the 24 months costs, on the card.
    const cardTerms = oneLine(await page.getByTestId('offer-terms-203').textContent());
    for (const sentence of [COMMITMENT, EXIT_COSTS, EARLY_EXIT]) expect(cardTerms).toContain(sentence);
    await keepScreenshot(page, testInfo, 'offer-voucher', { forReview: true });
    // The voucher offer sells no speed upgrade and no other router: its modem in Carbonio with two extra
    // covers, its repeater, and the business voice plan the customer picks.
    await page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Carbonio' }).check();
    await page.getByRole('button', { name: /Aggiungi cover in altri colori/ }).click();
    await page.getByTestId('cover-wood').check();
    await page.getByTestId('cover-gray').check();
    await page.getByTestId('repeater-list').getByRole('checkbox', { name: 'Ripetitore Wi-Fi Casa' }).check();
    // The recommended business plan is the customer's click, never a default (Codice del Consumo art. 65 c. 2 reasoning applied alike).
    const businessVoice = page.getByRole('group', { name: 'Linea voce' }).getByRole('radio', { name: /^Voce Business Illimitata 2 linee/ });
    await expect(businessVoice).not.toBeChecked();
    await businessVoice.check();
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
    const reviewTerms = oneLine(await page.getByTestId('review-terms').textContent());
    for (const sentence of [COMMITMENT, CONTRIBUTION, EXIT_COSTS, EARLY_EXIT]) expect(reviewTerms).toContain(sentence);
    expect(reviewTerms).not.toMatch(/senza vincolo/i);
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
    const signed = await signedContractText(page);
    expect(contractOrder(signed)).toEqual(atOffer);
    // The contract's body and the summary read before signing state the same terms, and no "senza vincolo … senza penali".
    const body = contractBody(signed);
    const summary = await signedSummaryText(page);
    for (const text of [body, summary]) {
      for (const sentence of [COMMITMENT, CONTRIBUTION, EXIT_COSTS, EARLY_EXIT]) expect(text).toContain(sentence);
      expect(text).not.toMatch(/senza vincolo|preavviso di 30 giorni, senza penali/i);
    }
    await expectFitsWidth(page, 'thank-you business');
    await keepScreenshot(page, testInfo, 'thank-you-business');
  });
});
