import type { FormFields, ServiceCoverage } from '../schemas/form-fields';

/*
 * SPEC §3 names these persistent-state flags and form fields without saying what they mean; these
 * are the meanings we gave them (docs/decisions.md "Order context"), in one place so every screen
 * sets them the same way.
 */

/** How the order was started: `customer_origin`. */
export type CustomerOrigin = 'web' | 'partner' | 'premade';

/**
 * `customer_origin`: `premade` for an order prepared by staff, `partner` when the visit came through a
 * partner's link (`/attiva/verifica-copertura/from/{provenienza}`), otherwise `web`.
 */
export const customerOriginOf = (context: { premade: boolean; provenienza: string }): CustomerOrigin =>
  context.premade ? 'premade' : context.provenienza.trim() !== '' ? 'partner' : 'web';

/** `isFromWholesale`: the sale comes through a reseller's channel, that is a partner's link. */
export const isFromWholesale = (provenienza: string): boolean => provenienza.trim() !== '';

/** `is{Brand}Pop`: an available service at the address runs on the provider's own network (named as the brand). */
export const isBrandPop = (services: readonly Pick<ServiceCoverage, 'available' | 'network'>[], brandName: string): boolean =>
  services.some((s) => s.available && s.network.trim().toLowerCase() === brandName.trim().toLowerCase());

/** `hasInternetFTTCPortability`: the visitor moves an existing internet line onto an FTTC connection. */
export const hasInternetFttcPortability = (fields: Pick<FormFields, 'portability_internet' | 'technology'>): boolean =>
  fields.portability_internet && fields.technology === 'FTTC';

/**
 * `telephone_request`: the request to keep a fixed number on the voice line — the operator, its
 * name, the number and the migration code of step 3 — when the visitor keeps the number; else empty.
 */
export const telephoneRequestOf = (
  fields: Pick<FormFields, 'portability_phone' | 'portability_operator' | 'portability_operator_name' | 'portability_old_number' | 'portability_migration_code'>,
): FormFields['telephone_request'] => (fields.portability_phone
  ? {
    operator: fields.portability_operator, operator_name: fields.portability_operator_name,
    old_number: fields.portability_old_number, migration_code: fields.portability_migration_code,
  }
  : { operator: '', operator_name: '', old_number: '', migration_code: '' });
