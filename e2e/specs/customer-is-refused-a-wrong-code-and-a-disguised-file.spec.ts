import type { Page } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import {
  expectContractPreview, expectSignedAndDownload, expectStep, fillIdentityDocument, uploadBothSides, fillPayment, identityList,
  identityUpload, otpBox, reachPaymentStep, sendCodeAndRead, signWith, submitStep,
} from './checkout-journey';

const MOBILE = '3339876543';

/** The shortest honest way to step 5: the plain offer, no portability, data as a customer types it. */
async function reachDocumentStep(page: Page): Promise<void> {
  await reachPaymentStep(page, MOBILE);
  await fillPayment(page, null, 'IT60X0542811101000000123456');
  await submitStep(page);
  await expectStep(page, 5, 'Documento e riepilogo');
}

test.describe('wrong code', () => {
  // The refused signature is a 4xx the browser logs; nothing else may be.
  test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/sign-with-otp$/] });

  test('a wrong code says how many attempts are left, and the right one still signs', async ({ page }) => {
    await reachDocumentStep(page);
    await fillIdentityDocument(page, 'CA12345AB');
    await uploadBothSides(page);
    await submitStep(page, 'Vai alla firma');
    await expectContractPreview(page);

    const code = await sendCodeAndRead(page, /^Via SMS al numero/, MOBILE);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    await signWith(page, wrong);
    const error = page.getByRole('alert').filter({ hasText: /^Codice errato/ });
    await expect(error).toHaveText('Codice errato: ti restano 4 tentativi.');
    await expect(otpBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('thank-you')).toHaveCount(0);

    await signWith(page, code);
    await expectSignedAndDownload(page, { heading: 'Grazie Mario, il contratto è firmato!', mustContain: ['Mario Rossi'] });
  });
});

test.describe('disguised executable', () => {
  // The server refuses the bytes (415); nothing else may log an error.
  test.use({ expectedConsoleErrors: [/status of 415 .* @ .*\/document-upload$/] });

  test('an executable renamed documento.pdf is refused with a message and is not listed', async ({ page }) => {
    await reachDocumentStep(page);
    // A Windows executable starts with 'MZ'; the name and type claim a PDF.
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
    const answer = page.waitForResponse((res) => res.url().endsWith('/document-upload'));
    await identityUpload(page).setInputFiles({ name: 'documento.pdf', mimeType: 'application/pdf', buffer: exe });
    expect((await answer).status()).toBe(415);

    const upload = page.locator('.form-file-upload').filter({ has: identityUpload(page) });
    await expect(upload.getByRole('alert')).toHaveText('Formato non ammesso: carica un file PDF, JPEG o PNG.');
    await expect(identityUpload(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(identityList(page)).toHaveCount(0);
    await expect(page.getByTestId('order-review')).not.toContainText('documento.pdf');
  });
});
