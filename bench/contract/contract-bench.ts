import { formFieldsSchema, orderWriteSchema, priceOrder, ROUTER_COLOURS, routerTakesColours } from '@checkout/contract';
import type { Promo } from '@checkout/contract';
import { renderContractPdf } from '../../server/src/infra/pdf/contract-pdf';
import { getPublicOffer } from '../../server/src/modules/catalog/service';
import { newOrderHash, newOrderId } from '../../server/src/modules/orders/order-hash';
import { reconcileOrderContent } from '../../server/src/modules/orders/order-pricing';
import { buildContractData } from '../../server/src/modules/signature/contract-data';
import type { ContractInputs } from '../../server/src/modules/signature/contract-data';
import type { BenchRow } from '../lib/report';
import { percentile, round, sortNumbers } from '../lib/stats';

/*
 * The contract PDF of the largest order the API accepts: every string field of the form at its schema
 * maximum (read from formFieldsSchema, so the measure follows the bounds when they change), a business
 * customer (the longest list of rows), a separate shipping address, as many options and router covers of
 * the offer with the most options as the selection rules accept, and a promo on both prices. The PDF is
 * rendered while the visitor waits (contract preview, signature), so it has to stay well under a second:
 * met when p99 < 500 ms. Order → data → PDF is timed, as the request pays for both.
 */

export const CONTRACT_P99_BUDGET_MS = 500;
/** The business offer with the most options in the catalogue (the longest price table). */
const OFFER_ID = 201;

type Schema = { _zod: { def: { type: string; innerType?: Schema } } };

/** The string under `.default()`/`.optional()`/`.nullable()`, or null for anything else. */
function stringSchema(schema: Schema): (Schema & { maxLength?: number | null }) | null {
  let s = schema;
  while (['default', 'prefault', 'optional', 'nullable'].includes(s._zod.def.type) && s._zod.def.innerType) s = s._zod.def.innerType;
  return s._zod.def.type === 'string' ? s : null;
}

/**
 * `n` characters without a space: wide capitals and accented letters, so the PDF has to break words
 * character by character and measure the widest glyphs (the worst case of text layout).
 */
const filler = (n: number): string => 'WMÀÈQÙ'.repeat(Math.ceil(n / 6)).slice(0, n);

const accepted = (fields: Record<string, unknown>): boolean => {
  try {
    reconcileOrderContent(OFFER_ID, 'business', fields);
    return true;
  } catch {
    return false;
  }
};

/** Every string field of the form at its maximum; enums and colours at their longest allowed value. */
export function maximalOrderFields(): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(formFieldsSchema.shape as unknown as Record<string, Schema>)) {
    const max = stringSchema(field)?.maxLength;
    if (typeof max === 'number') fields[key] = filler(max);
  }
  const longest = (values: readonly string[]) => values.reduce((a, b) => (b.length > a.length ? b : a));
  Object.assign(fields, {
    // Only a colour of the palette is accepted, whatever the length bound.
    routerVariant: longest(ROUTER_COLOURS),
    technology: 'FTTH',
    sex: 'M',
    customer_type: 'business',
    shipping_same_as_activation: false,
    options: [],
    additional_variants: [],
  });
  // Options, then covers, one at a time: each is kept when the server's selection rules still accept the order.
  // A router that takes covers goes first, or no cover would be accepted.
  const candidates = getPublicOffer(OFFER_ID).options.filter((x) => !x.included && !x.hidden_public);
  const coverless = (o: (typeof candidates)[number]) => (o.category === 'router' && !routerTakesColours(o) ? 1 : 0);
  for (const o of [...candidates].sort((a, b) => coverless(a) - coverless(b))) {
    const options = [...(fields.options as object[]), { id: o.id, category: o.category, recurrent_cost: o.recurrent_cost, cash_amount: o.cash_amount }];
    if (accepted({ ...fields, options })) fields.options = options;
  }
  for (const colour of ROUTER_COLOURS) {
    const covers = [...(fields.additional_variants as string[]), colour];
    if (accepted({ ...fields, additional_variants: covers })) fields.additional_variants = covers;
  }
  // The order must be one orders/new would take: a field over its bound would measure an impossible order.
  const parsed = orderWriteSchema.safeParse({ ...fields, offer_id: OFFER_ID });
  if (!parsed.success) throw new Error(`orders/new would refuse the maximal order: ${parsed.error.message}`);
  return fields;
}

