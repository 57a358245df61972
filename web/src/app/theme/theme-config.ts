/** SPEC §1 interface defaults. Only the skin outlives a reload (SPEC §1: "saved in local storage"). */
export const SKINS = ['light', 'dark', 'bordered', 'semi-dark'] as const;
export type Skin = (typeof SKINS)[number];
/** Italian only, always left to right: the customer's customizer offers no right-to-left (it broke the layout). */
export const DIRECTIONS = ['ltr'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const TRANSITIONS = ['zoom-fade', 'slide-fade', 'fade-bottom', 'fade', 'none'] as const;
export type RouterTransition = (typeof TRANSITIONS)[number];
export const CONTENT_WIDTHS = ['full', 'boxed'] as const;
export type ContentWidth = (typeof CONTENT_WIDTHS)[number];
export const NAVBAR_TYPES = ['floating', 'sticky', 'static', 'hidden'] as const;
export type NavbarType = (typeof NAVBAR_TYPES)[number];
export const FOOTER_TYPES = ['static', 'sticky', 'hidden'] as const;
export type FooterType = (typeof FOOTER_TYPES)[number];

export interface LayoutSettings {
  skin: Skin;
  direction: Direction;
  routerTransition: RouterTransition;
  type: 'full';
  contentWidth: ContentWidth;
  menu: { hidden: boolean; isCollapsed: boolean };
  navbar: { type: NavbarType; backgroundColor: string };
  footer: { type: FooterType };
  customizer: boolean;
  enableScrollToTop: boolean;
}

export const themeConfig = {
  app: { appName: 'Checkout Console' },
  layout: {
    skin: 'light',
    direction: 'ltr',
    routerTransition: 'zoom-fade',
    type: 'full',
    contentWidth: 'full',
    menu: { hidden: false, isCollapsed: false },
    // '' = no background colour: the floating navbar shows the page behind it.
    navbar: { type: 'floating', backgroundColor: '' },
    footer: { type: 'static' },
    customizer: true,
    enableScrollToTop: true,
  } satisfies LayoutSettings as LayoutSettings,
} as const;

export const SKIN_STORAGE_KEY = 'checkout-skin';
