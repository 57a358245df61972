import type { Page } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import { expectFitsWidth, tinyPng } from './checkout-journey';
import { createOrderThroughApi } from './side-flows';

const upload = (page: Page) => page.getByLabel('Carica il documento d’identità', { exact: true });
const list = (page: Page) => page.getByRole('list', { name: 'File caricati: documento d’identità' });

// Each test makes an order of its own through the API, so the two widths never share one.
test.describe('document upload page', () => {
  test('the identity document of an existing order is uploaded, listed and deleted', async ({ page }) => {
    const hash = await createOrderThroughApi(page.request);
    await page.goto(`/document-upload/${hash}`);
    await expect(page).toHaveTitle('Carica documento');
    await expect(page.getByRole('heading', { level: 1, name: 'Carica documento' })).toBeVisible();
    await expectFitsWidth(page, 'upload page');

    await upload(page).setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: tinyPng() });
    const item = list(page).getByRole('listitem').filter({ hasText: 'carta-identita.png' });
    await expect(item).toBeVisible();
    await expect(page.getByTestId('upload-received')).toContainText('Abbiamo ricevuto 1 file');
    await expectFitsWidth(page, 'upload page with a file');

    // Deleting asks the server to drop the stored file; the list follows its answer.
    await item.getByRole('button', { name: 'Elimina carta-identita.png' }).click();
    await expect(list(page)).toHaveCount(0);
    await expect(page.getByTestId('upload-received')).toHaveCount(0);
    await expectFitsWidth(page, 'upload page after deleting');
  });

  test.describe('unknown code', () => {
    // The page asks for the order's documents first: an order that does not exist answers 404.
    test.use({ expectedConsoleErrors: [/status of 404 .* @ .*\/documents$/] });

    test('a well-formed code of no order says so as soon as the page has asked, before any upload', async ({ page }) => {
      await page.goto('/document-upload/AAAAAAAAAAAAAAAAAAAAAAAA');
      const unknown = page.getByTestId('upload-unknown-code');
      await expect(unknown.getByRole('alert')).toContainText('Codice ordine non valido');
      await expect(unknown.getByRole('alert')).toContainText('Non troviamo nessun ordine con questo codice.');
      await expect(upload(page)).toHaveCount(0);
      await expectFitsWidth(page, 'upload unknown code');
    });

    test('a code of the wrong shape says so at once', async ({ page }) => {
      await page.goto('/document-upload/ABC123');
      await expect(page.getByTestId('upload-unknown-code').getByRole('alert')).toContainText('Codice ordine non valido');
      await expectFitsWidth(page, 'upload malformed code');
    });
  });
});