export interface ContractBenchOptions { renders: number; log: (line: string) => void }

export async function runContractBench({ renders, log }: ContractBenchOptions): Promise<BenchRow[]> {
  const fields = maximalOrderFields();
  const order: ContractInputs['order'] = {
    id: newOrderId(), hash: newOrderHash(), status: 'ready_to_sign', offer_id: OFFER_ID, fields, customer_type: 'business',
    is_brand_customer: false, referer_code: null, created_at: new Date('2026-01-15T10:00:00.000Z').toISOString(), signing_locked_until: null,
    order_number: 'FV-2026-K7M4Q9', premade: false,
  };
  // What orders' priceOrderContent computes, with a promo (its code at the field's maximum) that discounts both totals.
  const content = reconcileOrderContent(OFFER_ID, 'business', fields);
  const promo: Promo = { code: String(fields.promo), description: filler(200), offer_id: null, recurrent_discount: 500, cash_discount: 500, discount_months: 12, valid_until: null };
  const priced = priceOrder(content.offer, { options: content.options, additionalVariants: content.additionalVariants, routerVariant: String(fields.routerVariant) }, { promo });
  const config = { brandName: 'Fibra Viva', brandColour: '#0b5ed7', sepaCreditorId: 'IT00ZZZ0000000000000000', sepaCreditorName: 'Fibra Viva S.p.A.', sepaCreditorAddress: 'Via Nazionale 10, 00184 Roma (RM)' };
  // What the signature service does for a preview: order → data → PDF.
  const once = async (): Promise<{ ms: number; bytes: number; pages: number }> => {
    const started = performance.now();
    const pdf = await renderContractPdf(buildContractData({ order, priced, offer: content.offer, mobile: filler(20), config }));
    const ms = performance.now() - started;
    // pdfkit writes no object streams: the page objects can be counted in the bytes.
    return { ms, bytes: pdf.length, pages: pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0 };
  };

  for (let i = 0; i < 3; i++) await once(); // warm-up: fonts, JIT
  const times: number[] = [];
  let bytes = 0;
  let pages = 0;
  for (let i = 0; i < renders; i++) {
    const r = await once();
    times.push(r.ms);
    bytes = r.bytes;
    pages = r.pages;
  }
  const sorted = sortNumbers(times);
  const median = round(percentile(sorted, 50), 1);
  const p99 = round(percentile(sorted, 99), 1);
  const longestField = Math.max(...Object.values(fields).map((v) => (typeof v === 'string' ? v.length : 0)));
  log(`contract render, maximal order: ${renders} renders, median ${median} ms, p99 ${p99} ms, ${pages} pages, ${Math.round(bytes / 1024)} KB`);
  return [{
    part: 'contract',
    name: 'contract render, maximal order',
    target: `p99 < ${CONTRACT_P99_BUDGET_MS} ms`,
    measured: `median ${median} ms, p99 ${p99} ms (${renders} renders)`,
    met: p99 < CONTRACT_P99_BUDGET_MS,
    data: {
      renders, medianMs: median, p99Ms: p99, minMs: round(sorted[0] ?? Number.NaN, 1), maxMs: round(sorted[sorted.length - 1] ?? Number.NaN, 1),
      pdfBytes: bytes, pages, stringFields: Object.values(fields).filter((v) => typeof v === 'string').length, longestFieldChars: longestField,
      priceLines: priced.lines.length,
    },
  }];
}
