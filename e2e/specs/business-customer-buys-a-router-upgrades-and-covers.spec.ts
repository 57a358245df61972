import { expect, test } from './fixtures';
import {
  checkCoverage, continueFromOffer, contractOrder, expectContractPreview, expectSignedAndDownload, expectStep,
  fillCompany, fillContact, fillIdentityDocument, fillPayment, identityList, identityUpload, sendCodeAndRead, shownOrder,
  signedContractText, signWith, submitStep, tinyPdf, uniqueEmail,
} from './checkout-journey';

// A partita IVA with a valid office code (015) and check digit, as the server checks it.
const PARTITA_IVA = '00743110157';
const COMPANY = 'Studio Tecnico Aurelio S.r.l.';
const MOBILE = '3471234568';

test.describe('a business customer buys a router, upgrades and covers', () => {
  test('what the summary showed is what step 5 reviews and what the signed contract bills', async ({ page }) => {
    await checkCoverage(page, 'Business');
    await page.getByRole('radio', { name: 'Fibra Viva Business', exact: true }).check();
    await page.getByRole('group', { name: 'Velocità' }).getByRole('radio', { name: '2,5 Gbit/s' }).check();
    await page.getByRole('group', { name: 'Router', exact: true }).getByRole('radio', { name: 'Router Fibra Viva Top Wi-Fi 7 (acquisto)' }).check();
    await page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Lavagna' }).check();
    await page.getByRole('button', { name: /Aggiungi cover in altri colori/ }).click();
    await page.getByTestId('cover-tealblue').check();
    await page.getByTestId('cover-epic').check();
    await page.getByTestId('repeater-list').getByRole('checkbox', { name: 'Extender Wi-Fi 6' }).check();
    await page.getByRole('group', { name: 'Linea voce' }).getByRole('radio', { name: /^Voce Business Illimitata 2 linee/ }).check();

    const atOffer = await shownOrder(page, 'summary');
    expect(atOffer.lines).toEqual([
      ['Fibra Viva Business', 3990, 4900],
      ['Router Fibra Viva Top Wi-Fi 7 (acquisto) (colore: Lavagna)', 0, 14900],
      ['Extender Wi-Fi 6', 200, 0],
      ['Velocità fino a 2,5 Gbit/s', 500, 0],
      ['Voce Business Illimitata 2 linee', 1400, 0],
      ['Cover aggiuntiva Blu petrolio', 0, 500],
      ['Cover aggiuntiva Viola epico', 0, 500],
    ]);
    expect([atOffer.monthly, atOffer.oneOff]).toEqual([3990 + 200 + 500 + 1400, 4900 + 14900 + 1000]);
    await continueFromOffer(page);

    await fillContact(page, { firstName: 'Aurelio', lastName: 'Conti', email: uniqueEmail('aurelio.conti'), mobile: MOBILE });
    await submitStep(page);
    await expectStep(page, 2, 'Dati dell’azienda');
    await fillCompany(page, COMPANY, PARTITA_IVA);
    await submitStep(page);
    await expectStep(page, 3, 'Indirizzi');
    await expect(page.getByTestId('voice-line')).toContainText('Hai scelto Voce Business Illimitata 2 linee');
    await submitStep(page);
    await expectStep(page, 4, 'Pagamento');
    // The company holds the account: the mandate names it with its own P.IVA, no person's name.
    await fillPayment(page, { company: COMPANY, taxCode: PARTITA_IVA }, 'IT60X0542811101000000123456');
    await submitStep(page);
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA11223AB');
    await identityUpload(page).setInputFiles({ name: 'documento.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Documento') });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: 'documento.pdf' })).toBeVisible();

    expect(await shownOrder(page, 'review')).toEqual(atOffer);
    expect(await shownOrder(page, 'summary')).toEqual(atOffer);
    await submitStep(page, 'Vai alla firma');

    await expectContractPreview(page);
    // A business contract asks for the summary, the terms and the FEA conditions: the withdrawal right is the consumer's.
    const boxes = page.getByTestId('acceptances').getByRole('checkbox');
    await expect(boxes).toHaveCount(3);
    await expect(boxes.nth(0)).toHaveAccessibleName(/Ho letto la sintesi contrattuale/);
    await expect(boxes.nth(1)).toHaveAccessibleName(/condizioni generali di contratto/);
    await expect(boxes.nth(2)).toHaveAccessibleName(/condizioni della firma elettronica avanzata/);
    // Nor is a business asked about activation within a withdrawal period it does not have.
    await expect(page.getByTestId('early-activation')).toHaveCount(0);
    const code = await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE);
    await signWith(page, code);
    await expectSignedAndDownload(page, { heading: `Grazie ${COMPANY}, il contratto è firmato!`, mustContain: [
      COMPANY, PARTITA_IVA, `Debitore (intestatario del conto) ${COMPANY}`, `Codice fiscale / P. IVA ${PARTITA_IVA}`,
    ] });
    expect(contractOrder(await signedContractText(page))).toEqual(atOffer);
  });
});
