import { CONSENT_WAIT_FOR_UPDATE_MS } from '../constants';

/** SPEC §5: the analytics container id is GTM- then digits or capital letters. */
export const isValidGtmId = (id: string): boolean => /^GTM-[0-9A-Z]+$/.test(id);

/** Google consent mode types. */
export const GOOGLE_CONSENT_TYPES = [
  'ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage',
  'functionality_storage', 'personalization_storage', 'security_storage',
] as const;
export type GoogleConsentType = (typeof GOOGLE_CONSENT_TYPES)[number];
export type ConsentValue = 'granted' | 'denied';

/**
 * SPEC §5: everything denied until the visitor chooses, except security storage (needed for
 * the site to work); tags wait CONSENT_WAIT_FOR_UPDATE_MS for the banner's update.
 */
export const CONSENT_DEFAULTS: Readonly<Record<GoogleConsentType, ConsentValue> & { wait_for_update: number }> = Object.freeze({
  ad_storage: 'denied',
  ad_user_data: 'denied',
  ad_personalization: 'denied',
  analytics_storage: 'denied',
  functionality_storage: 'denied',
  personalization_storage: 'denied',
  security_storage: 'granted',
  wait_for_update: CONSENT_WAIT_FOR_UPDATE_MS,
});
