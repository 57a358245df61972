import { z } from 'zod';
import { serviceCoverageSchema } from './form-fields';

export const addressHitSchema = z.object({
  id_egon_civico: z.string(),
  id_building: z.string().nullable(),
  street: z.string(),
  number: z.string(),
  zip_code: z.string(),
  id_comune: z.string(),
  city: z.string(),
  province: z.string(),
  label: z.string(),
});
export type AddressHit = z.infer<typeof addressHitSchema>;

export const coverageResultSchema = z.object({
  address: addressHitSchema,
  services: z.array(serviceCoverageSchema),
  /** The fastest available technology, or null when nothing is sold there. */
  suggested_technology: z.enum(['FTTH', 'FTTC', 'FWA']).nullable(),
  openfiber_cluster: z.string().nullable(),
  /** Offers that can be sold at the address, best first. */
  offer_ids: z.array(z.number().int()),
});
export type CoverageResult = z.infer<typeof coverageResultSchema>;

export const buildingInfoSchema = z.object({
  id_building: z.string(),
  network: z.string(),
  cluster: z.string().nullable(),
  status: z.string(),
  addresses: z.array(addressHitSchema),
});
