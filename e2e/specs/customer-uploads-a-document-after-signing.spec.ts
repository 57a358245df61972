import type { Page } from '@playwright/test';
import { pdfText } from '../../server/src/infra/pdf/pdf-text';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { keepScreenshot } from './coverage';
import {
  expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep, fillIdentityDocument, fillPayment, identityList, identityUpload,
  reachPaymentStep, sendCodeAndRead, signedContractText, signWith, submitStep, tinyPdf,
} from './checkout-journey';

const MOBILE = '3331234567';

const healthUpload = (page: Page) => page.getByLabel('Carica la tessera sanitaria', { exact: true });
const healthList = (page: Page) => page.getByRole('list', { name: 'File caricati: tessera sanitaria' });
const checklist = (page: Page) => page.getByRole('list', { name: 'Cosa ci serve' });
const missing = (page: Page) => page.getByTestId('upload-missing');

// The identity document identifies the signer, so it comes before the code; the health card may follow
// after the signature, from the link the thank-you page and the messages give.
test.describe('a customer uploads the documents after signing', () => {
  test('cannot sign without the identity document, signs with one PDF of it, then sends the health card from /document-upload/<order code>', async ({ page }, testInfo) => {
    // ——— The shortest private journey: step 5 refuses to go on without the identity document ———
    await reachPaymentStep(page, MOBILE);
    await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
    await submitStep(page);
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA12345AB');
    await expect(page.getByText(/Prima della firma carica il documento d’identità che hai indicato/)).toBeVisible();
    await expect(identityList(page)).toHaveCount(0);
    await submitStep(page, 'Vai alla firma');
    await expect(page.getByText('Carica il documento d’identità che hai indicato: senza non possiamo inviarti il codice di firma.')).toBeVisible();
    await expect(identityUpload(page)).toBeFocused();
    await expectStep(page, 5, 'Documento e riepilogo');
    await expectNoSeriousA11yViolations(page, 'step 5 without the identity document');

    // One PDF holds both sides of the card.
    await identityUpload(page).setInputFiles({ name: 'carta-identita.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Carta di identita') });
    await expect(identityList(page).getByRole('listitem').filter({ hasText: 'carta-identita.pdf' })).toBeVisible();
    await submitStep(page, 'Vai alla firma');

    // ——— Signature ———
    await expectContractPreview(page);
    await signWith(page, await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE));
    const orderCode = await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['Mario Rossi'] });
    const signedBefore = await signedContractText(page);
    // The thank-you page's one-hour link (the order's hash alone opens no signed file).
    const signedLink = new URL((await page.getByTestId('thank-you').getByRole('link', { name: 'Scarica il contratto firmato' }).getAttribute('href')) ?? '', page.url()).toString();
    expect((await page.request.get(`/api/orders/${encodeURIComponent(orderCode)}/signed-contract`)).status()).toBe(404);

    // ——— Later, from the link: only the health card is still to send ———
    await page.goto(`/document-upload/${orderCode}`);
    await expect(page).toHaveTitle('Carica documento');
    await expect(page.getByRole('heading', { level: 1, name: 'Carica documento' })).toBeVisible();
    await expect(page.getByTestId('upload-order-code')).toHaveText(`Codice ordine: ${orderCode}`);
    await expect(page.getByText(/Hai già firmato il contratto\? Puoi caricare i documenti anche adesso/)).toBeVisible();
    await expect(checklist(page).getByRole('listitem')).toHaveText([
      /Fronte del documento d’identità: caricato/, /Retro del documento d’identità: caricato/, /Tessera sanitaria: da caricare/,
    ]);
    await expect(missing(page)).toHaveText('Ancora da caricare: tessera sanitaria.');
    await expect(identityList(page).getByRole('listitem').filter({ hasText: 'carta-identita.pdf' })).toBeVisible();
    await expectFitsWidth(page, 'upload after signing');
    await expectNoSeriousA11yViolations(page, 'upload after signing');
    await keepScreenshot(page, testInfo, 'document-upload-after-signing', { forReview: true });

    // ——— The health card: nothing missing ———
    await healthUpload(page).setInputFiles({ name: 'tessera-sanitaria.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Tessera sanitaria') });
    await expect(healthList(page).getByRole('listitem').filter({ hasText: 'tessera-sanitaria.pdf' })).toBeVisible();
    await expect(missing(page)).toHaveText('Nessun documento mancante: abbiamo tutto quello che ci serve.');
    await expect(page.getByTestId('upload-received')).toContainText('Abbiamo ricevuto 2 file');
    await expectFitsWidth(page, 'upload after signing, nothing missing');

    // The documents are the order's, not the contract's: the signed PDF is still the one signed.
    const res = await page.request.get(signedLink);
    expect(res.status()).toBe(200);
    expect(await pdfText(await res.body())).toBe(signedBefore);
  });
});
