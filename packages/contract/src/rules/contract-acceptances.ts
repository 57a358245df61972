import type { CustomerType } from '../constants';

/*
 * What a customer accepts on the signature page before the one-time code is sent, with the server's
 * names (send-otp's fields). The browser shows these ticks and the server refuses the code without them.
 */

export const CONTRACT_ACCEPTANCES = ['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted', 'fea_conditions_accepted'] as const;
export type ContractAcceptance = (typeof CONTRACT_ACCEPTANCES)[number];

/**
 * The acceptances a customer type needs, in the order they are shown: the contract summary read
 * (Regulation 2019/2243, before the contract is concluded), the general conditions, for consumers the
 * withdrawal information (Codice del Consumo art. 52: a business has no withdrawal right), and the
 * conditions of the advanced electronic signature the code makes (DPCM 22/02/2013 art. 57).
 */
export const requiredAcceptances = (customerType: CustomerType): ContractAcceptance[] =>
  customerType === 'business'
    ? ['contract_summary_read', 'contract_terms_accepted', 'fea_conditions_accepted']
    : ['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted', 'fea_conditions_accepted'];

/**
 * The version of the FEA conditions in force, printed with the acceptance on the signed contract's
 * evidence page: a change of the text (web/src/locales, `fea`) gets a new version.
 */
export const FEA_CONDITIONS_VERSION = '1 del 24/11/2026';

/** Where the FEA information is published (DPCM 22/02/2013 art. 57 c. 1 lett. e-f). */
export const FEA_INFO_PATH = '/firma-elettronica';
