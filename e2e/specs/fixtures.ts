import type { BrowserContext } from '@playwright/test';
import { test as base, expect } from './server-fixture';
import { recordCspViolations } from './csp-watch';

/** Consent already given (all optional categories refused), so the banner does not cover the page. */
export const CONSENT_COOKIE = { name: 'cookie_consent', value: '%7B%22analytics%22%3Afalse%2C%22marketing%22%3Afalse%7D' };

const cspViolationsOf = new WeakMap<BrowserContext, string[]>();

export const test = base.extend<{ failOnConsoleErrors: void; failOnCspViolations: void }>({
  context: async ({ context, baseURL }, use) => {
    await context.addCookies([{ ...CONSENT_COOKIE, url: baseURL ?? 'http://127.0.0.1' }]);
    cspViolationsOf.set(context, await recordCspViolations(context));
    await use(context);
  },
  // A journey that logs a console error is a failed journey.
  failOnConsoleErrors: [async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => { if (msg.type() === 'error') problems.push(msg.text()); });
    page.on('pageerror', (err) => problems.push(err.message));
    await use();
    expect(problems, 'console errors').toEqual([]);
  }, { auto: true }],
  // So is one that breaks the Content Security Policy, in any of its pages; unlike a console error,
  // no test can list a violation as expected (fixtures-with-expected-errors does not override this).
  failOnCspViolations: [async ({ context }, use) => {
    await use();
    expect(cspViolationsOf.get(context) ?? [], 'Content Security Policy violations').toEqual([]);
  }, { auto: true }],
});
export { expect };
