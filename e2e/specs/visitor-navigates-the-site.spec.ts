import type { Page } from '@playwright/test';
import { untilHydrated } from './checkout-journey';
import { expect, test } from './fixtures';

const socialTitles = (page: Page) => page.evaluate(() => ({
  title: document.title,
  og: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
  twitter: document.querySelector('meta[name="twitter:title"]')?.getAttribute('content'),
}));

test('an unknown path lands on the coverage check with its title', async ({ page }) => {
  await page.goto('/una/pagina/che/non/esiste');
  await expect(page).toHaveURL(/\/attiva\/verifica-copertura$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Verifica la copertura' })).toBeVisible();
  await expect(page).toHaveTitle(/^Verifica copertura - /);
});

test('the root lands on the coverage check', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/attiva\/verifica-copertura$/);
});

test('title and social tags follow client-side navigation', async ({ page }) => {
  await page.goto('/attiva/verifica-copertura');
  // A client-side navigation needs the running app: the page is hydrated in slices after its load event,
  // and a history entry pushed meanwhile made React's hydration fail (#418) in one CI run.
  await untilHydrated(page);
  const first = await socialTitles(page);
  expect(first.og).toBe(first.title);
  expect(first.twitter).toBe(first.title);

  // Client-side navigation (no reload): the 404 route through the router.
  await page.evaluate(() => { window.history.pushState({}, '', '/error-404'); window.dispatchEvent(new PopStateEvent('popstate')); });
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  await expect(page).toHaveTitle('Pagina non trovata');
  const after = await socialTitles(page);
  expect(after).toEqual({ title: 'Pagina non trovata', og: 'Pagina non trovata', twitter: 'Pagina non trovata' });
});

test('the 404 page has its heading and title', async ({ page }) => {
  await page.goto('/error-404');
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();
  await expect(page).toHaveTitle('Pagina non trovata');
});

test('every navigation scrolls to the top, and the scroll-to-top button works', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto('/attiva/verifica-copertura');
  // Make the page long enough to scroll, whatever its content.
  await page.evaluate(() => { document.body.style.minHeight = '4000px'; window.scrollTo(0, 1500); });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const toTop = page.getByRole('button', { name: 'Torna su' });
  await expect(toTop).toBeVisible();
  await toTop.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await page.evaluate(() => { window.history.pushState({}, '', '/attiva-sim'); window.dispatchEvent(new PopStateEvent('popstate')); });
  await expect(page).toHaveTitle(/^Attiva SIM - /);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('on a phone, scrolling down does not move the buttons after the footer (a tap must land where it was aimed)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/attiva/verifica-copertura');
  const gear = page.getByTestId('customizer-toggle');
  const pageTop = () => gear.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const before = await pageTop();
  await expect(page.getByRole('button', { name: 'Torna su' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(page.getByRole('button', { name: 'Torna su' })).toBeVisible();
  expect(await pageTop()).toBe(before);
  // And the gear opens the customizer at the first tap.
  await gear.click();
  await expect(page.getByTestId('customizer-panel')).toBeVisible();
});

test('navigating to the page you are on adds no history entry', async ({ page }) => {
  await page.goto('/attiva/verifica-copertura');
  const before = await page.evaluate(() => window.history.length);
  await page.getByRole('link', { name: /Verifica copertura|Fibra Viva/ }).first().click();
  await page.getByRole('link', { name: /Verifica copertura|Fibra Viva/ }).first().click();
  expect(await page.evaluate(() => window.history.length)).toBe(before);
});

test('the chosen skin survives a reload', async ({ page }) => {
  await page.goto('/attiva/verifica-copertura');
  await page.getByTestId('customizer-toggle').click();
  await page.getByRole('radio', { name: 'Scuro', exact: true }).check();
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
  await expect(page.locator('html')).toHaveAttribute('data-bs-theme', 'dark');
});

test('a stored order resumes at the highest step reached', async ({ page }) => {
  await page.goto('/attiva/verifica-copertura');
  await page.evaluate(() => localStorage.setItem('checkout-store', JSON.stringify({ state: { persistent: { maxStep: 3, currentStep: 3 } }, version: 29 })));
  await page.reload();
  const resume = page.getByRole('link', { name: 'Riprendi il tuo ordine' });
  await expect(resume).toHaveAttribute('href', '/attiva/step-3');

  await page.evaluate(() => localStorage.setItem('checkout-store', JSON.stringify({ state: { persistent: { maxStep: 5, currentStep: 5 } }, version: 29 })));
  await page.reload();
  await expect(resume).toHaveAttribute('href', '/attiva/firma');
});

test('a store saved with another schema version is discarded', async ({ page }) => {
  await page.goto('/attiva/verifica-copertura');
  await page.evaluate(() => localStorage.setItem('checkout-store', JSON.stringify({ state: { persistent: { maxStep: 3 } }, version: 28 })));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Verifica la copertura' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Riprendi il tuo ordine' })).toHaveCount(0);
});
