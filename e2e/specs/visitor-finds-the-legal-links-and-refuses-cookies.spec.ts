import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures-with-expected-errors';
import { expectFitsWidth } from './checkout-journey';

/*
 * "Every customer can finish and trusts what they see": refusing cookies is as easy as accepting them,
 * the footer names the brand's documents and support, and the side pages (full layout) keep both.
 */

const LEGAL = 'https://www.fibraviva.it/legale';
const DOCUMENTS = [
  ['Informativa privacy', 'privacy'],
  ['Cookie policy', 'cookie-policy'],
  ['Condizioni generali', 'condizioni-generali'],
  ['Carta dei servizi', 'carta-dei-servizi'],
  ['Trasparenza tariffaria', 'trasparenza-tariffaria'],
] as const;

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('legal links and cookie refusal @mobile', () => {
  test('Rifiuta is as visible as Accetta tutti, and the footer brings the choice back', async ({ page }, testInfo) => {
    await page.context().clearCookies();
    await page.goto('/attiva/verifica-copertura');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    const accept = banner.getByRole('button', { name: 'Accetta tutti' });
    const reject = banner.getByRole('button', { name: 'Rifiuta' });
    await expect(reject).toBeVisible();
    await expect(reject).toBeEnabled();
    // Same size and the same look (GDPR / Garante 2021: equal prominence).
    const [a, r] = await Promise.all([accept.boundingBox(), reject.boundingBox()]);
    expect(a && r && Math.abs(a.width - r.width) <= 1 && Math.abs(a.height - r.height) <= 1, `${JSON.stringify(a)} vs ${JSON.stringify(r)}`).toBe(true);
    const look = (el: HTMLElement) => { const s = getComputedStyle(el); return [s.backgroundColor, s.color, s.fontWeight, s.fontSize, s.opacity].join('|'); };
    expect(await reject.evaluate(look)).toBe(await accept.evaluate(look));
    // One "Personalizza" only: the banner's own button says what it does.
    await expect(banner.getByRole('button', { name: 'Scegli i cookie' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Personalizza', exact: true })).toHaveCount(0);
    await expectFitsWidth(page, 'consent banner');
    await shot(page, testInfo, 'consent-banner');

    await reject.click();
    await expect(banner).toHaveCount(0);
    expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe(encodeURIComponent(JSON.stringify({ analytics: false, marketing: false })));

    const footer = page.getByRole('contentinfo', { name: 'Informazioni legali' });
    for (const [name, path] of DOCUMENTS) {
      const link = footer.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `${LEGAL}/${path}`);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await footer.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'footer');

    // "Preferenze cookie" reopens the choice with what was chosen; the new choice replaces it.
    await footer.getByRole('button', { name: 'Preferenze cookie' }).click();
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('switch', { name: 'Statistici' })).not.toBeChecked();
    await banner.getByRole('switch', { name: 'Statistici' }).check();
    await banner.getByRole('button', { name: 'Salva preferenze' }).click();
    await expect(banner).toHaveCount(0);
    await expect(footer.getByRole('button', { name: 'Preferenze cookie' })).toBeFocused();
    expect((await page.context().cookies()).find((c) => c.name === 'cookie_consent')?.value).toBe(encodeURIComponent(JSON.stringify({ analytics: true, marketing: false })));

    await footer.getByRole('button', { name: 'Assistenza clienti' }).click();
    await expect(page.getByRole('dialog', { name: 'Hai bisogno di aiuto?' })).toBeVisible();
  });

  test.describe('the side pages', () => {
    test.use({ expectedConsoleErrors: [/status of 404 .* @ .*\/document-upload$/] });

    test('SIM activation, document upload, portability and 404 have the support button and the footer', async ({ page }, testInfo) => {
      for (const path of ['/attiva-sim', '/document-upload/ABC123', '/dati-portabilita', '/error-404']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const footer = page.getByRole('contentinfo', { name: 'Informazioni legali' });
        await expect(footer.getByRole('link', { name: /^Informativa privacy/ })).toHaveAttribute('href', `${LEGAL}/privacy`);
        await expect(footer.getByRole('button', { name: 'Preferenze cookie' })).toBeVisible();
        await page.getByRole('button', { name: 'Assistenza', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Hai bisogno di aiuto?' });
        await expect(dialog).toBeVisible();
        await dialog.getByRole('button', { name: 'Chiudi' }).last().click();
        await expect(dialog).toHaveCount(0);
        await expectFitsWidth(page, path);
        if (path === '/attiva-sim') await shot(page, testInfo, 'side-page-sim');
      }
    });
  });
});
