import { ERROR_CODES, lineFor, offerFitsLine, priceOrder, promoClusterOf, reconcileSelection } from '@checkout/contract';
import type { AddedOption, CustomerType, Offer, PricedOrder, Promo, RouterColour, SelectionContext, ServiceCoverage } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { applicablePromo, getCatalogueOffer, loadCatalog, offerSoldInCluster } from '../catalog';
import { orderCoverageAt } from '../coverage';
import type { OrderFields } from './service';
import { fieldOrDefault } from './stored-fields';

/*
 * The server's side of "the browser proposes, the server decides": every write of an order runs the
 * contract's option rules on what it would store and prices it with the contract's one price
 * computation, from the catalogue and the promo as they are now.
 */

const invalid = (fields: Record<string, string>, rules: Record<string, string> = {}): AppError =>
  new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, fields, Object.keys(rules).length > 0 ? { rules } : {});

/**
 * The offer for this customer type with every option (agents-only ones are refused by the rules, not
 * by their absence), or a 422 on offer_id (a missing offer is the visitor's input, not a missing page).
 */
export function offerFor(offerId: number, customerType: CustomerType): Offer {
  try {
    return getCatalogueOffer(offerId, { customerType });
  } catch (err) {
    if (err instanceof AppError) throw invalid({ offer_id: err.code === ERROR_CODES.notFound ? 'Offerta non trovata.' : err.message });
    throw err;
  }
}

const idsOf = (raw: unknown): { id: number }[] =>
  (Array.isArray(raw) ? raw : [])
    .map((o: unknown) => (typeof o === 'object' && o !== null ? (o as { id?: unknown }).id : o))
    .filter((id): id is number => typeof id === 'number' && Number.isInteger(id))
    .map((id) => ({ id }));

/** The router's colour: the form's default where the fields name none (orders/new's body sends only what it sets). */
export function routerVariantOf(fields: OrderFields): string | undefined {
  const variant = fieldOrDefault(fields, 'routerVariant');
  return typeof variant === 'string' ? variant : undefined;
}

const stringsOf = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : []);

export interface ReconciledContent {
  offer: Offer;
  options: AddedOption[];
  additionalVariants: RouterColour[];
}

/**
 * The order's options and covers as the rules accept them (catalogue prices, SPEC §9 order), or the
 * 422 naming each offending option (`options.<id>`) or cover (`additional_variants.<colour>`) with
 * its Italian message, and the rule it broke in `error.rules`.
 */
export function reconcileOrderContent(
  offerId: number, customerType: CustomerType, fields: OrderFields, context: SelectionContext = {},
): ReconciledContent {
  const offer = offerFor(offerId, customerType);
  const result = reconcileSelection(offer, {
    options: idsOf(fields.options),
    additionalVariants: stringsOf(fields.additional_variants),
    routerVariant: routerVariantOf(fields),
  }, context);
  if (!result.ok) {
    const messages: Record<string, string> = {};
    const rules: Record<string, string> = {};
    for (const v of result.violations) {
      messages[v.field] ??= v.message;
      rules[v.field] ??= v.rule;
    }
    throw invalid(messages, rules);
  }
  return { offer, options: result.selection.options, additionalVariants: result.selection.additionalVariants };
}

/**
 * The order's fields as stored after pricing: the options and covers the rules accepted, and the voice
 * line, which is the offer page's choice (a voice plan among the options). Step 3 only says which number
 * to keep on it, so `voip_activation_request` follows the options and nothing else can bill a plan the
 * customer did not see activated, or activate one nobody pays for.
 */
export function storedContent(fields: OrderFields, content: Pick<ReconciledContent, 'options' | 'additionalVariants'>): OrderFields {
  return setStoredContent({ ...fields }, content);
}

/** storedContent on fields the caller owns: set in place (the same keys, in the same order), not copied. */
export function setStoredContent(fields: OrderFields, content: Pick<ReconciledContent, 'options' | 'additionalVariants'>): OrderFields {
  const voice = content.options.some((o) => o.category === 'voip');
  fields.options = content.options;
  fields.additional_variants = content.additionalVariants;
  fields.voip_activation_request = voice;
  fields.voip_old_phone_number = voice && typeof fields.voip_old_phone_number === 'string' ? fields.voip_old_phone_number : '';
  return fields;
}

