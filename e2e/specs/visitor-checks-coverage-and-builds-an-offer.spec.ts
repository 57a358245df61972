import { expect, test } from './fixtures';
import { checkAddress, keepScreenshot, plain, viaRoma } from './coverage';

test.describe('coverage check and offer', () => {
  test('an FTTH address: offer with a speed upgrade, a coloured router and a repeater, totals as the rules say @mobile', async ({ page }, testInfo) => {
    await page.goto('/attiva/verifica-copertura');
    await page.getByRole('radio', { name: 'Privato' }).check();
    await checkAddress(page, viaRoma(1));

    const summary = page.getByTestId('coverage-summary');
    await expect(summary.getByTestId('coverage-technology')).toHaveText(/FTTH/);
    await expect(summary.getByTestId('coverage-network')).toHaveText(/Open Fiber/);
    // The Open Fiber cluster is jargon a private customer is not shown.
    await expect(summary.getByTestId('coverage-cluster')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'coverage-ftth', { forReview: true });

    await page.getByTestId('discover-offer').click();
    await expect(page).toHaveURL(/\/attiva\/offerta/);
    const offer = page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true });
    await offer.check();
    await expect(offer).toBeChecked();
    // No paid option is chosen for the visitor (Codice del Consumo art. 65 c. 2): the first total is the offer's own price.
    // SPEC §3's "Defaults" voice plan is the recommended one: first in its list and marked, not chosen.
    const voice = page.getByRole('group', { name: 'Linea voce' });
    await expect(voice.getByRole('radio', { name: /^Nessuna linea voce/ })).toBeChecked();
    const family = voice.getByRole('radio', { name: /^Voce Illimitata Family/ });
    await expect(family).not.toBeChecked();
    await expect(voice.getByRole('radio').first()).toHaveAccessibleName(/^Voce Illimitata Family/);
    await expect(family).toHaveAccessibleDescription(/Il piano che ti consigliamo/);
    await expect(page.getByTestId('voip-10').getByText('Consigliata')).toBeVisible();
    await expect.poll(async () => plain(await page.getByTestId('summary-monthly-total').textContent())).toMatch(/^26,90 €/);
    await expect.poll(async () => plain(await page.getByTestId('summary-one-off-total').textContent())).toBe('39,90 €');
    await keepScreenshot(page, testInfo, 'offer-nothing-chosen', { forReview: true });
    // The visitor picks the recommended plan: it is in the summary.
    await family.check();
    await expect(page.getByTestId('summary-line-option-10')).toContainText('Voce Illimitata Family');

    // 2,5 Gbit/s: the included 1 Gbit/s modem can no longer be chosen.
    await page.getByRole('group', { name: 'Velocità' }).getByRole('radio', { name: '2,5 Gbit/s' }).check();
    const routers = page.getByRole('group', { name: 'Router', exact: true });
    await expect(routers.getByRole('radio', { name: 'Modem Fibra Viva Wi-Fi 6' })).toHaveCount(0);
    await routers.getByRole('radio', { name: 'Router Fibra Viva Top Wi-Fi 7 (noleggio)' }).check();

    await page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Corten' }).check();
    await page.getByRole('button', { name: /Aggiungi cover in altri colori/ }).click();
    await page.getByRole('checkbox', { name: 'Cover Legno' }).check();

    // Only repeaters that pair with the Wi-Fi 7 router are offered.
    const repeaters = page.getByTestId('repeater-list');
    await expect(repeaters.getByRole('checkbox', { name: 'Ripetitore Wi-Fi Casa' })).toHaveCount(0);
    await repeaters.getByRole('checkbox', { name: 'Ripetitore Mesh Wi-Fi 7' }).check();

    // 26,90 offer + 5,00 speed + 3,00 router rental + 4,00 mesh + 5,00 voice plan the visitor picked = 43,90 €/mese;
    // 39,90 activation + 5,00 for one extra cover = 44,90 € one-off.
    await expect.poll(async () => plain(await page.getByTestId('summary-monthly-total').textContent())).toMatch(/^43,90 €/);
    await expect.poll(async () => plain(await page.getByTestId('summary-one-off-total').textContent())).toBe('44,90 €');
    await keepScreenshot(page, testInfo, 'offer-built', { forReview: true });

    // Nothing is lost on refresh.
    await page.reload();
    await expect(page.getByRole('group', { name: 'Colore del router' }).getByRole('radio', { name: 'Corten' })).toBeChecked();
    await expect.poll(async () => plain(await page.getByTestId('summary-monthly-total').textContent())).toMatch(/^43,90 €/);

    await page.getByRole('button', { name: 'Continua' }).first().click();
    await expect(page).toHaveURL(/\/attiva\/step-1$/);
  });

  test('an FTTC address far from the cabinet shows the distance and explains it', async ({ page }, testInfo) => {
    await page.goto('/attiva/verifica-copertura');
    await checkAddress(page, viaRoma(4));
    const summary = page.getByTestId('coverage-summary');
    await expect(summary.getByTestId('coverage-technology')).toHaveText(/FTTC/);
    await expect(summary.getByTestId('coverage-cabinet-distance')).toHaveText(/900 m/);
    await page.getByRole('button', { name: 'Cosa significa la distanza dall’armadio' }).click();
    await expect(page.getByTestId('modal-distance-cabinet')).toBeVisible();
    await keepScreenshot(page, testInfo, 'coverage-fttc');
    await page.keyboard.press('Escape');

    // 900 m from the cabinet the line reaches 30 Mbit/s: that, not the technology's 200, is what the offer says.
    await page.getByTestId('discover-offer').click();
    await expect(page).toHaveURL(/\/attiva\/offerta/);
    const offers = page.getByTestId('offer-list');
    await expect(offers.getByRole('radio')).toHaveCount(1);
    // AGCOM 292/18/CONS: a cabinet line is "fibra misto rame"; 156/23/CONS: the three speeds at the address.
    await expect(page.getByTestId('offer-speed-104')).toHaveText('Fibra misto rame (FTTC) fino a 30 Mbit/s al tuo indirizzo');
    const figures = page.getByTestId('offer-speeds-104');
    await expect(figures).toContainText('Download: minima 20 Mbit/s · normalmente disponibile 23 Mbit/s · massima 30 Mbit/s');
    await expect(figures).toContainText('Upload: minima 2 Mbit/s · normalmente disponibile 2 Mbit/s · massima 3 Mbit/s');
    await expect(page.getByTestId('offer-terms-104')).toHaveText(/Senza vincolo di durata.*passaggio ad altro operatore 19,90.*cessazione del servizio 19,90/);
    await expect(offers).not.toContainText('200 Mbit/s');
    await expect(page.getByRole('group', { name: 'Velocità' })).toHaveCount(0);

    // Modem libero (AGCOM 348/18/CONS): the customer's own modem, at no cost, with the parameters it needs.
    const monthly = plain(await page.getByTestId('summary-monthly-total').textContent());
    const oneOff = plain(await page.getByTestId('summary-one-off-total').textContent());
    const routers = page.getByRole('group', { name: 'Router', exact: true });
    await expect(page.getByTestId('router-terms-22')).toHaveText(/^Acquisto in un’unica soluzione: 149,00/);
    await routers.getByRole('radio', { name: 'Uso il mio modem' }).check();
    await expect(routers.getByRole('radio', { name: 'Uso il mio modem' })).toBeChecked();
    await expect(page.getByTestId('router-terms-27')).toHaveText(/^Nessun costo: usi un tuo modem/);
    await expect.poll(async () => plain(await page.getByTestId('summary-monthly-total').textContent())).toBe(monthly);
    expect(plain(await page.getByTestId('summary-one-off-total').textContent())).toBe(oneOff);
    await page.getByRole('button', { name: 'Parametri per usare il tuo modem' }).click();
    const parameters = page.getByTestId('modal-modem-libero');
    await expect(parameters).toContainText('VDSL2 con profilo 35b');
    await expect(parameters).toContainText('PPPoE su VLAN 835');
    await keepScreenshot(page, testInfo, 'modem-libero-parameters');
    await page.keyboard.press('Escape');
    await keepScreenshot(page, testInfo, 'offer-fttc-transparency', { forReview: true });

    // The offer's own contract summary, for this technology.
    const link = page.getByTestId('offer-summary-link');
    await expect(link).toHaveText('Sintesi contrattuale di Fibra Viva Casa FTTC (PDF)');
    const sheet = await page.request.get((await link.getAttribute('href'))!);
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toBe('application/pdf');
  });

  test('a 1 Gbit/s fibre address is offered no 2.5 or 10 Gbit/s offer or upgrade', async ({ page }) => {
    await page.goto('/attiva/verifica-copertura');
    await page.getByRole('radio', { name: 'Privato' }).check();
    await checkAddress(page, viaRoma(2));
    await page.getByTestId('discover-offer').click();
    await expect(page).toHaveURL(/\/attiva\/offerta/);
    const offers = page.getByTestId('offer-list');
    await expect(offers.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true })).toBeVisible();
    await expect(offers.getByRole('radio', { name: /Extreme 2.5G|Ultra 10G/ })).toHaveCount(0);
    await offers.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await expect(page.getByTestId('offer-speed-101')).toHaveText('Fibra (FTTH, fibra ottica fino a casa) fino a 1 Gbit/s al tuo indirizzo');
    await expect(page.getByRole('group', { name: 'Velocità' })).toHaveCount(0);
  });

  test('what the visitor types and picks while the page still loads is kept, and the search runs', async ({ page }) => {
    // The prerendered form is on screen before its scripts run: held back here, as on a slow phone.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => { release = resolve; });
    await page.route(/\/assets\/.*\.js$/, async (route) => { await scriptsHeld; await route.continue(); });
    await page.goto('/attiva/verifica-copertura', { waitUntil: 'commit' });
    await page.getByRole('radio', { name: 'Business' }).check();
    const comune = page.getByRole('combobox', { name: 'Comune' });
    await comune.fill('roma');
    release();

    await page.getByRole('option', { name: 'Roma (RM), Lazio', exact: true }).click();
    await expect(comune).toHaveValue('Roma (RM)');
    await page.getByRole('combobox', { name: 'Indirizzo e numero civico' }).fill('via roma 1');
    await page.getByRole('option', { name: 'Via Roma 1, 00185 Roma (RM)' }).click();
    await expect(page.getByRole('radio', { name: 'Business' })).toBeChecked();
    await page.getByTestId('discover-offer').click();
    // The business offers: the choice made before the page was ready reached the coverage check.
    await expect(page.getByRole('radio', { name: 'Fibra Viva Business', exact: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true })).toHaveCount(0);
  });

  test('an address without coverage leads to the request-an-offer page', async ({ page }) => {
    await page.goto('/attiva/verifica-copertura');
    await checkAddress(page, viaRoma(6));
    await expect(page).toHaveURL(/\/attiva\/richiedi-offerta\/no-coverage$/);
  });
});
