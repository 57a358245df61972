import { ApiError, firstActivationDay, toItalianDate } from '@checkout/contract';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, expectFitsWidth, openTrackingDetails, signFromStep1, uniqueEmail,
} from './checkout-journey';
import { backdateSignature } from './cli';
import { closeOperator, expectConsolePricesAreTheContracts, operatorFromCli, outboxFor } from './console';
import { pdfText } from '../../server/src/infra/pdf/pdf-text';
import { providerClient } from './provider';

const MOBILE = '3331234571';

/*
 * A consumer signs without asking to start within the 14 days (Codice del Consumo art. 50 c. 3): the
 * tracking page says from when activation is requested; once the document is approved, neither the operator
 * nor the provider's systems may put the order into activation or offer an appointment before the day after
 * the period, and both read that day in the refusal. When the period is over (the signature moved 15 days
 * back: the time the journey cannot wait), both can, and the customer is told.
 */

/** A two-hour slot starting `days` from now, at 8:00 UTC. */
const slotIn = (days: number) => {
  const start = new Date();
  start.setUTCHours(8, 0, 0, 0);
  start.setUTCDate(start.getUTCDate() + days);
  return { valid_for: { start_date_time: start.toISOString(), end_date_time: new Date(start.getTime() + 2 * 3_600_000).toISOString() } };
};

/** The refusal of a provider API call. */
async function refusal(call: Promise<unknown>): Promise<{ status: number | null; error: Record<string, unknown> }> {
  try {
    await call;
  } catch (err) {
    // Only an answer with the failure envelope is a refusal; a transport failure is reported as itself.
    const error = err instanceof ApiError ? (err.body as { error?: Record<string, unknown> } | undefined)?.error : undefined;
    if (error) return { status: (err as ApiError).status, error };
    throw err;
  }
  throw new Error('the call was not refused');
}

test.describe('activation waits for the withdrawal period', () => {
  test('a consumer who did not ask to start early: no activation and no appointment before the period ends; afterwards both, and the customer is told', async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    const email = uniqueEmail('attesa.14');
    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await continueFromOffer(page);
    const orderNumber = await signFromStep1(page, { email, mobile: MOBILE, documentName: 'carta-fronte.png' });
    const firstDay = firstActivationDay({ customerType: 'privato', signedAt: new Date(), earlyActivationRequested: false })!;
    const signedPdf = await page.request.get(await page.getByRole('link', { name: 'Scarica il contratto firmato' }).getAttribute('href') ?? '');
    const contractText = (await pdfText(await signedPdf.body())).replace(/\s+/g, ' ');
    // The thank-you page says it first, in the same words.
    await expect(page.getByTestId('thank-you-activation-start')).toContainText(`la chiediamo dal ${toItalianDate(firstDay)}`);

    // ——— The tracking page says from when activation is requested ———
    await page.goto(`/ordine/${orderNumber}`);
    await openTrackingDetails(page, MOBILE);
    const activationStart = page.getByTestId('tracking-activation-start');
    await expect(activationStart).toHaveText(new RegExp(`^Attivazione dopo i 14 giorni di ripensamento: la chiediamo dal ${toItalianDate(firstDay)}`));
    await expectFitsWidth(page, 'tracking details, activation after the period');
    await expectNoSeriousA11yViolations(page, 'tracking details, activation after the period');
    await keepScreenshot(page, testInfo, 'tracking-activation-after-the-period');

    // ——— The back office approves the document; the order page says the order waits, and until when ———
    const bo = await operatorFromCli(browser, baseURL, 'backoffice', `Bice Attesa (${testInfo.project.name})`, [/status of 409 .*\/transition$/]);
    await bo.page.goto('/console/verifica');
    await bo.page.getByRole('button', { name: `Prendi in carico l’ordine ${orderNumber}` }).click();
    // An approval says every check passed: the four ticks go with it.
    for (const check of ['Nomi uguali a quelli dell’ordine', 'Documento non scaduto', 'Documento leggibile', 'Foto presente']) await bo.page.getByLabel(check).check();
    await bo.page.getByLabel('Approva il documento').check();
    await bo.page.getByRole('button', { name: 'Approva il documento' }).click();
    await expect(bo.page.getByRole('status').filter({ hasText: 'Decisione registrata' })).toBeVisible();
    await bo.page.goto('/console/ordini?q=' + encodeURIComponent(orderNumber));
    await bo.page.getByRole('link', { name: orderNumber }).click();
    await expect(bo.page.locator('h1 + .badge')).toHaveText('Verificato');
    await expect(bo.page.getByTestId('withdrawal-period')).toContainText(`la chiediamo dal ${toItalianDate(firstDay)}`);
    await expectConsolePricesAreTheContracts(bo.page, contractText);

    // ——— The operator may not put it into activation: the dialog says why and from when ———
    await bo.page.getByRole('button', { name: 'Passa a «In attivazione»' }).click();
    const dialog = bo.page.getByRole('dialog', { name: 'Conferma: In attivazione' });
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      `Il cliente non ha chiesto di attivare il servizio durante i 14 giorni di ripensamento: l'attivazione si può chiedere dal ${toItalianDate(firstDay)}.`,
    );
    await expectNoSeriousA11yViolations(bo.page, 'console transition refused within the period');
    await keepScreenshot(bo.page, testInfo, 'console-activation-refused-within-the-period');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(bo.page.locator('h1 + .badge')).toHaveText('Verificato');

    // ——— Nor may the provider's systems, for the move or for an appointment within the period ———
    const provider = providerClient(baseURL!);
    const move = await refusal(provider.moveOrder({ order_ref: orderNumber }, { status: 'activating', expected_status: 'verified' }));
    expect([move.status, move.error.code, move.error.first_allowed_day]).toEqual([409, 'provider_withdrawal_period_running', firstDay]);
    const slots = await refusal(provider.publishAppointmentSlots({ order_ref: orderNumber }, { slots: [slotIn(2)] }));
    expect([slots.status, slots.error.code, slots.error.first_allowed_day]).toEqual([409, 'provider_withdrawal_period_running', firstDay]);
    expect((await provider.getOrder({ order_ref: orderNumber })).withdrawal_period).toEqual({ early_activation_requested: false, first_activation_day: firstDay });

    // ——— Fifteen days later: both may, and the customer hears of it ———
    backdateSignature(orderNumber, 15);
    expect((await provider.publishAppointmentSlots({ order_ref: orderNumber }, { slots: [slotIn(2)] })).slots.map((s) => s.status)).toEqual(['offered']);
    await bo.page.reload();
    await bo.page.getByRole('button', { name: 'Passa a «In attivazione»' }).click();
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toBeHidden();
    await expect(bo.page.locator('h1 + .badge')).toHaveText('In attivazione');
    await closeOperator(bo);
    await expect.poll(async () => (await outboxFor(page, email)).some((m) => m.text.includes(`ordine ${orderNumber} è in attivazione`)), {
      message: 'the customer is told the order is in activation',
    }).toBe(true);
  });
});
