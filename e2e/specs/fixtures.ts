import { test as base, expect } from '@playwright/test';

/** Consent already given (all optional categories refused), so the banner does not cover the page. */
export const CONSENT_COOKIE = { name: 'cookie_consent', value: '%7B%22analytics%22%3Afalse%2C%22marketing%22%3Afalse%7D' };

export const test = base.extend<{ failOnConsoleErrors: void }>({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ ...CONSENT_COOKIE, url: baseURL ?? 'http://127.0.0.1' }]);
    await use(context);
  },
  // A journey that logs a console error or a CSP violation is a failed journey.
  failOnConsoleErrors: [async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
    page.on('pageerror', (err) => problems.push(err.message));
    await use();
    expect(problems, 'console errors').toEqual([]);
  }, { auto: true }],
});
export { expect };
