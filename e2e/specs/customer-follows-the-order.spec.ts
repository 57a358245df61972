import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pdfText } from '../../server/src/infra/pdf/pdf-text';
import { createDb } from '../../server/src/db';
import { expect, test } from './fixtures-with-expected-errors';
import { expectNoSeriousA11yViolations } from './axe';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, expectFitsWidth, newestOutboxEntry, readNewCode, signFromStep1, textbox, uniqueEmail,
} from './checkout-journey';

const MOBILE = '3331234569';

/*
 * After signing, the customer follows the order from the page the thank-you screen links (the address the
 * emails carry): the status alone, then a code to the order's mobile opens the details; they book one of the
 * technician's slots, see "In attivazione" once the provider moves the order, change the slot and download
 * the signed contract. The provider's part (publishing slots, moving the order) is written straight into
 * this run's database: the provider API lives in its own module and its own tests.
 */

/** This run's server database (e2e/start-server.mjs writes where it is). */
async function asTheProvider<T>(work: (db: ReturnType<typeof createDb>['db']) => Promise<T>): Promise<T> {
  const run = JSON.parse(readFileSync(path.join(tmpdir(), `checkout-e2e-${process.env.E2E_PORT}.json`), 'utf8')) as { DATABASE_URL: string };
  const handle = createDb(run.DATABASE_URL);
  try { return await work(handle.db); } finally { await handle.destroy(); }
}

/** Two-hour slots for the order on the next `count` working days from the day after tomorrow, at 8:00 UTC (9:00 or 10:00 in Rome). */
const publishSlots = (orderNumber: string, count: number) => asTheProvider(async (db) => {
  const order = await db.selectFrom('orders').select('id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const days: Date[] = [];
  for (let d = 2; days.length < count; d += 1) {
    const day = new Date();
    day.setUTCHours(8, 0, 0, 0);
    day.setUTCDate(day.getUTCDate() + d);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day);
  }
  await db.insertInto('appointment_slots').values(days.map((start) => ({
    id: randomUUID(), order_id: order.id, status: 'offered', published_at: now, updated_at: now, booked_at: null,
    starts_at: start.toISOString(), ends_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
  }))).execute();
});

/** The provider's activation: the order's move and its line on the customer's timeline. */
const moveToActivating = (orderNumber: string) => asTheProvider(async (db) => {
  const order = await db.selectFrom('orders').select(['id', 'workflow_status']).where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  await db.updateTable('orders').set({ workflow_status: 'activating' }).where('id', '=', order.id).execute();
  await db.insertInto('order_timeline').values({
    order_id: order.id, kind: 'status', at: new Date().toISOString(), from_status: order.workflow_status, to_status: 'activating',
    operator_id: null, operator_name: null, text: 'Abbiamo chiesto la linea all’operatore di rete.', customer_visible: 1,
  }).execute();
});

test.describe('a customer follows the order @mobile', () => {
  test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/api\/tracking\/verify\/?$/] });

  test('from the thank-you page: the status, a code for the details, a slot booked and changed, the contract downloaded', async ({ page }, testInfo) => {
    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await continueFromOffer(page);
    const orderNumber = await signFromStep1(page, { email: uniqueEmail('mario.segue'), mobile: MOBILE, documentName: 'carta-fronte.png' });

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

    // ——— The provider offers three slots ———
    await publishSlots(orderNumber, 3);

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
    await expect(details.getByTestId('tracking-timeline').getByRole('listitem')).toHaveText([/Ordine creato/, /Contratto firmato/]);

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
    await moveToActivating(orderNumber);
    await page.reload();
    await expect(details.getByTestId('tracking-status-label')).toHaveText('In attivazione');
    await expect(details.getByTestId('tracking-timeline').getByRole('listitem').last()).toContainText('In attivazioneAbbiamo chiesto la linea all’operatore di rete.');
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
    const text = (await pdfText(readFileSync(await download.path()))).replace(/\s+/g, ' ');
    expect(text).toContain(orderNumber);
    expect(text).toContain('Mario Rossi');
    await expect(details.getByTestId('tracking-documents-status')).toHaveText('«Contratto firmato» scaricato.');

    // ——— Closing the details forgets the access ———
    await page.getByRole('button', { name: 'Chiudi i dettagli' }).click();
    await expect(page.getByTestId('tracking-details')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Vedi i dettagli' })).toBeVisible();
  });
});
