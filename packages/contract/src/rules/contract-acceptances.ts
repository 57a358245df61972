import type { CustomerType } from '../constants';

/*
 * What a customer accepts on the signature page before the one-time code is sent, with the server's
 * names (send-otp's fields). The browser shows these ticks and the server refuses the code without them.
 */

export const CONTRACT_ACCEPTANCES = ['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted'] as const;
export type ContractAcceptance = (typeof CONTRACT_ACCEPTANCES)[number];

/**
 * The acceptances a customer type needs, in the order they are shown: the contract summary read
 * (Regulation 2019/2243, before the contract is concluded), the general conditions, and for consumers
 * the withdrawal information (Codice del Consumo art. 52: a business has no withdrawal right).
 */
export const requiredAcceptances = (customerType: CustomerType): ContractAcceptance[] =>
  customerType === 'business'
    ? ['contract_summary_read', 'contract_terms_accepted']
    : ['contract_summary_read', 'contract_terms_accepted', 'contract_withdrawal_accepted'];
