import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * A visitor without a mouse (issue 6): everything is reached with Tab and used with the keys a
 * keyboard user has (typing, Space, Enter, arrows). No click, fill or check in the specs that use these.
 */

const isFocused = (target: Locator): Promise<boolean> => target.evaluate((el) => el === document.activeElement);

/**
 * Presses Tab until `target` has the focus, and checks the browser shows where it is (:focus-visible).
 * Fails when `max` presses do not get there: the control is not in the tab order.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) {
      expect(await target.evaluate((el) => el.matches(':focus-visible')), 'keyboard focus is visible').toBe(true);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with ${max} presses of Tab: ${target.toString()}`);
}

/** Tabs to `target` and types `text` into it. */
export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** Tabs to a button or link and presses Enter. */
export async function press(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

/** Tabs to a checkbox and ticks it with Space. */
export async function tick(page: Page, target: Locator): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
}

/**
 * Radios sharing a name are one tab stop: Tab enters the group, the arrows move the choice (and the
 * focus) as the browser does.
 */
export async function chooseRadio(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target).toBeVisible();
  const name = await target.getAttribute('name');
  const inGroup = () => page.evaluate((n) => {
    const el = document.activeElement;
    return el instanceof HTMLInputElement && el.type === 'radio' && el.name === n;
  }, name);
  for (let i = 0; i < max && !(await inGroup()); i++) await page.keyboard.press('Tab');
  expect(await inGroup(), `radio group "${name}" reached with Tab`).toBe(true);
  const radios = await page.locator(`input[type=radio][name="${name}"]`).count();
  for (let i = 0; i <= radios && !(await target.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(target).toBeChecked();
  await expect(target).toBeFocused();
}

/** A combobox: type, move down the list to the option, choose it with Enter. */
export async function chooseOption(page: Page, combobox: Locator, text: string, option: string): Promise<void> {
  await typeInto(page, combobox, text);
  const wanted = page.getByRole('option', { name: option, exact: true });
  await expect(wanted).toBeVisible();
  for (let i = 0; i < 25 && (await wanted.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(wanted).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(wanted).toHaveCount(0);
}
