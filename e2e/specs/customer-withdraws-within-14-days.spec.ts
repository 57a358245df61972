import type { Page } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import { keepScreenshot } from './coverage';
import {
  expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep, fillIdentityDocument, uploadBothSides, fillPayment, newestCodeEntry, newestOutboxEntry,
  readNewCode, reachPaymentStep, sendCodeAndRead, signWith, submitStep, textbox,
} from './checkout-journey';
import { closeOperator, operatorFromCli } from './console';

const MOBILE = '3331234567';

interface Sent { channel: 'email' | 'sms'; destination: string; text: string }

/** The development outbox's newest messages, to anyone: the withdrawal's are found by the order number. */
const sentMessages = async (page: Page): Promise<Sent[]> => {
  const res = await page.request.get('/api/dev/outbox');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Sent[] }).data;
};

/*
 * A consumer is refused the code while an acceptance is missing, signs with the summary read and every
 * acceptance given, then withdraws online within the
 * 14 days (Codice del Consumo art. 52-54): the order number from the thank-you page, a code sent to the
 * number the contract was signed with, a wrong code refused next to the field, then the confirmation.
 * As the page says, the withdrawal is acknowledged on a durable medium (art. 54 c. 3): an email with the
 * receipt as a PDF and an SMS go out through the outbox, and the order's page in the console shows both
 * delivered with the withdrawal.
 */
