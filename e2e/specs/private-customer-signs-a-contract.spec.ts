import { expect, test } from './fixtures';
import { keepScreenshot } from './coverage';
import {
  acceptContract, checkCoverage, continueFromOffer, contractOrder, expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep, fillContact,
  fillIdentityDocument, fillPayment, fillPrivatePersonal, identityList, identityUpload, sendCodeAndRead, shownOrder, signedContractText, signWith, stepForm,
  submitStep, textbox, tinyPng, uniqueEmail, uploadIdentityWithProgress,
} from './checkout-journey';

const MOBILE = '3331234567';

test.describe('a private customer signs a contract @mobile', () => {
  test('FTTH offer with upgrades and a voice line with portability, ID upload, code by SMS, signed PDF', async ({ page }, testInfo) => {
    // ——— Coverage and offer ———
    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await page.getByRole('group', { name: 'Velocità' }).getByRole('radio', { name: '2,5 Gbit/s' }).check();
    // The speeds of the chosen speed at the address (AGCOM 156/23/CONS): the signed summary prints these sentences.
    const chosenSpeeds = page.getByTestId('chosen-speeds');
    await expect(chosenSpeeds).toContainText('massima 2,5 Gbit/s');
    const speedSentences = (await chosenSpeeds.locator('span').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());
    expect(speedSentences).toHaveLength(2);
    await page.getByRole('group', { name: 'Router', exact: true }).getByRole('radio', { name: 'Router Fibra Viva Top Wi-Fi 7 (noleggio)' }).check();
    await page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Corten' }).check();
    await page.getByTestId('repeater-list').getByRole('checkbox', { name: 'Ripetitore Mesh Wi-Fi 7' }).check();
    const voice = page.getByRole('group', { name: 'Linea voce' }).getByRole('radio', { name: /^Voce Illimitata Family/ });
    // The recommended plan is not chosen for the visitor: it is their click.
    await expect(voice).not.toBeChecked();
    await voice.check();
    await expect(voice).toBeChecked();
    // Two extra router covers, 5 € one-off each.
    await page.getByRole('button', { name: /Aggiungi cover in altri colori/ }).click();
    await page.getByTestId('cover-wood').check();
    await page.getByTestId('cover-marble').check();
    const atOffer = await shownOrder(page, 'summary');
    expect(atOffer.lines.map(([label]) => label)).toEqual(expect.arrayContaining([
      'Router Fibra Viva Top Wi-Fi 7 (noleggio) (colore: Corten)', 'Velocità fino a 2,5 Gbit/s', 'Ripetitore Mesh Wi-Fi 7',
      'Voce Illimitata Family', 'Cover aggiuntiva Marmo', 'Cover aggiuntiva Legno',
    ]));
    expect(atOffer.oneOff).toBe(3990 + 2 * 500);
    await continueFromOffer(page);

    // ——— Step 1: contact data ———
    const email = uniqueEmail('mario.rossi');
    await expectFitsWidth(page, 'step 1');
    await fillContact(page, { firstName: 'Mario', lastName: 'Rossi', email, mobile: MOBILE });
    await submitStep(page);

    // ——— Step 2: personal data ———
    await expectStep(page, 2, 'Dati personali');
    await expectFitsWidth(page, 'step 2');
    await fillPrivatePersonal(page, 'RSSMRA80A01H501U');
    await submitStep(page);

    // ——— Step 3: addresses, number portability, voice line ———
    await expectStep(page, 3, 'Indirizzi');
    await expectFitsWidth(page, 'step 3');
    const form = stepForm(page);
    await expect(page.getByTestId('activation-address')).toContainText(/Via Roma 1, 00185 Roma \(RM\)/);
    await form.getByRole('checkbox', { name: 'Uguale all’indirizzo di attivazione' }).check();
    // The voice line is one question: keep the number (ported, with operator and migration code) or get a new one.
    await expect(page.getByTestId('voice-line')).toContainText('Hai scelto Voce Illimitata Family');
    await form.getByRole('radio', { name: /^Sì, mantengo il mio numero/ }).check();
    await form.getByRole('combobox', { name: 'Operatore attuale' }).selectOption({ label: 'TIM' });
    const migration = textbox(form, 'Codice di migrazione');
    // A code of a service that cannot move (COS 050) is told apart from a malformed one.
    await migration.fill('TIM0612345678050A');
    await migration.blur();
    await expect(form.getByRole('alert').filter({ hasText: 'Il codice di migrazione non appartiene a un servizio trasferibile' })).toBeVisible();
    await migration.fill('TIM0612345678001A');
    await migration.blur();
    await expect(form.getByText(/^Codice di migrazione valido/)).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: /Codice di migrazione/ })).toHaveCount(0);
    await textbox(form, 'Numero di telefono fisso da mantenere').fill('0612345678');
    // The number is asked once: no second field for the voice line.
    await expect(form.getByRole('textbox', { name: /linea voce/i })).toHaveCount(0);

    // A refresh in the middle of step 3 comes back to step 3 with everything typed.
    await page.reload();
    await expectStep(page, 3, 'Indirizzi');
    await expect(form.getByRole('radio', { name: /^Sì, mantengo il mio numero/ })).toBeChecked();
    await expect(form.getByRole('combobox', { name: 'Operatore attuale' })).toHaveValue('tim');
    await expect(textbox(form, 'Codice di migrazione')).toHaveValue('TIM0612345678001A');
    await expect(textbox(form, 'Numero di telefono fisso da mantenere')).toHaveValue('0612345678');
    const progress = page.getByRole('navigation', { name: 'Avanzamento dell’ordine' });
    await expect(progress.getByRole('link', { name: '3. Indirizzi' })).toHaveAttribute('aria-current', 'step');
    await keepScreenshot(page, testInfo, 'step-3', { forReview: true });
    await submitStep(page);

    // ——— Step 4: payment ———
    await expectStep(page, 4, 'Pagamento');
    await expectFitsWidth(page, 'step 4');
    await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
    await submitStep(page);

    // ——— Step 5: identity document and summary ———
    await expectStep(page, 5, 'Documento e riepilogo');
    await expectFitsWidth(page, 'step 5');
    await fillIdentityDocument(page, 'CA12345AB');
    await uploadIdentityWithProgress(page, { name: 'carta-identita.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('button', { name: 'Elimina carta-identita.png' })).toBeVisible();
    // The signer is identified by the card before any code is sent: with its front only, the page stays
    // on step 5 and says, next to the upload, what is missing.
    await submitStep(page, 'Vai alla firma');
    const backMissing = page.getByText('Carica anche il retro del documento (oppure un unico PDF con entrambi i lati).');
    await expect(backMissing).toBeVisible();
    await expect(identityUpload(page)).toBeFocused();
    await expect(identityUpload(page)).toHaveAttribute('aria-invalid', 'true');
    await expectStep(page, 5, 'Documento e riepilogo');
    await keepScreenshot(page, testInfo, 'step-5-document-back-missing');
    await identityUpload(page).setInputFiles({ name: 'carta-retro.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(identityList(page).getByRole('listitem')).toHaveCount(2);
    await expect(backMissing).toHaveCount(0);
    const review = page.getByTestId('order-review');
    await expect(review).toContainText('Mario Rossi');
    // What was chosen on the offer page is what step 5 shows, line by line, in the review and the summary.
    expect(await shownOrder(page, 'review')).toEqual(atOffer);
    expect(await shownOrder(page, 'summary')).toEqual(atOffer);
    await expect(page.getByTestId('review-iban')).toContainText(/IT60/);
    // The review says the one answer: the voice line keeps the ported number, no new number.
    await expect(review).toContainText('mantieni il numero 0612345678');
    await expect(review).not.toContainText('nuovo numero');
    await keepScreenshot(page, testInfo, 'step-5-summary');
    await submitStep(page, 'Vai alla firma');

    // ——— Firma ———
    await expectContractPreview(page);
    await expectFitsWidth(page, 'firma');
    await keepScreenshot(page, testInfo, 'signature', { forReview: true });
    // The contract summary is read in the page before the code is asked for.
    await acceptContract(page);
    await page.locator('#sintesi-contrattuale').scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'signature-summary', { forReview: true });
    const code = await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE);
    await signWith(page, code);

    await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: [
      'Mario Rossi', 'RSSMRA80A01H501U',
      // Step 3's voice line and portability are part of what is signed.
      'LINEA VOCE E PORTABILITÀ', 'Linea voce attivazione mantenendo il numero attuale 0612345678', 'Operatore attuale TIM', 'Numero da portare 0612345678', 'Codice di migrazione TIM0612345678001A',
    ] });
    // The signed contract prints the same lines and the same totals, and its summary the same speeds.
    const signedText = await signedContractText(page);
    expect(contractOrder(signedText)).toEqual(atOffer);
    const flat = signedText.replace(/\s+/g, ' ');
    // The contract names only the ported number: no "new number" beside it, no second number.
    expect(flat).not.toContain('nuovo numero');
    expect(new Set(flat.match(/(?<![\w+])0\d{5,10}(?!\w)/g))).toEqual(new Set(['0612345678']));
    for (const sentence of speedSentences) expect(flat).toContain(sentence.replace(/^(Download|Upload): /, '$1 all\'indirizzo: '));
    await expectFitsWidth(page, 'thank-you');
    await keepScreenshot(page, testInfo, 'thank-you', { forReview: true });
  });
});
