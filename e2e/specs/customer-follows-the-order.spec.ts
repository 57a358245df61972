import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pdfText } from '../../server/src/infra/pdf/pdf-text';
import { expect, test } from './fixtures-with-expected-errors';
import { expectNoSeriousA11yViolations } from './axe';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, expectFitsWidth, newestOutboxEntry, readNewCode, signFromStep1, textbox, uniqueEmail,
} from './checkout-journey';
import { closeOperator, operatorFromCli, outboxFor } from './console';
import { eventFor, providerClient, startProviderReceiver } from './provider';
import type { ProviderReceiver } from './provider';
import { appointmentWindowText } from '@checkout/contract';
import type { OrderSignedData } from '@checkout/contract';

const MOBILE = '3331234569';

/*
 * After signing, the order travels: the provider's system receives `order.signed` at its webhook (signed,
 * verified here with the standardwebhooks library) with links to the signed files; the back office approves
 * the identity document; the provider publishes the technician's slots through its API, and the customer is
 * told of the dates by email and SMS (the order's page promised it). The customer opens the order's page
 * from the link in that email: the status alone, then a code to the order's mobile opens the details; they book a slot (the provider hears of it), see "In attivazione" once the
 * provider moves the order, change the slot and download the signed contract, the same bytes the provider's
 * link served.
 */

/** Two-hour slots on the next `count` working days from the day after tomorrow, at 8:00 UTC (9:00 or 10:00 in Rome). */
function slotsFromTheDayAfterTomorrow(count: number): Array<{ valid_for: { start_date_time: string; end_date_time: string } }> {
  const days: Date[] = [];
  for (let d = 2; days.length < count; d += 1) {
    const day = new Date();
    day.setUTCHours(8, 0, 0, 0);
    day.setUTCDate(day.getUTCDate() + d);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day);
  }
  return days.map((start) => ({
    valid_for: { start_date_time: start.toISOString(), end_date_time: new Date(start.getTime() + 2 * 3_600_000).toISOString() },
  }));
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

