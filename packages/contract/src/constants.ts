/** SPEC §9 business constants and SPEC §3 option id groups. */

export const API_TIMEOUT_MS = 45_000;
/** The generic HTTP client has no timeout unless one is given (SPEC §9). */
export const GENERIC_CLIENT_TIMEOUT_MS = 0;
export const FIELDS_SCHEMA_VERSION = 29;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const COOKIE_LIFETIME_DAYS = 14;
export const CONSENT_WAIT_FOR_UPDATE_MS = 500;
export const SIM_ICCID_SUFFIX_LENGTH = 5;
/** One-off price of each additional router variant, in cents (5 €). */
export const ADDITIONAL_VARIANT_CASH_CENTS = 500;
export const BUSINESS_FREE_ROUTER_CONTRACT_CODE = 'ROUTER_LIBERO';
export const DROPDOWN_MAX_HEIGHT_PX = 200;
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

/** The persisted checkout store's fixed localStorage key. */
export const CHECKOUT_STORE_KEY = 'checkout-store';

export const OPTION_IDS = {
  voipFamilyUnlimited: [10, 61, 90],
  businessVoipUnlimited: [32, 34],
  defaults: [10, 32, 34, 61],
  baseVoip: 8,
  voip50: 9,
  staticIp: 2,
  relaxGuarantee: 3,
  antivirus: 4,
  businessAssistance: 26,
  routerTopOneOff: 22,
  routerTopRental: 23,
  freeRouter: 27,
  wifi6Extender: 28,
  weekendFamily: 29,
} as const;

export const OPTION_CATEGORIES = ['router', 'repeater', 'speed_upgrade', 'other', 'voip'] as const;
export type OptionCategory = (typeof OPTION_CATEGORIES)[number];

export const ROUTER_COLOURS = [
  'marble', 'bubblegum', 'blackboard', 'corten', 'tealblue', 'blue',
  'carbon', 'epic', 'floreal', 'gray', 'mable', 'wood',
] as const;
export type RouterColour = (typeof ROUTER_COLOURS)[number];
/** The colours' Italian names, as the offer page, the summaries and the contract print them. */
export const ROUTER_COLOUR_NAMES: Readonly<Record<RouterColour, string>> = {
  marble: 'Marmo', bubblegum: 'Rosa confetto', blackboard: 'Lavagna', corten: 'Corten', tealblue: 'Blu petrolio', blue: 'Blu',
  carbon: 'Carbonio', epic: 'Viola epico', floreal: 'Floreale', gray: 'Grigio', mable: 'Acero', wood: 'Legno',
};
/** SPEC §3: "The routerVariant default is Blue". */
export const DEFAULT_ROUTER_VARIANT = 'Blue';

export const CUSTOMER_TYPES = ['privato', 'business'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const MODAL_IDS = [
  'black-friday', 'codice-fiscale', 'invoice-example', 'option-description', 'router-incluso',
  'support', 'xmas', 'distance-cabinet', 'read-notes', 'info-speed-upgrade',
  // Beyond SPEC §2: the parameters a customer's own modem needs (AGCOM 348/18/CONS).
  'modem-libero',
] as const;
export type ModalId = (typeof MODAL_IDS)[number];

export const TECHNOLOGIES = ['FTTH', 'FTTC', 'FWA'] as const;
export type Technology = (typeof TECHNOLOGIES)[number];
