import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

/** Picks a comune and an address in the coverage check, as a visitor would by typing. */
export async function checkAddress(page: Page, { comune, comuneOption, address, addressOption }: {
  comune: string; comuneOption: string; address: string; addressOption: string;
}): Promise<void> {
  const comuneBox = page.getByRole('combobox', { name: 'Comune' });
  await comuneBox.fill(comune);
  await page.getByRole('option', { name: comuneOption, exact: true }).click();
  const addressBox = page.getByRole('combobox', { name: 'Indirizzo e numero civico' });
  await expect(addressBox).toBeEnabled();
  await addressBox.fill(address);
  await page.getByRole('option', { name: addressOption }).click();
}

export const ROMA = { comune: 'roma', comuneOption: 'Roma (RM), Lazio' };
export const viaRoma = (n: number) => ({ ...ROMA, address: `via roma ${n}`, addressOption: `Via Roma ${n}, 00185 Roma (RM)` });

/** Text without the no-break spaces Intl puts before the euro sign. */
export const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ').trim();

/** A full-page screenshot kept in the test's output folder (e2e/test-results/…) and attached to the report. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, { forReview = false } = {}): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (forReview) {
    // The screens a reviewer compares between runs: docs/screenshots/<name>-<window width>.png.
    const dir = path.resolve(testInfo.config.rootDir, '../../docs/screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
  }
}
