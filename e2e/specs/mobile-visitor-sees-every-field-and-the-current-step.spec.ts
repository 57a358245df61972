import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { keepScreenshot } from './coverage';
import {
  checkCoverage, continueFromOffer, expectFitsWidth, expectStep, fillContact, stepForm, submitStep, textbox, uniqueEmail,
} from './checkout-journey';

/*
 * At 375 px: the progress pills are one row with the current step marked, no inline error or field stays
 * under the fixed order summary at the bottom, and the scroll-to-top button covers neither a field nor a
 * price, and a list of suggestions opens above it. And a later step typed in the address bar opens the first
 * step still to complete.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The top of the fixed bottom panel, in the window's coordinates. */
async function panelTop(page: Page): Promise<number> {
  const box = await page.getByTestId('order-summary').boundingBox();
  if (!box) throw new Error('no order summary on screen');
  return box.y;
}

async function expectPillsInOneRow(page: Page, current: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Avanzamento dell’ordine' });
  const tops = await nav.locator('li').evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  expect(tops).toHaveLength(6);
  expect(new Set(tops).size, `pill rows at ${JSON.stringify(tops)}`).toBe(1);
  const here = nav.getByRole('link', { name: current });
  await expect(here).toHaveAttribute('aria-current', 'step');
  // The current pill is scrolled into the row's view.
  const [row, pill] = [await nav.locator('ol').boundingBox(), await here.boundingBox()];
  expect(pill!.x).toBeGreaterThanOrEqual(row!.x - 1);
  expect(pill!.x + pill!.width).toBeLessThanOrEqual(row!.x + row!.width + 1);
}

/** Whatever the scroll-to-top button covers among fields and prices (none, when it is not shown). */
async function coveredByScrollToTop(page: Page): Promise<string[]> {
  const button = page.getByRole('button', { name: 'Torna su' });
  if (!(await button.isVisible())) return [];
  const own = (await button.boundingBox())!;
  const targets: Locator = page.locator('input:visible, select:visible, textarea:visible, [data-testid^="summary-"]:visible, .option-price:visible');
  const covered: string[] = [];
  for (const el of await targets.all()) {
    const box = await el.boundingBox();
    if (!box || !overlaps(own, box)) continue;
    // Overlapping boxes cover only when the button is the one on top there: in the page's flow on a phone it
    // may scroll under the fixed order summary, which then covers it, not the other way round.
    const onTop = await page.evaluate(({ a, b }) => {
      const x = (Math.max(a.x, b.x) + Math.min(a.x + a.width, b.x + b.width)) / 2;
      const y = (Math.max(a.y, b.y) + Math.min(a.y + a.height, b.y + b.height)) / 2;
      const hit = document.elementFromPoint(x, y);
      return !!hit?.closest('.scroll-to-top');
    }, { a: own, b: box });
    if (onTop) covered.push(await el.evaluate((e) => e.outerHTML.slice(0, 80)));
  }
  return covered;
}

