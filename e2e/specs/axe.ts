import AxeBuilder from '@axe-core/playwright';
import { test, type Page } from '@playwright/test';
import { expectFitsWidth } from './checkout-journey';
import { expect } from './fixtures';

/*
 * axe-core on the screen as it is now (issue 6). Only serious and critical findings fail: those are the
 * ones that stop someone from using the page (no name, unreadable contrast, a trap); moderate and minor
 * ones are attached to the report so they stay visible without blocking.
 */

/** WCAG 2.2 A/AA plus axe's best practices (landmarks, one main, heading order). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const BLOCKING = new Set(['serious', 'critical']);

type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const describe = (v: Result): string =>
  `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} – ${n.failureSummary?.split('\n').slice(1).join('; ') ?? ''}`).join('\n')}`;

/**
 * Runs axe on the page (dialogs included: they are part of the document) and fails, softly, on any
 * serious or critical violation or on anything wider than the window, so a walk through the screens
 * reports every screen at once.
 * Returns the violations found, all impacts, for callers that want to say more.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<Result[]> {
  return test.step(`axe: ${label}`, async () => {
    // The pointer off every control: a click leaves it where it was, and a layout shift can slide a button
    // under it, whose hover transition would then run during the scan.
    await page.mouse.move(0, 0);
    // Let CSS transitions (route zoom-fade, modal fade, hover) finish: mid-fade colours give false contrast
    // results. Two frames first, so a transition the move above set off has started and is listed.
    // Endless ones (a spinner) never finish and are left alone.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.evaluate(() => Promise.all(document.getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .map((a) => a.finished.catch(() => undefined))));
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''));
    const other = violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
    if (other.length > 0) {
      test.info().annotations.push({ type: 'a11y (moderate/minor)', description: `${label}\n${other.map(describe).join('\n')}` });
    }
    expect.soft(blocking.map(describe), `${label}: serious or critical accessibility violations`).toEqual([]);
    // Every screen this walks is also one that must fit the window (WCAG 1.4.10 reflow): at 375 px this is
    // where each screen's width is checked, the journeys' own checks run at 1280 px only.
    await expectFitsWidth(page, label);
    return violations;
  }, { box: true });
}
