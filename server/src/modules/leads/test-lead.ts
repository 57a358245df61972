import { leadSchema } from '@checkout/contract';
import type { Lead } from '@checkout/contract';

/** A lead as the request-an-offer form sends it (tests). */
export const LEAD = {
  nome: 'Giulia', cognome: 'Verdi', email: 'giulia.verdi@example.com', numero_telefono: '+39 333 1234567',
  comune: 'Roma', cap: '00185', provincia: 'RM', indirizzo: 'Via Roma', civico: '1', comune_istat: '058091',
  servizio: 'FTTH', offer_id: 101, promo: '', provenienza: 'coverage-no-offer',
  linkCheckout: 'https://example.com/attiva/copertura?resume=abc',
};

/** The same after the contract's parse (defaults filled), as the service receives it. */
export const parsedLead = (patch: Partial<typeof LEAD> = {}): Lead => leadSchema.parse({ ...LEAD, ...patch });
