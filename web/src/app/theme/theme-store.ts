import { create } from 'zustand';
import { DIRECTIONS, SKINS, SKIN_STORAGE_KEY, themeConfig, type LayoutSettings, type Skin } from './theme-config';

export const readStoredSkin = (): Skin => {
  try {
    const value = localStorage.getItem(SKIN_STORAGE_KEY);
    return (SKINS as readonly string[]).includes(value ?? '') ? (value as Skin) : themeConfig.layout.skin;
  } catch {
    return themeConfig.layout.skin;
  }
};

/**
 * Skin and direction live on <html> so Bootstrap's colour modes (`data-bs-theme`) and
 * `dir` apply to everything, portals (modals, offcanvas) included. The direction is always
 * left to right: a right-to-left value from anywhere (an old setting, a stale tab) is not applied.
 */
export const applyThemeToDocument = (settings: Pick<LayoutSettings, 'skin' | 'direction'>, root: HTMLElement = document.documentElement): void => {
  root.setAttribute('data-bs-theme', settings.skin === 'dark' ? 'dark' : 'light');
  root.setAttribute('data-skin', settings.skin);
  for (const skin of SKINS) root.classList.toggle(`${skin}-layout`, skin === settings.skin);
  root.setAttribute('dir', (DIRECTIONS as readonly string[]).includes(settings.direction) ? settings.direction : 'ltr');
};

interface ThemeActions {
  update: (patch: Partial<LayoutSettings>) => void;
  setSkin: (skin: Skin) => void;
}

export const useThemeStore = create<LayoutSettings & ThemeActions>()((set, get) => ({
  ...themeConfig.layout,
  skin: readStoredSkin(),
  update: (patch) => {
    set({ ...patch, direction: themeConfig.layout.direction });
    applyThemeToDocument(get());
  },
  setSkin: (skin) => {
    try {
      localStorage.setItem(SKIN_STORAGE_KEY, skin);
    } catch {
      // Private browsing may refuse storage; the skin still applies for this visit.
    }
    set({ skin });
    applyThemeToDocument(get());
  },
}));
