import type { BrowserContext } from '@playwright/test';

/*
 * Content Security Policy violations of every page of a browser context (issue 6). The browser fires
 * `securitypolicyviolation` on the document for each blocked load, inline script or eval; an init script
 * hands it to the test through a binding, so violations of pages navigated away from are kept too.
 * Chromium also logs 'Refused to …' as a console error, but only for some directives, and a test that
 * expects some console errors must not be able to excuse a violation.
 */

const BINDING = '__e2eReportCspViolation';

/** Starts recording into `into` (and returns it); call before the context's pages navigate. */
export async function recordCspViolations(context: BrowserContext, into: string[] = []): Promise<string[]> {
  await context.exposeBinding(BINDING, ({ page }, text: string) => { into.push(`${text} @ ${page.url()}`); });
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      const where = e.sourceFile ? ` (${e.sourceFile}:${e.lineNumber})` : '';
      void report?.(`CSP ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}${where}: ${e.sample}`);
    }, true);
  }, BINDING);
  return into;
}
