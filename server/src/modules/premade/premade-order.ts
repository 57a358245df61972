import { randomBytes } from 'node:crypto';
import { ERROR_CODES } from '@checkout/contract';
import type { CustomerType } from '@checkout/contract';

import { AppError, MESSAGES } from '../../http/errors';
import { DEFAULT_NUMBER_PREFIX, newOrderHash, newOrderId, orderSearchColumns, parseWrittenFields, priceOrderContent, storedContent, toOrderRecord, unusedOrderNumber } from '../orders';
import type { Conn, OrderFields, OrderRecord } from '../orders';

/*
 * Pre-made orders (issue 5, docs/side-flows.md): an order prepared by staff, found by a short code the
 * customer types. The order itself is an ordinary order (same table, same steps); only the code and
 * the expiry are special.
 */

/** Crockford base32: no I, L, O, U, so a code read aloud or copied by hand is not ambiguous. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 10 characters × 5 bits = 50 random bits: typable, and with the rate limit far beyond guessing. */
export const PREMADE_CODE_LENGTH = 10;
export const PREMADE_VALID_DAYS = 30;
const CODE_SHAPE = /^[0-9A-Z]{6,20}$/;

export function newPremadeCode(): string {
  const bytes = randomBytes(PREMADE_CODE_LENGTH);
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  return Array.from(bytes, (b) => CROCKFORD[b % 32]).join('');
}

/** Case-insensitive, spaces and dashes ignored (`pre-2026-demo` = `PRE2026DEMO`); null when it cannot be a code. */
export function normalisePremadeCode(input: string): string | null {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

export interface PremadeOrderInput {
  offerId: number;
  customerType?: CustomerType;
  /** Form fields to prefill (first_name, email, address…). */
  fields: OrderFields;
  /** Option ids of the offer; prices come from the catalogue. */
  optionIds?: readonly number[];
  /** A fixed code (the demo seed); otherwise a random one. */
  code?: string;
  /** Default: created + 30 days. */
  expiresAt?: Date;
  now?: Date;
  /** The order number's letters (the brand's initials); default the demo brand's. */
  numberPrefix?: string;
}

export interface PremadeOrderCreated {
  id: string;
  hash: string;
  code: string;
  order_number: string;
  expires_at: string;
}

const invalid = (fields: Record<string, string>): AppError => new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, fields);

const isUniqueViolation = (err: unknown): boolean =>
  err instanceof Error && /unique|duplicate key/i.test(`${err.message} ${(err as { code?: string }).code ?? ''}`);

/** Creates a draft order with a pre-made code (a random code is retried on the rare collision). */
export async function createPremadeOrder(db: Conn, input: PremadeOrderInput): Promise<PremadeOrderCreated> {
  const now = input.now ?? new Date();
  const customerType = input.customerType ?? 'privato';
  // Staff are held to the same rules as the visitor (the customer signs what the rules allow): the address
  // must be known to the coverage data (or the fields carry staff's audited override), the offer sold there.
  const selected = { ...input.fields, options: (input.optionIds ?? []).map((id) => ({ id })) } as OrderFields;
  const content = await priceOrderContent(db, input.offerId, customerType, selected, now);
  const totals = content.priced.totals;
  const expiresAt = (input.expiresAt ?? new Date(now.getTime() + PREMADE_VALID_DAYS * 86_400_000)).toISOString();
  const fixed = input.code === undefined ? null : normalisePremadeCode(input.code);
  if (input.code !== undefined && !fixed) throw invalid({ code: 'Codice non valido: 6-20 lettere o cifre.' });
  const fields: OrderFields = storedContent({ ...input.fields, customer_type: customerType }, content);
  const iso = now.toISOString();
  for (let attempt = 0; ; attempt++) {
    const row = {
      id: newOrderId(),
      hash: newOrderHash(),
      status: 'draft',
      offer_id: input.offerId,
      customer_type: customerType,
      is_brand_customer: 0,
      referer_code: null,
      fields_json: JSON.stringify(fields),
      step_data_json: '{}',
      created_at: iso,
      updated_at: iso,
      premade_code: fixed ?? newPremadeCode(),
      expires_at: expiresAt,
      monthly_cents: totals.monthly,
      one_off_cents: totals.oneOff,
      order_number: await unusedOrderNumber(db, input.numberPrefix ?? DEFAULT_NUMBER_PREFIX, now),
    };
    try {
      await db.insertInto('orders').values({ ...row, ...orderSearchColumns(fields) }).execute();
      return { id: row.id, hash: row.hash, code: row.premade_code, order_number: row.order_number, expires_at: expiresAt };
    } catch (err) {
      if (fixed || attempt >= 4 || !isUniqueViolation(err)) throw err;
    }
  }
}

export interface PremadeOrderRecord extends OrderRecord {
  premade_code: string;
  expires_at: string | null;
}

/** The pre-made order of a code (any case, dashes ignored), or null. */
export async function findPremadeOrder(db: Conn, codeInput: string): Promise<PremadeOrderRecord | null> {
  const code = normalisePremadeCode(codeInput);
  if (!code) return null;
  const row = await db.selectFrom('orders').selectAll().where('premade_code', '=', code).executeTakeFirst();
  if (!row || row.premade_code === null) return null;
  // What the agent prepared is what the row names (premade-fields rules): no form defaults added.
  return { ...toOrderRecord(row), fields: parseWrittenFields(row.fields_json), premade_code: row.premade_code, expires_at: row.expires_at };
}
