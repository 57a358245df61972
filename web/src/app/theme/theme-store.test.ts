import { afterEach, describe, expect, it } from 'vitest';
import { SKIN_STORAGE_KEY, themeConfig } from './theme-config';
import { applyThemeToDocument, readStoredSkin, useThemeStore } from './theme-store';

afterEach(() => localStorage.clear());

describe('theme', () => {
  it('has the SPEC §1 defaults and names the app', () => {
    expect(themeConfig.app.appName).toBe('Checkout Console');
    expect(themeConfig.layout).toMatchObject({
      skin: 'light', direction: 'ltr', routerTransition: 'zoom-fade', type: 'full', contentWidth: 'full',
      menu: { hidden: false, isCollapsed: false }, navbar: { type: 'floating', backgroundColor: '' },
      footer: { type: 'static' }, customizer: true, enableScrollToTop: true,
    });
  });

  it.each([
    ['dark', 'dark'],
    ['semi-dark', 'light'],
    ['bordered', 'light'],
  ] as const)('skin %s is saved and applied (data-bs-theme=%s)', (skin, bsTheme) => {
    useThemeStore.getState().setSkin(skin);
    expect(localStorage.getItem(SKIN_STORAGE_KEY)).toBe(skin);
    expect(readStoredSkin()).toBe(skin);
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe(bsTheme);
    expect(document.documentElement.getAttribute('data-skin')).toBe(skin);
  });

  it('ignores an unknown stored skin', () => {
    localStorage.setItem(SKIN_STORAGE_KEY, 'viola');
    expect(readStoredSkin()).toBe('light');
  });

  it('keeps the text left to right: a right-to-left setting is ignored', () => {
    applyThemeToDocument({ skin: 'light', direction: 'ltr' });
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    // As an old stored setting or a stale tab could still say.
    applyThemeToDocument({ skin: 'light', direction: 'rtl' as never });
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    useThemeStore.getState().update({ direction: 'rtl' as never });
    expect(useThemeStore.getState().direction).toBe('ltr');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });
});
