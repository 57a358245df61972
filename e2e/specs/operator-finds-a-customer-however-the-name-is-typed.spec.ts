import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { checkCoverage, continueFromOffer, expectFitsWidth, signFromStep1, uniqueEmail } from './checkout-journey';
import { closeOperator, operatorFromCli } from './console';
import { createOrderThroughApi } from './side-flows';

/*
 * A back-office operator looks for Maria Grazia D’Angelo (typographic apostrophe, as her phone wrote it)
 * and types `dangelo`, then `D'Angelo` with the keyboard's apostrophe: both find her order. The console
 * then works at the widths staff use away from a desk: at 768 px the orders table shows every column
 * without scrolling sideways, and at 375 px the review queue and an order page fit the window.
 * With CONSOLE_SHOTS_DIR set, those screens are photographed at 768 and 375 px for someone to look at.
 */

const MOBILE = '3334445599';

async function shot(page: Page, name: string, width: number): Promise<void> {
  const dir = process.env.CONSOLE_SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

/** Every table of the page shows its last column without scrolling sideways. */
async function expectTablesFit(page: Page, screen: string): Promise<void> {
  const overflowing = await page.locator('.table-responsive').evaluateAll((boxes) =>
    boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.scrollWidth} px in ${b.clientWidth} px`));
  expect(overflowing, `${screen}: a table wider than its box (its last columns hidden)`).toEqual([]);
}

test('an operator finds D’Angelo by `dangelo` and `D\'Angelo`; the list fits 768 px, the review queue and an order page 375 px', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  // A signed order with its identity document: the review queue has an entry, the list a «Da verificare».
  await checkCoverage(page, 'Privato');
  await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
  await continueFromOffer(page);
  const signedNumber = await signFromStep1(page, { email: uniqueEmail('ricerca.firmato'), mobile: MOBILE, documentName: 'carta-fronte.png' });

  // Maria Grazia D’Angelo leaves her order at the contact step.
  const hash = await createOrderThroughApi(page.request);
  const email = uniqueEmail('mg.dangelo');
  const contact = await page.request.post(`/api/orders/${hash}/step-contact`, {
    data: { api_key: 'demo-public-key', first_name: 'Maria Grazia', last_name: 'D’Angelo', email, mobile_phone_number: '347 555 0101', privacy_consent: true },
  });
  expect(contact.status(), await contact.text()).toBe(200);

  const bo = await operatorFromCli(browser, baseURL, 'backoffice', 'Bruno Back');
  const list = bo.page;
  for (const typed of ['dangelo', "D'Angelo"]) {
    await list.getByLabel('Cerca').fill(typed);
    await list.getByRole('button', { name: 'Applica' }).click();
    await expect(list.getByText('1 ordine', { exact: true })).toBeVisible();
    await expect(list.getByRole('row').filter({ hasText: 'Maria Grazia D’Angelo' })).toHaveCount(1);
  }
  const row = list.getByRole('row').filter({ hasText: 'Maria Grazia D’Angelo' });
  await expect(row.getByRole('cell').last()).toHaveText('Nessun documento');
  await expectNoSeriousA11yViolations(list, 'console orders: a search by name');

  // Every order, at a tablet's width: no column hidden.
  await list.getByRole('button', { name: 'Azzera filtri' }).click();
  await expect(list.getByRole('link', { name: signedNumber })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: signedNumber }).getByRole('cell').last()).toHaveText('Da verificare');
  await list.setViewportSize({ width: 768, height: 900 });
  await expectTablesFit(list, 'orders at 768 px');
  await expectFitsWidth(list, 'orders at 768 px');
  await shot(list, 'console-orders', 768);
  await list.setViewportSize({ width: 375, height: 740 });
  await shot(list, 'console-orders', 375);

  // The review queue and an order page, on a phone.
  await list.goto('/console/verifica');
  await expect(list.getByRole('heading', { level: 1, name: 'Verifica documenti' })).toBeVisible();
  await expect(list.getByText(signedNumber)).toBeVisible();
  await expectFitsWidth(list, 'review queue at 375 px');
  // Other specs in this worker's database may queue orders above it: scrolled to, it must sit in the window.
  const claim = list.getByRole('button', { name: `Prendi in carico l’ordine ${signedNumber}` });
  await claim.scrollIntoViewIfNeeded();
  await expect(claim).toBeInViewport();
  await shot(list, 'console-review-queue', 375);
  await list.setViewportSize({ width: 768, height: 900 });
  await expectTablesFit(list, 'review queue at 768 px');
  await expectFitsWidth(list, 'review queue at 768 px');
  await shot(list, 'console-review-queue', 768);

  await list.goto('/console/ordini');
  await list.getByRole('link', { name: signedNumber }).click();
  await expect(list.getByRole('heading', { level: 1, name: `Ordine ${signedNumber}` })).toBeVisible();
  await expectFitsWidth(list, 'order page at 768 px');
  await shot(list, 'console-order-page', 768);
  await list.setViewportSize({ width: 375, height: 740 });
  await expectFitsWidth(list, 'order page at 375 px');
  await shot(list, 'console-order-page', 375);
  await expectNoSeriousA11yViolations(list, 'console order page at 375 px');
  await closeOperator(bo);
});
