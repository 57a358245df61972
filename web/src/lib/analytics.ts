import { CONSENT_DEFAULTS, isValidGtmId } from '@checkout/contract';
import { getCookie, setCookie } from './cookies';

/** Where GTM reads from: `window` in the app, a plain object in tests. */
export interface DataLayerHost {
  dataLayer?: unknown[];
}

export interface ConsentChoice {
  analytics: boolean;
  marketing: boolean;
}

export const CONSENT_COOKIE = 'cookie_consent';
export const GTM_SCRIPT_ORIGIN = 'https://www.googletagmanager.com';

const defaultHost = (): DataLayerHost => window as unknown as DataLayerHost;
const layerOf = (host: DataLayerHost): unknown[] => (host.dataLayer ??= []);

let current: ConsentChoice | null = null;

/**
 * gtag() must push the `arguments` object itself, not an array: GTM only treats Arguments
 * objects as commands (`consent`, `config`, …); an array would be read as a plain event.
 */
export const gtagOn = (host: DataLayerHost) =>
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    layerOf(host).push(arguments);
  };

/** The consent-mode fields an explicit choice grants or denies. */
export const consentUpdateFor = (choice: ConsentChoice): Record<string, 'granted' | 'denied'> => {
  const g = (on: boolean) => (on ? 'granted' : 'denied');
  return {
    analytics_storage: g(choice.analytics),
    functionality_storage: g(choice.analytics),
    ad_storage: g(choice.marketing),
    ad_user_data: g(choice.marketing),
    ad_personalization: g(choice.marketing),
    personalization_storage: g(choice.marketing),
    security_storage: 'granted',
  };
};

export const readConsentChoice = (doc: Document = document): ConsentChoice | null => {
  const raw = getCookie(CONSENT_COOKIE, doc);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ConsentChoice>;
    if (typeof value.analytics !== 'boolean' || typeof value.marketing !== 'boolean') return null;
    return { analytics: value.analytics, marketing: value.marketing };
  } catch {
    return null;
  }
};

/** Adds the GTM container script. Refuses an invalid id, and refuses to run before the consent default. */
export const loadGtm = (gtmId: string | null | undefined, doc: Document = document, host: DataLayerHost = defaultHost()): boolean => {
  if (!gtmId || !isValidGtmId(gtmId)) return false;
  const layer = layerOf(host);
  const hasDefault = layer.some((entry) => isArgs(entry) && entry[0] === 'consent' && entry[1] === 'default');
  if (!hasDefault) throw new Error('GTM must load after the consent default');
  if (doc.querySelector(`script[src^="${GTM_SCRIPT_ORIGIN}/gtm.js"]`)) return true;
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTM_SCRIPT_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
  doc.head.appendChild(script);
  return true;
};

const isArgs = (entry: unknown): entry is ArrayLike<unknown> =>
  typeof entry === 'object' && entry !== null && 'length' in entry && typeof (entry as ArrayLike<unknown>).length === 'number';

export interface InitAnalyticsOptions {
  gtmId: string | null;
  doc?: Document;
  host?: DataLayerHost;
}

/**
 * Order matters (Consent Mode v2): the denied-by-default state is pushed first, then a choice
 * remembered from an earlier visit, and only then may the container load.
 */
export const initAnalytics = ({ gtmId, doc = document, host = defaultHost() }: InitAnalyticsOptions): { gtmLoaded: boolean } => {
  const gtag = gtagOn(host);
  gtag('consent', 'default', { ...CONSENT_DEFAULTS });
  current = readConsentChoice(doc);
  if (current) gtag('consent', 'update', consentUpdateFor(current));
  return { gtmLoaded: loadGtm(gtmId, doc, host) };
};

/** Saves the visitor's choice for 14 days and tells GTM. */
export const saveConsentChoice = (choice: ConsentChoice, doc: Document = document, host: DataLayerHost = defaultHost()): void => {
  current = choice;
  setCookie(CONSENT_COOKIE, JSON.stringify(choice), {}, doc);
  gtagOn(host)('consent', 'update', consentUpdateFor(choice));
};

export const currentConsent = (): ConsentChoice | null => current;

/** Analytics events are sent only with analytics consent. */
export const track = (event: string, params: Record<string, unknown> = {}, host: DataLayerHost = defaultHost()): boolean => {
  if (!current?.analytics) return false;
  layerOf(host).push({ event, ...params });
  return true;
};

/** Tests only: forget the in-memory choice. */
export const resetAnalyticsForTests = (): void => {
  current = null;
};
