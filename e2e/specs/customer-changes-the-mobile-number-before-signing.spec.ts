import { expect, test } from './fixtures-with-expected-errors';
import { expectNoSeriousA11yViolations } from './axe';
import { keepScreenshot } from './coverage';
import {
  expectContractPreview, expectFitsWidth, expectSignedAndDownload, expectStep, fillIdentityDocument, uploadBothSides, fillPayment, newestOutboxEntry,
  readNewCode, reachPaymentStep, sendCodeAndRead, signWith, submitStep,
} from './checkout-journey';

const OLD = '3331234567';
const NEW = '3479876543';

test.describe('a customer changes the mobile number before signing @mobile', () => {
  // The wrong code is a 422 the browser logs; nothing else may be.
  test.use({ expectedConsoleErrors: [/status of 422 .* @ .*\/confirm-mobile-phone-number$/] });

  test('the new number confirms with its code, the old one is told; the signing code then goes to the new one', async ({ page }, testInfo) => {
    // A whole journey to the signature, a refresh and two rounds of codes: longer than one journey.
    test.slow();
    await reachPaymentStep(page, OLD);
    await fillPayment(page, null, 'IT60X0542811101000000123456');
    await submitStep(page);
    await expectStep(page, 5, 'Documento e riepilogo');
    await fillIdentityDocument(page, 'CA12345AB');
    await uploadBothSides(page);
    await submitStep(page, 'Vai alla firma');
    await expectContractPreview(page);

    // ——— Ask: a code to the new number, a notice to the old one ———
    const beforeNew = await newestOutboxEntry(page, NEW);
    await page.getByRole('button', { name: 'Cambia numero di cellulare' }).click();
    const numberField = page.getByRole('textbox', { name: 'Nuovo numero di cellulare' });
    await expect(numberField).toBeFocused();
    await numberField.fill('347 987 6543');
    await page.getByTestId('mobile-change').scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'signature-mobile-change-number', { forReview: true });
    await numberField.press('Enter');
    const codeField = page.getByRole('textbox', { name: 'Codice ricevuto sul nuovo numero (6 cifre)' });
    await expect(codeField).toBeFocused();
    await expect(page.getByTestId('mobile-code-sent')).toHaveText(
      `Abbiamo inviato un codice a +39 3** *** **43: vale 10 minuti. Finché non lo confermi, il codice di firma arriva ancora al numero ${OLD}.`,
    );
    const code = await readNewCode(page, NEW, beforeNew);
    const notice = await newestOutboxEntry(page, OLD);
    expect(notice?.text).toContain('sostituire questo numero con +39 3** *** **43');
    expect(notice?.text).not.toMatch(/\d{6}/);
    // Nothing changed yet: the code for the signature would still go to the old number.
    await expect(page.getByRole('radio', { name: `Via SMS al numero ${OLD}` })).toBeVisible();
    await expectFitsWidth(page, 'cambio numero');
    await expectNoSeriousA11yViolations(page, 'cambio numero, codice');
    await page.getByTestId('mobile-change').scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'signature-mobile-change', { forReview: true });

    // ——— A refresh keeps the pending change ———
    await page.reload();
    await expectContractPreview(page);
    await expect(codeField).toBeVisible();

    // ——— A wrong code is refused next to the field ———
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await codeField.fill(wrong);
    await page.getByRole('button', { name: 'Conferma il nuovo numero' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Codice errato/ })).toHaveText('Codice errato: restano 4 tentativi.');
    await expect(codeField).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'cambio numero, codice errato');
    await expect(page.getByRole('radio', { name: `Via SMS al numero ${OLD}` })).toBeVisible();
    await page.getByTestId('mobile-change').scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'signature-mobile-change-wrong-code', { forReview: true });

    // ——— The right code changes it ———
    // Enter (the button is clicked above): once, on the emulated phone, a click right after the full-page
    // screenshot and axe run sent nothing.
    await codeField.fill(code);
    await codeField.press('Enter');
    await expect(page.getByText(`Numero aggiornato: ${NEW}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cambia numero di cellulare' })).toBeFocused();
    await expect(page.getByRole('radio', { name: `Via SMS al numero ${NEW}` })).toBeVisible();
    await expectContractPreview(page);

    const signingCode = await sendCodeAndRead(page, /^Via SMS al numero/, NEW);
    await signWith(page, signingCode);
    await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['Mario Rossi', NEW] });
  });
});