test.describe('a customer withdraws within 14 days @mobile', () => {
  test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/api\/withdrawals\/(confirm|send-otp)\/?$/] });

  test('signs, then withdraws with the order number and a one-time code; the receipt comes by email and an SMS', async ({ page, browser, baseURL }, testInfo) => {
    // The journey, then an operator enrolled from the CLI.
    test.setTimeout(150_000);
    await reachPaymentStep(page, MOBILE);
    await fillPayment(page, { first: 'Mario', last: 'Rossi' }, 'IT60X0542811101000000123456');
    await submitStep(page);
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA12345AB');
    await uploadBothSides(page);
    await submitStep(page, 'Vai alla firma');
    await expectContractPreview(page);
    // No code while an acceptance is missing: each box says what it needs, nothing is sent.
    const outboxBefore = await newestCodeEntry(page, MOBILE);
    const acceptances = page.getByTestId('acceptances');
    await acceptances.getByRole('checkbox', { name: /condizioni generali di contratto/ }).check();
    await page.getByRole('button', { name: 'Invia codice' }).click();
    await expect(acceptances.getByRole('checkbox', { name: /Ho letto la sintesi contrattuale/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(acceptances.getByRole('checkbox', { name: /condizioni della firma elettronica avanzata/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(acceptances.getByText('Accetta le condizioni della firma elettronica avanzata per ricevere il codice.')).toBeVisible();
    await expect(page.getByTestId('otp-sent')).toHaveText('');
    expect(await newestCodeEntry(page, MOBILE)).toEqual(outboxBefore);
    await signWith(page, await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE));
    await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['Mario Rossi', 'MODULO DI RECESSO TIPO'] });
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    // The thank-you page says where to withdraw.
    const withdrawLink = page.getByTestId('thank-you-withdrawal').getByRole('link', { name: 'recedi online con il numero d’ordine' });
    await expect(withdrawLink).toHaveAttribute('href', `/recesso/${orderNumber}`);

    // ——— An unknown number: said next to the field ———
    await page.goto('/recesso');
    await expect(page.getByRole('heading', { level: 1, name: 'Recesso entro 14 giorni' })).toBeVisible();
    const number = textbox(page, 'Numero d’ordine');
    await number.fill('FV-2026-ZZZZZZ');
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(number).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('withdrawal-error')).toContainText('Non troviamo un ordine con questo numero');

    // ——— The real number, carried by the thank-you page's link ———
    await page.goBack();
    await withdrawLink.click();
    await expect(page).toHaveURL(new RegExp(`/recesso/${orderNumber}$`));
    await expect(number).toHaveValue(orderNumber);
    const before = await newestOutboxEntry(page, MOBILE);
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(page.getByTestId('withdrawal-sent')).toContainText('Codice inviato a +39 3** *** **67. Puoi recedere fino al');
    const code = await readNewCode(page, MOBILE, before);
    const otp = textbox(page, 'Codice di conferma (6 cifre)');
    await otp.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Conferma il recesso' }).click();
    await expect(otp).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert').filter({ hasText: 'Codice errato: restano 4 tentativi.' })).toBeVisible();
    await expectFitsWidth(page, 'withdrawal with a wrong code');
    await keepScreenshot(page, testInfo, 'withdrawal', { forReview: true });

    await otp.fill(code);
    await page.getByRole('button', { name: 'Conferma il recesso' }).click();
    const done = page.getByTestId('withdrawal-done');
    await expect(done.getByRole('heading', { level: 1, name: 'Recesso registrato' })).toBeFocused();
    await expect(done).toContainText(`Abbiamo registrato il recesso dall’ordine ${orderNumber}`);
    await expect(done).toContainText('Ti inviamo per email la ricevuta del recesso in PDF, da conservare, e un SMS di conferma.');

    // ——— What the page promised: the receipt by email, and an SMS, sent by the outbox ———
    let receipt: Sent | undefined;
    let sms: Sent | undefined;
    await expect.poll(async () => {
      const sent = await sentMessages(page);
      receipt = sent.find((m) => m.channel === 'email' && m.text.startsWith(`Fibra Viva: abbiamo ricevuto il tuo recesso (ordine ${orderNumber})`));
      sms = sent.find((m) => m.channel === 'sms' && m.text.includes(`recesso dall'ordine ${orderNumber}`));
      return { email: receipt !== undefined, sms: sms !== undefined };
    }, { message: 'the withdrawal\'s email and SMS in the outbox' }).toEqual({ email: true, sms: true });
    // To the address given at step 1, with the receipt attached; the link opens the order by its number, never its hash.
    expect(receipt!.destination).toMatch(/^mario\.rossi\.[a-z0-9]+@example\.com$/);
    expect(receipt!.text).toContain(`Allegati: ricevuta-di-recesso-${orderNumber}.pdf`);
    expect(receipt!.text).toMatch(new RegExp(`Ricevuto il: \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2} \\(UTC\\+0[12]:00\\)`));
    expect(receipt!.text).toMatch(new RegExp(`Vai al tuo ordine: https?://\\S+/ordine/${orderNumber}\\n`));
    expect(sms!.destination).toBe(`+39${MOBILE}`);
    expect(sms!.text).toMatch(new RegExp(`^Fibra Viva: recesso dall'ordine ${orderNumber} ricevuto il \\d{2}/\\d{2}/\\d{4} alle \\d{2}:\\d{2}\\. Ricevuta inviata per email\\. https?://\\S+/ordine/${orderNumber}$`));

    // ——— The console's order page lists both with the withdrawal, delivered ———
    const viewer = await operatorFromCli(browser, baseURL, 'viewer', `Vera Recesso (${testInfo.project.name})`);
    await viewer.page.goto(`/console/ordini?q=${encodeURIComponent(orderNumber)}`);
    await viewer.page.getByRole('link', { name: orderNumber }).click();
    await expect(viewer.page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible();
    const withdrawal = viewer.page.getByRole('region', { name: 'Eventi e messaggi' }).getByRole('listitem')
      .filter({ has: viewer.page.getByText('Recesso', { exact: true }) });
    // The page reads the list once: it is read again until the attempts recorded after the sending show.
    await expect(async () => {
      await viewer.page.reload();
      for (const target of ['Email al cliente', 'SMS al cliente']) {
        await expect(withdrawal.getByRole('listitem').filter({ hasText: target }), target).toContainText('Consegnato', { timeout: 2000 });
      }
    }).toPass({ timeout: 20_000 });
    await closeOperator(viewer);

    // A second attempt is told it is done already, and changes nothing.
    await page.goto(`/recesso/${orderNumber}`);
    await page.getByRole('button', { name: 'Invia il codice' }).click();
    await expect(page.getByTestId('withdrawal-error')).toHaveText('Hai già esercitato il recesso da questo contratto: non devi fare altro.');
  });
});