test.describe('a customer follows the order @mobile', () => {
  test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/api\/tracking\/verify\/?$/] });

  let receiver: ProviderReceiver | undefined;
  test.afterEach(async () => { await receiver?.close(); receiver = undefined; });

  test('signed, received by the provider, verified, slots published; from the email: the status, a code for the details, a slot booked and changed, the contract downloaded', async ({ page, browser, baseURL }, testInfo) => {
    receiver = await startProviderReceiver();
    const email = uniqueEmail('mario.segue');
    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await continueFromOffer(page);
    // Mario asks to start within the 14 days: the provider may then activate at once.
    const orderNumber = await signFromStep1(page, { email, mobile: MOBILE, documentName: 'carta-fronte.png', earlyActivation: true });

    // ——— The thank-you page links the order's page ———
    const link = page.getByTestId('thank-you-tracking').getByRole('link', { name: 'la pagina del tuo ordine' });
    await expect(link).toHaveAttribute('href', `/ordine/${orderNumber}`);
    await link.click();
    await expect(page).toHaveTitle('Il tuo ordine - Fibra Viva');
    await expect(page.getByRole('heading', { level: 1, name: 'Il tuo ordine' })).toBeVisible();
    await expect(page.getByTestId('tracking-order-number')).toHaveText(`Ordine ${orderNumber}`);
    const status = page.getByTestId('tracking-status');
    await expect(status.getByTestId('tracking-status-label')).toHaveText('Contratto firmato');
    await expect(status.getByRole('list', { name: 'Avanzamento dell’ordine' }).getByRole('listitem')).toHaveText([
      '✓Firma del contratto: completato', '2Verifica dei documenti: in corso', '3Attivazione della linea: da fare', '4Servizio attivo: da fare',
    ]);
    // The public part says nothing personal.
    await expect(page.locator('main')).not.toContainText('Mario');
    await expect(page.getByTestId('tracking-details')).toHaveCount(0);
    await expectFitsWidth(page, 'tracking status');
    await expectNoSeriousA11yViolations(page, 'tracking status');
    await keepScreenshot(page, testInfo, 'tracking-status', { forReview: true });

    // ——— The provider's system receives the signed order, verified, with links to the signed files ———
    const signed = (await eventFor(receiver, 'order.signed', orderNumber)).envelope.data as OrderSignedData;
    expect(signed.customer).toMatchObject({ kind: 'person', first_name: 'Mario', last_name: 'Rossi' });
    expect(signed.offer.name).toBe('Fibra Viva Casa 1 Giga');
    expect(signed.early_activation_requested).toBe(true);
    const contractLink = signed.files.contract!;
    const served = await page.request.get(new URL(contractLink.url).pathname);
    expect(served.status()).toBe(200);
    expect(sha256(await served.body())).toBe(contractLink.sha256);
    expect(receiver.refused).toBe(0);

    // ——— The back office approves the identity document ———
    // A name of its own per project: the queue page tells "mine" by name, and after a decision it takes the next
    // free order, which the other project's operator may hold.
    const bo = await operatorFromCli(browser, baseURL, 'backoffice', `Bianca Verdi (${testInfo.project.name})`);
    await bo.page.goto('/console/verifica');
    await bo.page.getByRole('button', { name: `Prendi in carico l’ordine ${orderNumber}` }).click();
    // An approval says every check passed: the four ticks go with it.
    for (const check of ['Nomi uguali a quelli dell’ordine', 'Documento non scaduto', 'Documento leggibile', 'Foto presente']) await bo.page.getByLabel(check).check();
    await bo.page.getByLabel('Approva il documento').check();
    await bo.page.getByRole('button', { name: 'Approva il documento' }).click();
    await expect(bo.page.getByRole('status').filter({ hasText: 'Decisione registrata' })).toBeVisible();
    await closeOperator(bo);

    // ——— The provider publishes three slots through its API ———
    const provider = providerClient(baseURL!);
    const slots = slotsFromTheDayAfterTomorrow(3);
    const published = await provider.publishAppointmentSlots({ order_ref: orderNumber }, { slots });
    expect(published.slots.map((slot) => slot.status)).toEqual(['offered', 'offered', 'offered']);
    // The provider hears of it too, and that the customer was told.
    expect((await eventFor(receiver, 'appointment.slots_published', orderNumber)).envelope.data).toMatchObject({ new_slots: 3, customer_notified: true });

    // ——— The customer is told of the dates, as the order's page promised: an email and an SMS with the page's link ———
    const tracking = new RegExp(`https?://\\S+/ordine/${orderNumber}(?=\\s|$)`);
    const first = appointmentWindowText(slots[0]!.valid_for.start_date_time, slots[0]!.valid_for.end_date_time);
    let datesMail = '';
    await expect.poll(async () => {
      datesMail = (await outboxFor(page, email)).map((m) => m.text).find((text) => text.includes('scegli la data per l\'installazione')) ?? '';
      return datesMail;
    }, { message: 'the email about the dates' }).toContain(`(ordine ${orderNumber})`);
    expect(datesMail).toContain(`ci sono 3 date disponibili, la prima ${first}.`);
    expect(datesMail).toMatch(tracking);
    let datesSms = '';
    await expect.poll(async () => {
      datesSms = (await outboxFor(page, MOBILE)).map((m) => m.text).find((text) => text.includes(`date per l'installazione dell'ordine ${orderNumber}`)) ?? '';
      return datesSms;
    }, { message: 'the SMS about the dates' }).toMatch(new RegExp(`^Fibra Viva: 3 date per l'installazione dell'ordine ${orderNumber}, la prima \\w{3} \\d{2}/\\d{2} alle \\d{1,2}:00\\. Scegline una: `));
    expect(datesSms).toMatch(tracking);
    // The signed-contract email came before it, with the documents to keep attached.
    const signedMail = (await outboxFor(page, email)).map((m) => m.text).find((text) => text.includes('il tuo contratto firmato')) ?? '';
    expect(signedMail).toMatch(/Allegati: .*\.pdf, .*\.pdf, .*\.pdf/);

    // ——— The customer comes back from the link in the email about the dates ———
    await page.goto(new URL(tracking.exec(datesMail)?.[0] ?? 'http://x/').pathname);
    await expect(status.getByTestId('tracking-status-label')).toHaveText('Documenti verificati');

    // ——— The code opens the details; a wrong one is said next to the field ———
    await page.getByRole('button', { name: 'Vedi i dettagli' }).click();
    await expect(page.getByRole('radio', { name: 'Via SMS al cellulare indicato nell’ordine' })).toBeFocused();
    const before = await newestOutboxEntry(page, MOBILE);
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(page.getByTestId('tracking-sent')).toHaveText('Codice inviato a +39 3** *** **69.');
    const code = await readNewCode(page, MOBILE, before);
    const otp = textbox(page, 'Codice di conferma (6 cifre)');
    await otp.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Apri i dettagli' }).click();
    await expect(otp).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Codice errato: restano 4 tentativi.' })).toBeVisible();
    await expectFitsWidth(page, 'tracking code');
    await expectNoSeriousA11yViolations(page, 'tracking code');
    await keepScreenshot(page, testInfo, 'tracking-code', { forReview: true });
    await otp.fill(code);
    await page.getByRole('button', { name: 'Apri i dettagli' }).click();
    const details = page.getByTestId('tracking-details');
    await expect(details.getByRole('heading', { level: 2, name: 'Stato dell’ordine' })).toBeFocused();
    await expect(details.getByTestId('tracking-withdrawal').getByRole('link', { name: 'Recedi dal contratto' })).toHaveAttribute('href', `/recesso/${orderNumber}`);
    await expect(details.getByTestId('tracking-activation-start')).toContainText('Attivazione chiesta durante i 14 giorni di ripensamento');
    await expect(details.getByTestId('tracking-timeline').getByRole('listitem')).toHaveText([
      /Ordine creato/, /Contratto firmato/, /Verifica dei documenti in corso/, /Documento d'identità approvato/, /Documenti verificati/,
    ]);

    // ——— A slot booked: the outcome said aloud, the slot shown as booked ———
    const appointment = details.getByTestId('tracking-appointment');
    const choose = appointment.getByRole('group', { name: 'Scegli quando può venire il tecnico' });
    await expect(choose.getByRole('radio')).toHaveCount(3);
    await appointment.getByRole('button', { name: 'Conferma l’appuntamento' }).click();
    await expect(appointment.getByRole('alert')).toHaveText('Scegli una delle date proposte.');
    await choose.getByRole('radio').nth(1).check();
    await appointment.getByRole('button', { name: 'Conferma l’appuntamento' }).click();
    await expect(appointment.getByRole('status')).toHaveText(/^Appuntamento confermato: .+, dalle \d{1,2}:00 alle \d{1,2}:00\. Ti inviamo la conferma per email e SMS\.$/);
    await expect(appointment.getByTestId('tracking-appointment-booked')).toContainText('Appuntamento fissato:');
    await expect(appointment.getByRole('group', { name: 'Vuoi cambiarlo? Scegli un’altra data' }).getByRole('radio')).toHaveCount(2);
    await expectFitsWidth(page, 'tracking details');
    await expectNoSeriousA11yViolations(page, 'tracking details');
    await keepScreenshot(page, testInfo, 'tracking-details', { forReview: true });

    // ——— The provider moves the order; a refresh keeps the details open and shows it ———
    expect((await eventFor(receiver, 'appointment.booked', orderNumber)).envelope.data).toMatchObject({ rebooked: false });
    await provider.moveOrder({ order_ref: orderNumber }, {
      status: 'activating', expected_status: 'verified', reason: 'Ticket OF-4471 aperto', customer_message: 'Abbiamo chiesto la linea all’operatore di rete.',
    });
    await eventFor(receiver, 'order.status_changed', orderNumber, (data) => data.to === 'activating');
    await page.reload();
    await expect(details.getByTestId('tracking-status-label')).toHaveText('In attivazione');
    await expect(details.getByTestId('tracking-timeline').getByRole('listitem').last()).toContainText('In attivazioneAbbiamo chiesto la linea all’operatore di rete.');
    // The provider's internal reason stays with the back office.
    await expect(details.getByTestId('tracking-timeline')).not.toContainText('OF-4471');
    await expect(details.getByTestId('tracking-timeline').getByRole('listitem').filter({ hasText: 'Appuntamento fissato' })).toHaveCount(1);

    // ——— The slot changed ———
    const change = appointment.getByRole('group', { name: 'Vuoi cambiarlo? Scegli un’altra data' });
    await change.getByRole('radio').first().check();
    await appointment.getByRole('button', { name: 'Cambia appuntamento' }).click();
    await expect(appointment.getByRole('status')).toHaveText(/^Appuntamento cambiato: /);

    // ——— The signed contract, downloaded with the access ———
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      details.getByTestId('tracking-documents').getByRole('button', { name: 'Scarica Contratto firmato (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`contratto-firmato-${orderNumber}.pdf`);
    const bytes = readFileSync(await download.path());
    // The file the customer keeps is the one the provider's link served.
    expect(sha256(bytes)).toBe(contractLink.sha256);
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    expect(text).toContain(orderNumber);
    expect(text).toContain('Mario Rossi');
    // The evidence page says the customer asked to start within the 14 days, and what that costs on withdrawal.
    expect(text).toContain('Avvio del servizio');
    expect(text).toContain('Attivazione chiesta durante i 14 giorni di ripensamento');
    await expect(details.getByTestId('tracking-documents-status')).toHaveText('«Contratto firmato» scaricato.');

    // ——— Closing the details forgets the access ———
    await page.getByRole('button', { name: 'Chiudi i dettagli' }).click();
    await expect(page.getByTestId('tracking-details')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Vedi i dettagli' })).toBeVisible();
  });
});
