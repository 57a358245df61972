/*
 * The consents a customer gives at step 1, each separate and never pre-ticked (GDPR arts. 6-7): the
 * text shown next to each box, with the version the ledger records. The browser's labels are these
 * texts (web/src/locales/it.json, checkout.fields; a test keeps them equal); a changed text needs a
 * new version, so every recorded grant says which words the customer saw.
 */

export const CONSENT_TEXT_VERSION = '1';

export const CONSENT_TEXTS = {
  privacy_consent: 'Ho letto l’informativa sulla privacy e acconsento al trattamento dei miei dati per l’attivazione del servizio (obbligatorio)',
  marketing_consent: 'Acconsento a ricevere comunicazioni commerciali e offerte (facoltativo)',
  profiling_consent: 'Acconsento all’analisi delle mie preferenze per ricevere offerte personalizzate (facoltativo)',
  third_party_consent: 'Acconsento alla comunicazione dei miei dati a società partner, per le loro offerte commerciali (facoltativo)',
} as const;

export type ConsentName = keyof typeof CONSENT_TEXTS;
export const CONSENT_NAMES = Object.keys(CONSENT_TEXTS) as ConsentName[];

/** How the signed contract names each consent. */
export const CONSENT_LABELS: Readonly<Record<ConsentName, string>> = {
  privacy_consent: 'Informativa privacy e trattamento per il servizio',
  marketing_consent: 'Comunicazioni commerciali',
  profiling_consent: 'Profilazione per offerte personalizzate',
  third_party_consent: 'Comunicazione dei dati a terzi per le loro offerte',
};

/** The optional consents a customer may change later on their own, with the order number and a one-time code. */
export const CHANGEABLE_CONSENTS = ['marketing_consent', 'profiling_consent', 'third_party_consent'] as const satisfies readonly ConsentName[];
export type ChangeableConsent = (typeof CHANGEABLE_CONSENTS)[number];

/** Channel the ledger records for a change made on the preferences page. */
export const SELF_SERVICE_CONSENT_CHANNEL = 'self-service';
