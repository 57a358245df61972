import {
  ERROR_CODES, lineFactMismatches, lineFactsAt, lineFactsByOverride, lineFor, offerFitsLine, priceOrder, promoClusterOf, reconcileSelection, voiceLineFields,
} from '@checkout/contract';
import type { AddedOption, CustomerType, LineFacts, Offer, PricedOrder, Promo, RouterColour, SelectionContext, ServiceCoverage } from '@checkout/contract';
import type { Db } from '../../db';
import { AppError, MESSAGES } from '../../http/errors';
import { applicablePromo, getCatalogueOffer, loadCatalog, offerSoldInCluster } from '../catalog';
import { orderCoverageAt } from '../coverage';
import { COVERAGE_OVERRIDE_FIELD, coverageOverrideOf } from './coverage-override';
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

/** What pricing adds to the options: the facts of the line (coverage record or staff override), and the line itself. */
type StoredLine = { facts?: LineFacts; line?: ServiceCoverage | null };

/**
 * The order's fields as stored after pricing: the options and covers the rules accepted, and the voice
 * line, which is the offer page's choice (a voice plan among the options). Step 3 only says which number
 * to keep on it, so `voip_activation_request` follows the options and nothing else can bill a plan the
 * customer did not see activated, or activate one nobody pays for. The line's facts and the activation
 * address are the coverage record's (contract line-facts.ts), whatever the fields said.
 */
export function storedContent(fields: OrderFields, content: Pick<ReconciledContent, 'options' | 'additionalVariants'> & StoredLine): OrderFields {
  return setStoredContent({ ...fields }, content);
}

/** storedContent on fields the caller owns: set in place (the same keys, in the same order), not copied. */
export function setStoredContent(fields: OrderFields, content: Pick<ReconciledContent, 'options' | 'additionalVariants'> & StoredLine): OrderFields {
  const voice = content.options.some((o) => o.category === 'voip');
  fields.options = content.options;
  fields.additional_variants = content.additionalVariants;
  // Step 3's one answer (contract voice-line.ts): the number kept is the ported one, and only onto a voice plan.
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  const line = voiceLineFields({
    portability_phone: fields.portability_phone === true, portability_old_number: text(fields.portability_old_number),
    portability_operator: text(fields.portability_operator), portability_operator_name: text(fields.portability_operator_name),
    portability_migration_code: text(fields.portability_migration_code),
  }, voice);
  fields.voip_activation_request = line.voip_activation_request;
  fields.voip_old_phone_number = line.voip_old_phone_number;
  if (fields.portability_phone === true && !line.portability_phone) {
    fields.portability_phone = false;
    fields.telephone_request = line.telephone_request;
  }
  if (content.facts) {
    Object.assign(fields, content.facts);
    // A known address: the record decides, an earlier override no longer counts.
    if (content.line) delete fields[COVERAGE_OVERRIDE_FIELD];
  }
  return fields;
}

export interface PricedContent extends ReconciledContent {
  promo: Promo | null;
  priced: PricedOrder;
  /** The address's line the offer runs on (null: a pre-made order whose technology staff named, the address being unknown). */
  line: ServiceCoverage | null;
  /** What the order stores of its line and activation address (contract line-facts.ts). */
  facts: LineFacts;
}

const offerNotAtAddress = (): AppError =>
  invalid({ offer_id: 'Questa offerta non è disponibile al tuo indirizzo: torna alla verifica della copertura.' }, { offer_id: 'offer_not_at_address' });

const addressNotCovered = (id: string): AppError => invalid({
  id_egon_civico: id === ''
    ? "Manca l'indirizzo di attivazione: verifica la copertura del tuo indirizzo e scegli l'offerta da lì."
    : "Indirizzo non trovato nei dati di copertura: ripeti la verifica della copertura.",
}, { id_egon_civico: 'address_not_covered' });

/**
 * What the address allows this offer, from the coverage data (never from the order's copy of the
 * coverage result): a 422 on offer_id where the offer is not sold (outside its areas, contract
 * `offerSoldInArea`, or faster than the fibre line, `offerFitsLine`), else the line speed that caps the
 * speed upgrades and the facts the order stores. An address the coverage data does not know is refused
 * (422 on id_egon_civico), unless staff named the technology (coverage-override.ts): then the offer must
 * use that technology and be sold without an area limit, and no line speed caps the upgrades.
 */
async function lineContext(
  db: Db, offerId: number, customerType: CustomerType, fields: OrderFields,
): Promise<{ context: SelectionContext; line: ServiceCoverage | null; facts: LineFacts }> {
  const id = typeof fields.id_egon_civico === 'string' ? fields.id_egon_civico.trim() : '';
  const coverage = await orderCoverageAt(db, id);
  const offer = offerFor(offerId, customerType);
  if (coverage === null) {
    const override = coverageOverrideOf(fields);
    if (override === null) throw addressNotCovered(id);
    if (!offer.technologies.includes(override.technology) || !offerSoldInCluster(offer.id, null)) throw offerNotAtAddress();
    return { context: {}, line: null, facts: lineFactsByOverride(override.technology) };
  }
  if (!offerSoldInCluster(offer.id, coverage.openfiberCluster)) throw offerNotAtAddress();
  const line = lineFor(offer, coverage.services);
  if (!offerFitsLine(offer, line)) throw offerNotAtAddress();
  return { context: { lineSpeed: line?.max_download ?? null }, line, facts: lineFactsAt(coverage, line) };
}

/**
 * A request's own statement of the line or the activation address (`sent`: only what it sent) must be
 * the coverage record's: else a 422 naming each field that differs (rule `coverage_mismatch`).
 */
export function assertSentLineFacts(sent: Readonly<Record<string, unknown>>, content: Pick<PricedContent, 'facts'>): void {
  const problems = lineFactMismatches(sent, content.facts);
  if (Object.keys(problems).length > 0) {
    throw invalid(problems, Object.fromEntries(Object.keys(problems).map((f) => [f, 'coverage_mismatch'])));
  }
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
type Priced = Omit<PricedContent, 'promo' | 'line' | 'facts'>;
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
 * the order's customer type and its address's cluster (and it is for this offer), else none.
 */
export async function priceOrderContent(
  db: Db, offerId: number, customerType: CustomerType, fields: OrderFields, now: Date,
): Promise<PricedContent> {
  const { context, line, facts } = await lineContext(db, offerId, customerType, fields);
  const code = typeof fields.promo === 'string' ? fields.promo : undefined;
  if (!code?.trim()) return { ...keptReconcileAndPrice(offerId, customerType, fields, context), promo: null, line, facts };
  const content = reconcileOrderContent(offerId, customerType, fields, context);
  // The cluster a promo is judged by is the record's too.
  const promo = await applicablePromo(db, code, customerType, now, { cluster: promoClusterOf(facts) });
  return { ...content, promo, priced: priceOf(content, fields, promo), line, facts };
}
