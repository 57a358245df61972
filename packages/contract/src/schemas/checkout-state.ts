import { z } from 'zod';

/** SPEC §3 "Persistent checkout state". `is{brand}Customer`/`is{brand}Pop` are brand-neutral here. */
export const persistentStateSchema = z.object({
  currentStep: z.number().int().min(0).max(5).default(0),
  maxStep: z.number().int().min(0).max(5).default(0),
  /** ISO-8601 time the current order was started (set by a full reset). */
  orderStartTime: z.string().nullable().default(null),
  currentOrderData: z.object({ id: z.string().nullable(), hash: z.string().nullable() }).default({ id: null, hash: null }),
  isFromWholesale: z.boolean().default(false),
  lastOfferId: z.number().int().nullable().default(null),
  hasOpenFiber: z.boolean().default(false),
  hasPortability: z.boolean().default(false),
  isBrandCustomer: z.boolean().default(false),
  isBrandPop: z.boolean().default(false),
  hasInternetFTTCPortability: z.boolean().default(false),
  alreadySentOtp: z.boolean().default(false),
});
export type PersistentState = z.infer<typeof persistentStateSchema>;
