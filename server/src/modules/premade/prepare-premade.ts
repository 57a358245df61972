import { ERROR_CODES, holdsPersonalData } from '@checkout/contract';
import type { CustomerType } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import type { Conn, OrderFields } from '../orders';
import { maskPhone, toItalianE164 } from '../signature';
import { addressFields } from './address-fields';
import { createPremadeOrder } from './premade-order';
import type { PremadeOrderCreated } from './premade-order';

/*
 * A pre-made order from what staff typed: the CLI's `create-premade-order` and the console's form both
 * come here, so the two make the same order from the same input.
 */

export interface PreparePremadeInput {
  offerId: number;
  customerType: CustomerType;
  optionIds: readonly number[];
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Normalised Italian mobile number (3xxxxxxxxx). */
  phone?: string;
  /** The address chosen in the coverage search; its coverage is filled in as the coverage step would. */
  addressId?: string;
  /**
   * Instead of an address: the technology the operator states for an address the coverage data does not
   * know, why, and who states it (orders/coverage-override.ts). The caller audits it.
   */
  coverageOverride?: {
    technology: 'FTTH' | 'FTTC' | 'FWA'; reason: string; operator: string;
    /** The activation address as the operator typed it. */
    address: string; number: string; city: string; zip_code: string; province: string;
  };
  validDays: number;
  now: Date;
  numberPrefix?: string;
}

export interface PreparedPremade extends PremadeOrderCreated {
  /** `/attiva/fill-order/pre/<code>` */
  path: string;
  /** With the customer's data the order opens with a one-time code sent to this number. */
  needs_code: boolean;
  masked_phone: string | null;
}

export const premadePath = (code: string): string => `/attiva/fill-order/pre/${code}`;

/** The fields of the operator's override: the address they typed, and their statement of the line (orders/coverage-override.ts). */
function overrideFields(o: NonNullable<PreparePremadeInput['coverageOverride']>, now: Date): OrderFields {
  return {
    address: o.address, number: o.number, city: o.city, zip_code: o.zip_code, province: o.province,
    coverage_override: { technology: o.technology, reason: o.reason.trim(), operator: o.operator, at: now.toISOString() },
  };
}

/**
 * `alsoInTransaction` runs in the order's own transaction (the console's audit record): the order and
 * what records it commit together.
 */
export async function preparePremadeOrder(
  db: Db, input: PreparePremadeInput, alsoInTransaction?: (trx: Conn, created: PremadeOrderCreated) => Promise<void>,
): Promise<PreparedPremade> {
  const fields: OrderFields = {
    ...(input.firstName ? { first_name: input.firstName } : {}),
    ...(input.lastName ? { last_name: input.lastName } : {}),
    ...(input.email ? { email: input.email.toLowerCase() } : {}),
    ...(input.phone ? { mobile_phone_number: input.phone } : {}),
    ...(input.addressId ? await addressFields(db, input.addressId.trim(), input.customerType) : {}),
    ...(input.coverageOverride && !input.addressId ? overrideFields(input.coverageOverride, input.now) : {}),
  };
  const needsCode = holdsPersonalData(fields);
  // Personal data opens only with a code sent to the customer's mobile: without one nobody could open it.
  if (needsCode && !input.phone) {
    throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, {
      mobile_phone_number: 'Con i dati del cliente serve il cellulare: l’ordine si aprirà con un codice inviato a quel numero',
    });
  }
  const created = await db.transaction().execute(async (trx) => {
    const order = await createPremadeOrder(trx, {
      offerId: input.offerId, customerType: input.customerType, fields, optionIds: input.optionIds, now: input.now,
      expiresAt: new Date(input.now.getTime() + input.validDays * 86_400_000),
      ...(input.numberPrefix ? { numberPrefix: input.numberPrefix } : {}),
    });
    if (alsoInTransaction) await alsoInTransaction(trx, order);
    return order;
  });
  const e164 = input.phone ? toItalianE164(input.phone) : null;
  return {
    ...created, path: premadePath(created.code), needs_code: needsCode,
    masked_phone: needsCode && input.phone ? maskPhone(e164 ?? input.phone) : null,
  };
}
