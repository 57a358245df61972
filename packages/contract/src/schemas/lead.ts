import { z } from 'zod';
import { ADDRESS_TEXT_MESSAGE, ADDRESS_TEXT_PATTERN, COMPANY_NAME_MESSAGE, COMPANY_NAME_PATTERN } from '../italian/person-name';

/**
 * SPEC §3 "Lead": what the request-an-offer form sends and the webhook receives. No emoji or symbols in
 * the names and the address (italian/person-name.ts). The names take the wider alphabet of company names:
 * a business asking for an offer may give the company there, and a lead's name is never compared with a
 * codice fiscale (the order's step-contact holds the person's name to its own alphabet).
 */
export const leadSchema = z.object({
  nome: z.string().trim().min(1).max(100).regex(COMPANY_NAME_PATTERN, COMPANY_NAME_MESSAGE),
  cognome: z.string().trim().min(1).max(100).regex(COMPANY_NAME_PATTERN, COMPANY_NAME_MESSAGE),
  email: z.email().max(254),
  numero_telefono: z.string().trim().regex(/^\+?[0-9 ]{6,20}$/).max(21),
  comune: z.string().max(120).regex(ADDRESS_TEXT_PATTERN, ADDRESS_TEXT_MESSAGE).default(''),
  cap: z.string().max(5).default(''),
  provincia: z.string().max(2).default(''),
  indirizzo: z.string().max(200).regex(ADDRESS_TEXT_PATTERN, ADDRESS_TEXT_MESSAGE).default(''),
  civico: z.string().max(20).regex(ADDRESS_TEXT_PATTERN, ADDRESS_TEXT_MESSAGE).default(''),
  step: z.string().max(50).default(''),
  request_type: z.string().max(50).default(''),
  offer_name: z.string().max(200).default(''),
  comune_istat: z.string().max(6).default(''),
  servizio: z.string().max(50).default(''),
  offer_id: z.number().int().positive().nullable().default(null),
  id_building: z.string().max(50).default(''),
  id_egon_civico: z.string().max(50).default(''),
  promo: z.string().max(50).default(''),
  order_id: z.string().max(64).default(''),
  provenienza: z.string().max(100).default(''),
  linkCheckout: z.string().max(2000).default(''),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * Why the visitor asked for an offer (`request_type`): the request-an-offer page's reasons (its URL's last
 * part) and the plain request. Free text on the wire (SPEC §3), so an unknown one keeps its own text.
 */
export const LEAD_REQUEST_TYPE_LABELS: Record<string, string> = {
  'no-coverage': 'Indirizzo non coperto',
  'address-not-found': 'Indirizzo non trovato',
  'no-offer': 'Nessuna offerta adatta',
  richiesta: 'Richiesta di offerta',
};
export const leadRequestTypeLabel = (type: string): string =>
  (Object.hasOwn(LEAD_REQUEST_TYPE_LABELS, type) ? LEAD_REQUEST_TYPE_LABELS[type] : undefined) ?? type;
