import type { Page } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import { expectNoSeriousA11yViolations as axe } from './axe';
import {
  checkCoverage, continueFromOffer, expectContractPreview, expectStep, fillContact, fillIdentityDocument, fillPayment,
  fillPrivatePersonal, identityList, identityUpload, sendCodeAndRead, signWith, stepForm, submitStep, textbox, tinyPng,
  uniqueEmail, uploadIdentityWithProgress,
} from './checkout-journey';
import { checkAddress, viaRoma } from './coverage';
import { createOrderThroughApi } from './side-flows';

/*
 * Issue 6: axe-core on every screen of the product (every route of contract/src/routes.ts and the
 * states a visitor meets on it: results, errors, open dialogs), at 1280 px and at 375 px (@mobile).
 * The checks are soft: one run reports every screen that fails, not just the first.
 */

/** Opens a registry modal with its button, checks the page with the dialog on top, and closes it. */
async function axeWithModal(page: Page, opener: ReturnType<Page['getByRole']>, testId: string, label: string): Promise<void> {
  await opener.click();
  const modal = page.getByTestId(testId);
  await expect(modal.getByRole('heading')).toBeVisible();
  await axe(page, label);
  await modal.getByRole('button', { name: 'Chiudi' }).last().click();
  await expect(modal).toHaveCount(0);
}

