import { test as base, expect } from './fixtures';

/**
 * The suite's fixtures for negative paths: Chromium logs every 4xx answer as a console error
 * ("Failed to load resource: the server responded with a status of 422 …"), which the base fixture
 * turns into a failure. A test lists the refusals it provokes; every other console error still fails it.
 *
 *   test.use({ expectedConsoleErrors: [/status of 4\d\d .* @ .*\/sign-with-otp$/] });
 *
 * Each pattern is matched against `<message text> @ <source url>`.
 */
export const test = base.extend<{ expectedConsoleErrors: RegExp[] }>({
  expectedConsoleErrors: [[], { option: true }],
  // A plain function overrides the base fixture and keeps its { auto: true }.
  failOnConsoleErrors: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const line = `${msg.text()} @ ${msg.location().url}`;
      if (!expectedConsoleErrors.some((re) => re.test(line))) problems.push(line);
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await use();
    expect(problems, 'console errors').toEqual([]);
  },
});
export { expect };