test.describe('a visitor on a phone sees every field and the current step @mobile @phone-only', () => {
  test('pills in one row, errors above the bottom panel, scroll-to-top clear of fields and prices, typed steps guarded', async ({ page }, testInfo) => {

    // ——— A later step typed on a fresh visit: nothing is done yet, the coverage check is first ———
    await page.goto('/attiva/step-4');
    await expect(page).toHaveURL(/\/attiva\/verifica-copertura$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Verifica la copertura' })).toBeVisible();

    await checkCoverage(page, 'Privato');
    await page.getByRole('radio', { name: 'Fibra Viva Casa 1 Giga', exact: true }).check();
    await continueFromOffer(page);
    await expectPillsInOneRow(page, '1. Contatti');
    // The pills scrolled out of the row's view (and their hidden text) do not widen the page.
    await expectFitsWidth(page, 'step 1');

    // ——— Inline errors: each one can be brought above the panel ———
    await submitStep(page);
    await expect(stepForm(page).locator('.invalid-feedback:visible').first()).toBeVisible();
    await expectFitsWidth(page, 'step 1 with errors');
    // The summary's links: each brings its field and the field's error above the panel.
    const links = page.getByTestId('error-summary').getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      await links.nth(i).click();
      const describedBy = await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') ?? '');
      const errorId = describedBy.split(' ').find((id) => /error/.test(id));
      if (!errorId) continue;
      const error = page.locator(`[id="${errorId}"]`);
      await expect(error).toBeInViewport();
      // Scrolling is smooth (Bootstrap's reboot): the position that counts is the one it settles on.
      const top = await panelTop(page);
      await expect.poll(async () => {
        const box = (await error.boundingBox())!;
        return box.y + box.height;
      }, { message: `${errorId} ends above the bottom panel (top ${top})` }).toBeLessThanOrEqual(top);
      await links.first().scrollIntoViewIfNeeded();
    }
    // Tabbing onto a field (the browser scrolls it just into view) brings it and its error above the panel too.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await textbox(stepForm(page), 'Nome').focus();
    for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.id)) !== 'field-mobile_phone_number'; i++) await page.keyboard.press('Tab');
    const mobileError = page.locator('[id="field-mobile_phone_number-error"]');
    const top = await panelTop(page);
    await expect.poll(async () => {
      const box = (await mobileError.boundingBox())!;
      return box.y + box.height;
    }, { message: `the tabbed-to field's error ends above the bottom panel (top ${top})` }).toBeLessThanOrEqual(top);
    await keepScreenshot(page, testInfo, 'mobile-step-1-errors');

    // ——— At the very end of the page nothing is left under the panel, the scroll-to-top included ———
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = page.getByRole('contentinfo', { name: 'Informazioni legali' });
    const footerBox = (await footer.boundingBox())!;
    expect(footerBox.y + footerBox.height).toBeLessThanOrEqual(await panelTop(page));
    const customizer = (await page.getByTestId('customizer-toggle').boundingBox())!;
    expect(customizer.y + customizer.height, 'the customizer button ends above the bottom panel').toBeLessThanOrEqual(await panelTop(page));
    const toTop = page.getByRole('button', { name: 'Torna su' });
    await expect(toTop).toBeVisible();
    const toTopBox = (await toTop.boundingBox())!;
    expect(toTopBox.y + toTopBox.height).toBeLessThanOrEqual(await panelTop(page));
    // Anywhere down the page, it covers no field and no price.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 150) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await coveredByScrollToTop(page), `scrolled to ${y}`).toEqual([]);
    }

    // ——— A step typed ahead of the first incomplete one opens that one ———
    await page.goto('/attiva/step-3');
    await expectStep(page, 1, 'Dati di contatto');
    await fillContact(page, { firstName: 'Anna', lastName: 'Verdi', email: uniqueEmail('anna.verdi'), mobile: '3331234567' });
    await submitStep(page);
    await expectStep(page, 2, 'Dati personali');
    await expectPillsInOneRow(page, '2. Dati personali');
    await page.goto('/attiva/step-3');
    await expectStep(page, 2, 'Dati personali');
    await page.goto('/attiva/step-5');
    await expectStep(page, 2, 'Dati personali');
    await keepScreenshot(page, testInfo, 'mobile-step-2');

    // ——— A list of suggestions opening low on the page comes above the panel, to be tapped ———
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    const residence = stepForm(page).getByRole('combobox', { name: 'Comune di residenza' });
    await residence.fill('Roma');
    const roma = page.getByRole('option', { name: 'Roma (RM)', exact: true });
    await expect(roma).toBeVisible();
    const list = page.getByRole('listbox', { name: 'Comune di residenza' });
    const panel = await panelTop(page);
    await expect.poll(async () => {
      const box = (await list.boundingBox())!;
      return box.y + box.height;
    }, { message: `the suggestions end above the bottom panel (top ${panel})` }).toBeLessThanOrEqual(panel);
    await roma.click();
    await expect(residence).toHaveValue('Roma');
  });
});