test.describe('every screen is accessible @mobile', () => {
  // Long walks with an axe run per screen: on a busy machine they need more than the default minute.
  test.describe.configure({ timeout: 180_000 });

  test('the shared dialogs: consent banner, customizer, support', async ({ page }) => {
    // No consent yet: the banner is on screen.
    await page.context().clearCookies();
    await page.goto('/attiva/verifica-copertura');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    await axe(page, 'consent banner');
    await banner.getByTestId('consent-customize').click();
    await expect(banner.getByRole('switch', { name: /statistic|analisi/i })).toBeVisible();
    await axe(page, 'consent banner, customising');
    await banner.getByRole('button', { name: /Rifiuta/ }).click();
    await expect(banner).toHaveCount(0);

    await page.getByTestId('customizer-toggle').click();
    const panel = page.getByTestId('customizer-panel');
    await expect(panel).toBeVisible();
    await axe(page, 'customizer');
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    await axeWithModal(page, page.getByRole('button', { name: 'Assistenza', exact: true }), 'modal-support', 'support dialog');

    // The dark skin has colours of its own.
    await page.getByTestId('customizer-toggle').click();
    await page.getByRole('radio', { name: 'Scuro', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('customizer-panel')).toHaveCount(0);
    await axe(page, 'coverage check, dark skin');
  });

  test.describe('a promo link', () => {
    // get-promo refuses an unknown code with a 404, which Chromium logs.
    test.use({ expectedConsoleErrors: [/status of 404 .* @ .*\/get-promo\/$/] });

    test('the coverage check reached through a promo link says when the code does not apply', async ({ page }) => {
      await page.goto('/attiva/verifica-copertura/PROMO2026/from/newsletter');
      await expect(page.getByTestId('promo-banner')).toHaveText('Il codice promozionale PROMO2026 non si può applicare: Codice promozionale non valido');
      await axe(page, 'coverage check with a refused promo');
    });
  });

  test('coverage check, results and offer with its options and dialogs', async ({ page }) => {
    await page.goto('/attiva/verifica-copertura');
    await expect(page.getByRole('heading', { level: 1, name: 'Verifica la copertura' })).toBeVisible();
    await axe(page, 'coverage check, empty');

    await page.getByRole('radio', { name: 'Business' }).check();
    await page.getByRole('combobox', { name: 'Comune' }).fill('roma');
    await expect(page.getByRole('option', { name: 'Roma (RM), Lazio', exact: true })).toBeVisible();
    await axe(page, 'coverage check business, comune suggestions open');
    await page.getByRole('option', { name: 'Roma (RM), Lazio', exact: true }).click();
    await page.getByRole('radio', { name: 'Privato' }).check();

    // FTTC far from the cabinet, with its explanation.
    await page.getByRole('combobox', { name: 'Indirizzo e numero civico' }).fill('via roma 4');
    await page.getByRole('option', { name: 'Via Roma 4, 00185 Roma (RM)' }).click();
    await expect(page.getByTestId('coverage-summary').getByTestId('coverage-technology')).toHaveText(/FTTC/);
    await axe(page, 'coverage result FTTC');
    await axeWithModal(page, page.getByRole('button', { name: 'Cosa significa la distanza dall’armadio' }), 'modal-distance-cabinet', 'distance-cabinet dialog');

    await checkCoverage(page, 'Privato');
    await page.goBack();
    await expect(page.getByTestId('coverage-summary')).toBeVisible();
    await axe(page, 'coverage result FTTH');
    await page.getByTestId('discover-offer').click();

    await expect(page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true })).toBeChecked();
    await axe(page, 'offer page');
    await page.getByRole('group', { name: 'Velocità' }).getByRole('radio', { name: '2,5 Gbit/s' }).check();
    await page.getByRole('group', { name: 'Router', exact: true }).getByRole('radio', { name: 'Router Fibra Viva Top Wi-Fi 7 (noleggio)' }).check();
    await page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Corten' }).check();
    await page.getByRole('button', { name: /Aggiungi cover in altri colori/ }).click();
    await page.getByRole('checkbox', { name: 'Cover Legno' }).check();
    await page.getByTestId('repeater-list').getByRole('checkbox', { name: 'Ripetitore Mesh Wi-Fi 7' }).check();
    await page.getByRole('group', { name: 'Linea voce' }).getByRole('radio', { name: /^Voce Illimitata Family/ }).check();
    await axe(page, 'offer page with options');

    await axeWithModal(page, page.getByRole('button', { name: /velocità/i }).first(), 'modal-info-speed-upgrade', 'speed upgrade dialog');
    await axeWithModal(page, page.getByRole('button', { name: /Ripetitore Mesh Wi-Fi 7/ }).first(), 'modal-option-description', 'option description dialog');
    // The included modem is listed again at the standard speed.
    await page.getByRole('group', { name: 'Velocità' }).getByRole('radio').first().check();
    await page.getByRole('group', { name: 'Router', exact: true }).getByRole('radio', { name: 'Modem Fibra Viva Wi-Fi 6' }).check();
    await axeWithModal(page, page.getByRole('button', { name: /incluso/i }).first(), 'modal-router-incluso', 'included router dialog');
  });

  test('steps 1-5 of a private customer, firma before and after the code, thank-you', async ({ page }) => {
    const mobile = '3331234567';
    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    // The voice plan is the visitor's own choice (nothing is chosen for them): step 3 keeps a number on it.
    await page.getByRole('group', { name: 'Linea voce' }).getByRole('radio', { name: /^Voce Illimitata Family/ }).check();
    await continueFromOffer(page);

    await axe(page, 'step 1');
    await submitStep(page);
    await expect(page.getByTestId('error-summary')).toBeVisible();
    await axe(page, 'step 1 with errors');
    await fillContact(page, { firstName: 'Mario', lastName: 'Rossi', email: uniqueEmail('mario.rossi'), mobile });
    await submitStep(page);

    await expectStep(page, 2, 'Dati personali');
    await axe(page, 'step 2 privato');
    // Back on the coverage check, the order can be resumed.
    await page.goto('/attiva/verifica-copertura');
    await expect(page.getByTestId('resume-order-link')).toBeVisible();
    await axe(page, 'coverage check with an order to resume');
    await page.getByTestId('resume-order-link').click();
    await expectStep(page, 2, 'Dati personali');
    await axeWithModal(page, stepForm(page).getByRole('button', { name: 'Dove trovo il codice fiscale?' }), 'modal-codice-fiscale', 'codice fiscale dialog');
    await fillPrivatePersonal(page, 'RSSMRA80A01H501U');
    await axe(page, 'step 2 privato filled');
    await submitStep(page);

    await expectStep(page, 3, 'Indirizzi');
    const form = stepForm(page);
    await form.getByRole('radio', { name: /^Sì, mantengo il mio numero/ }).check();
    await form.getByRole('combobox', { name: 'Operatore attuale' }).selectOption({ label: 'TIM' });
    await textbox(form, 'Codice di migrazione').fill('TIM0612345678050A');
    await textbox(form, 'Codice di migrazione').blur();
    await expect(form.getByRole('alert').filter({ hasText: 'non appartiene a un servizio trasferibile' })).toBeVisible();
    await axe(page, 'step 3 with portability and an error');
    await axeWithModal(page, form.getByRole('button', { name: /codice di migrazione/i }), 'modal-invoice-example', 'invoice example dialog');
    await textbox(form, 'Codice di migrazione').fill('TIM0612345678001A');
    await textbox(form, 'Numero di telefono fisso da mantenere').fill('0612345678');
    await submitStep(page);

    await expectStep(page, 4, 'Pagamento');
    await axe(page, 'step 4');
    await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
    await axe(page, 'step 4 with a valid IBAN');
    await submitStep(page);

    await expectStep(page, 5, 'Documento e riepilogo');
    await axe(page, 'step 5');
    await fillIdentityDocument(page, 'CA12345AB');
    await uploadIdentityWithProgress(page, { name: 'carta-identita.png', mimeType: 'image/png', buffer: tinyPng() });
    // The back is missing: the page says so next to the upload, and that state is checked too.
    await submitStep(page, 'Vai alla firma');
    await expect(page.getByText('Carica anche il retro del documento (oppure un unico PDF con entrambi i lati).')).toBeVisible();
    await axe(page, 'step 5 with the back of the document missing');
    await identityUpload(page).setInputFiles({ name: 'carta-retro.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('listitem')).toHaveCount(2);
    await axe(page, 'step 5 with a document');
    await submitStep(page, 'Vai alla firma');

    await expectContractPreview(page);
    await axe(page, 'firma before the code');
    const code = await sendCodeAndRead(page, /^Via SMS al numero/, mobile);
    await axe(page, 'firma after sending the code');
    await signWith(page, code);
    await expect(page.getByTestId('thank-you')).toBeVisible();
    await axe(page, 'thank-you');
  });

  test('steps 1-5 of a business customer, up to the firma', async ({ page }) => {
    await checkCoverage(page, 'Business');
    await page.getByRole('radio', { name: 'Fibra Viva Business Voucher', exact: true }).check();
    await axe(page, 'offer page business');
    await continueFromOffer(page);
    await fillContact(page, { firstName: 'Giulia', lastName: 'Bianchi', email: uniqueEmail('giulia.bianchi'), mobile: '3471234567' });
    await submitStep(page);

    await expectStep(page, 2, 'Dati dell’azienda');
    await axe(page, 'step 2 business');
    const form = stepForm(page);
    await submitStep(page);
    await expect(page.getByTestId('error-summary')).toBeVisible();
    await axe(page, 'step 2 business with errors');
    await textbox(form, 'Ragione sociale').fill('Officina Digitale Romana S.r.l.');
    await form.getByRole('combobox', { name: 'Forma giuridica' }).selectOption('S.r.l.');
    await textbox(form, 'Partita IVA').fill('00743110157');
    await textbox(form, 'Codice fiscale dell’azienda').fill('00743110157');
    await textbox(form, 'PEC (facoltativa)').fill('amministrazione@pec.officinadigitale.it');
    await textbox(form, 'Codice SDI').fill('0000000');
    await form.getByRole('combobox', { name: 'Codice ATECO' }).fill('software');
    await expect(page.getByRole('option', { name: /^62\.10/ })).toBeVisible();
    await axe(page, 'step 2 business, ATECO suggestions open');
    await page.getByRole('option', { name: /^62\.10/ }).click();
    await textbox(form, 'Provincia REA').fill('RM');
    await textbox(form, 'Numero REA').fill('1234567');
    await textbox(form, 'Indirizzo della sede legale').fill('Via del Corso');
    await textbox(form, 'Numero civico della sede').fill('101');
    await form.getByRole('combobox', { name: 'Comune della sede legale' }).fill('Roma');
    await page.getByRole('option', { name: 'Roma (RM)', exact: true }).click();
    await textbox(form, 'CAP della sede').fill('00186');
    await submitStep(page);

    await expectStep(page, 3, 'Indirizzi');
    await axe(page, 'step 3 business');
    await submitStep(page);
    await expectStep(page, 4, 'Pagamento');
    await axe(page, 'step 4 business');
    await fillPayment(page, { first: 'Giulia', last: 'Bianchi', taxCode: 'BNCGLI85M41H501Y' }, 'IT60X0542811101000000123456');
    await submitStep(page);
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA98765ZY');
    await identityUpload(page).setInputFiles({ name: 'documento.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('listitem')).toHaveCount(1);
    await identityUpload(page).setInputFiles({ name: 'documento-retro.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('listitem')).toHaveCount(2);
    await axe(page, 'step 5 business');
    await submitStep(page, 'Vai alla firma');
    await expectContractPreview(page);
    await axe(page, 'firma business');
  });

  test('request an offer: the form, its errors and the thank-you', async ({ page }) => {
    await page.goto('/attiva/verifica-copertura');
    await checkAddress(page, viaRoma(6));
    await expect(page.getByRole('heading', { level: 1, name: 'Richiedi un’offerta' })).toBeVisible();
    await axe(page, 'lead form');
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    await expect(page.getByRole('checkbox', { name: /Ho letto l’informativa/ })).toHaveAttribute('aria-invalid', 'true');
    await axe(page, 'lead form with errors');
    await textbox(page, 'Nome').fill('Giulia');
    await textbox(page, 'Cognome').fill('Bianchi');
    await textbox(page, 'Email').fill(uniqueEmail('giulia.bianchi'));
    await textbox(page, 'Telefono').fill('333 1234567');
    await page.getByRole('checkbox', { name: /Ho letto l’informativa/ }).check();
    await page.getByRole('button', { name: 'Invia la richiesta' }).click();
    await expect(page.getByTestId('lead-thank-you')).toBeVisible();
    await axe(page, 'lead thank-you');
  });

  test.describe('pre-made orders', () => {
    test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/fill-order$/] });

    test('the prepared order and the codes that open none', async ({ page }) => {
      await page.goto('/attiva/fill-order/pre/PRE2026DEMO');
      await expect(page.getByTestId('premade-ready').getByTestId('premade-offer')).not.toHaveText(/Caricamento/);
      await expect(page.getByTestId('premade-code')).toBeVisible();
      await axe(page, 'pre-made order');
      // Expired, signed and unknown codes get one answer, so one page.
      for (const code of ['PRE2025SCAD', 'PRE2026FIRM', 'NONESISTE99']) {
        await page.goto(`/attiva/fill-order/pre/${code}`);
        await expect(page.getByTestId('premade-not-found')).toBeVisible();
        await axe(page, `pre-made ${code}`);
      }
    });
  });

  test.describe('document upload', () => {
    test.use({ expectedConsoleErrors: [/status of 404 .* @ .*\/document-upload$/] });

    test('the upload page, a file listed, an unknown code', async ({ page }) => {
      const hash = await createOrderThroughApi(page.request);
      await page.goto(`/document-upload/${hash}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Carica documento' })).toBeVisible();
      await axe(page, 'document upload');
      await identityUpload(page).setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: tinyPng() });
      await expect(page.getByTestId('upload-received')).toBeVisible();
      await axe(page, 'document upload with a file');

      await page.goto('/document-upload/ABC123');
      await expect(page.getByTestId('upload-unknown-code')).toBeVisible();
      await axe(page, 'document upload, malformed code');
    });
  });

  test('portability data: the code form, its error, the form and the saved screen', async ({ page }) => {
    const hash = await createOrderThroughApi(page.request);
    await page.goto('/dati-portabilita');
    const codeForm = page.getByTestId('portability-code-form');
    await expect(codeForm).toBeVisible();
    await axe(page, 'portability code form');
    await codeForm.getByRole('button', { name: 'Prosegui' }).click();
    await expect(textbox(codeForm, 'Codice ordine')).toHaveAttribute('aria-invalid', 'true');
    await axe(page, 'portability code form with an error');

    await page.goto(`/dati-portabilita/${hash}`);
    await expect(page.getByTestId('portability-order-code')).toHaveText(hash);
    await page.getByRole('combobox', { name: 'Operatore attuale' }).selectOption({ label: 'TIM' });
    await textbox(page, 'Codice di migrazione').fill('XX');
    await textbox(page, 'Codice di migrazione').blur();
    await expect(textbox(page, 'Codice di migrazione')).toHaveAttribute('aria-invalid', 'true');
    await axe(page, 'portability form with an error');
    await textbox(page, 'Codice di migrazione').fill('TIM0612345678001A');
    await textbox(page, 'Codice di migrazione').blur();
    await page.getByRole('button', { name: 'Salva i dati' }).click();
    await expect(page.getByTestId('portability-saved')).toBeVisible();
    await axe(page, 'portability saved');
  });

  test.describe('SIM activation', () => {
    test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/activate-mobile-order$/] });

    test('the form, its errors, a refusal and the activated screen', async ({ page }) => {
      await page.goto('/attiva-sim');
      await expect(page.getByRole('heading', { level: 1, name: 'Attiva la tua SIM' })).toBeVisible();
      await axe(page, 'SIM activation');
      await page.getByRole('button', { name: 'Attiva la SIM' }).click();
      await expect(page.getByTestId('error-summary')).toBeVisible();
      await axe(page, 'SIM activation with errors');

      // The demo order that is already active: refused with a reason, nothing changes.
      await textbox(page, 'Numero d’ordine').fill('MO-2026-000999');
      await textbox(page, 'Ultime 5 cifre dell’ICCID').fill('00033');
      await page.getByRole('button', { name: 'Attiva la SIM' }).click();
      await expect(page.getByTestId('sim-error')).toContainText('SIM già attiva');
      await axe(page, 'SIM activation refused');

      // Activating is for good on the shared database, so the success answer is played back here.
      await page.route('**/api/orders/activate-mobile-order', (route) => route.fulfill({
        json: { result: true, data: { activated: true, short_hash: 'demoSimActive001' } },
      }));
      await page.getByRole('button', { name: 'Attiva la SIM' }).click();
      await expect(page.getByTestId('sim-activated')).toBeVisible();
      await axe(page, 'SIM activated');
    });
  });

  test.describe('mobile porting', () => {
    test.use({ expectedConsoleErrors: [/status of 404 .* @ .*\/get-mobile-order$/] });

    test('the summary, the correction form with an error, an unknown link', async ({ page }) => {
      await page.goto('/mnp/demoMnpAwaiting1');
      await expect(page.getByTestId('mnp-summary')).toContainText('MO-2026-000101');
      await axe(page, 'mobile porting summary');
      await page.getByRole('button', { name: 'Correggi i dati' }).click();
      const form = page.getByTestId('mnp-correction-form');
      await form.getByRole('textbox', { name: 'ICCID della SIM attuale', exact: true }).fill('8939 8800');
      await page.getByRole('button', { name: 'Invia la correzione' }).click();
      await expect(form.getByRole('textbox', { name: 'ICCID della SIM attuale', exact: true })).toHaveAttribute('aria-invalid', 'true');
      await axe(page, 'mobile porting correction with an error');
      await page.getByRole('button', { name: 'Annulla' }).click();
      await expect(form).toHaveCount(0);

      await page.goto('/mnp/sconosciuto12345');
      await expect(page.getByTestId('mnp-unknown')).toBeVisible();
      await axe(page, 'mobile porting, unknown link');
    });
  });

  test('the FEA information, linked from the signature page', async ({ page }) => {
    await page.goto('/firma-elettronica');
    await expect(page.getByRole('heading', { level: 1, name: 'Firma elettronica avanzata (FEA)' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Per quanto tempo' })).toBeVisible();
    await expect(page.getByText('conservati per 20 anni')).toBeVisible();
    await axe(page, 'fea');
  });

  test('the accessibility statement, linked from every footer', async ({ page }) => {
    await page.goto('/error-404');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Dichiarazione di accessibilità' }).click();
    await expect(page).toHaveURL(/\/accessibilita$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dichiarazione di accessibilità' })).toBeVisible();
    for (const heading of ['Stato di conformità', 'Contenuti non accessibili', 'Segnalazioni e richieste', 'Procedura di attuazione']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(page.getByTestId('accessibility-prepared')).toContainText('Dichiarazione redatta il');
    await axe(page, 'accessibility statement');
  });

  test('the 404 page', async ({ page }) => {
    await page.goto('/error-404');
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
    await axe(page, '404');
  });
});
