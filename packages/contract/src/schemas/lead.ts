import { z } from 'zod';

/** SPEC §3 "Lead": what the request-an-offer form sends and the webhook receives. */
export const leadSchema = z.object({
  nome: z.string().trim().min(1).max(100),
  cognome: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  numero_telefono: z.string().trim().regex(/^\+?[0-9 ]{6,20}$/).max(21),
  comune: z.string().max(120).default(''),
  cap: z.string().max(5).default(''),
  provincia: z.string().max(2).default(''),
  indirizzo: z.string().max(200).default(''),
  civico: z.string().max(20).default(''),
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