export interface PricedContent extends ReconciledContent {
  promo: Promo | null;
  priced: PricedOrder;
  /** The address's line the offer runs on (null: an address the coverage data does not know). */
  line: ServiceCoverage | null;
}

const offerNotAtAddress = (): AppError =>
  invalid({ offer_id: 'Questa offerta non è disponibile al tuo indirizzo: torna alla verifica della copertura.' }, { offer_id: 'offer_not_at_address' });

/**
 * What the address allows this offer, from the coverage data (never from the order's copy of the
 * coverage result): a 422 on offer_id where the offer is not sold (outside its areas, contract
 * `offerSoldInArea`, or faster than the fibre line, `offerFitsLine`), else the line speed that caps the
 * speed upgrades. An address the coverage data does not know (a pre-made order) limits nothing.
 */
async function lineContext(
  db: Db, offerId: number, customerType: CustomerType, fields: OrderFields,
): Promise<{ context: SelectionContext; line: ServiceCoverage | null }> {
  const coverage = await orderCoverageAt(db, typeof fields.id_egon_civico === 'string' ? fields.id_egon_civico : '');
  if (coverage === null) return { context: {}, line: null };
  const offer = offerFor(offerId, customerType);
  if (!offerSoldInCluster(offer.id, coverage.openfiberCluster)) throw offerNotAtAddress();
  const line = lineFor(offer, coverage.services);
  if (!offerFitsLine(offer, line)) throw offerNotAtAddress();
  return { context: { lineSpeed: line?.max_download ?? null }, line };
}

/*
 * The catalogue does not change while the process runs (loadCatalog keeps the one it read), and the option
 * rules and the price computation are pure: without a promo code, the reconciled selection and its price
 * depend only on the offer, the customer type, the chosen option ids, covers and router colour, and the
 * selection context (the line's speed, the hidden options a pre-made order may hold). Those are the key under which the result is kept, per catalogue object, so the server
 * still prices every write from the catalogue, once per distinct content. A refused selection (422) is
 * not kept; a code's promo (the database and the date decide it) is never looked up here. The kept
 * results are shared between requests, hence frozen.
 */
type Priced = Omit<PricedContent, 'promo' | 'line'>;
const PRICED_KEPT_MAX = 1_000;
const pricedByCatalogue = new WeakMap<object, Map<string, Priced>>();

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

const priceOf = (content: ReconciledContent, fields: OrderFields, promo: Promo | null): PricedOrder => priceOrder(content.offer, {
  options: content.options,
  additionalVariants: content.additionalVariants,
  routerVariant: routerVariantOf(fields),
}, { promo });

function keptReconcileAndPrice(offerId: number, customerType: CustomerType, fields: OrderFields, context: SelectionContext): Priced {
  const catalogue = loadCatalog();
  let kept = pricedByCatalogue.get(catalogue);
  if (!kept) pricedByCatalogue.set(catalogue, (kept = new Map()));
  const key = JSON.stringify([
    offerId, customerType, context.lineSpeed ?? null, [...(context.allowHidden ?? [])].sort((a, b) => a - b), idsOf(fields.options).map((o) => o.id), stringsOf(fields.additional_variants),
    routerVariantOf(fields) ?? null,
  ]);
  let result = kept.get(key);
  if (!result) {
    const content = reconcileOrderContent(offerId, customerType, fields, context);
    result = deepFreeze({ ...content, priced: priceOf(content, fields, null) });
    // Bounded: a flood of distinct selections empties it rather than growing it.
    if (kept.size >= PRICED_KEPT_MAX) kept.clear();
    kept.set(key, result);
  }
  return result;
}

/**
 * Reconciles and prices: the promo is the order's `promo` field when get-promo would accept it today for
 * the order's customer type and cluster (and it is for this offer), else none.
 */
export async function priceOrderContent(
  db: Db, offerId: number, customerType: CustomerType, fields: OrderFields, now: Date,
): Promise<PricedContent> {
  const { context, line } = await lineContext(db, offerId, customerType, fields);
  const code = typeof fields.promo === 'string' ? fields.promo : undefined;
  if (!code?.trim()) return { ...keptReconcileAndPrice(offerId, customerType, fields, context), promo: null, line };
  const content = reconcileOrderContent(offerId, customerType, fields, context);
  const promo = await applicablePromo(db, code, customerType, now, { cluster: promoClusterOf(fields) });
  return { ...content, promo, priced: priceOf(content, fields, promo), line };
}
