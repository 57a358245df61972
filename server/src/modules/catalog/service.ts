import { CATALOG_ERROR_CODES, ERROR_CODES, lineFor, normaliseCluster, offerFitsLine, offerSoldInArea, publicOptions, sortOptions } from '@checkout/contract';
import type { CustomerType, endpoints, Offer, Promo, ServiceCoverage, Technology } from '@checkout/contract';
import type { z } from 'zod';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { DEFAULT_CATALOG_FILE, readCatalogFile, toContractOffer } from './catalog-file';
import type { Catalog } from './catalog-file';
import { findPromoCode } from './promo-codes-repository';
import type { PromoCodeRow } from './promo-codes-repository';

const cache = new Map<string, Catalog>();

/** The validated catalogue (cached per file; a file that fails validation is not cached). Throws `CatalogError`. */
export function loadCatalog(file: string = DEFAULT_CATALOG_FILE): Catalog {
  let catalog = cache.get(file);
  if (!catalog) {
    catalog = readCatalogFile(file);
    cache.set(file, catalog);
  }
  return catalog;
}

export const offerNotFound = (): AppError => new AppError(ERROR_CODES.notFound, 404, 'Offerta non trovata');

export interface PublicOfferOptions {
  /** When given, an offer for the other customer type is refused. */
  customerType?: CustomerType | undefined;
  /** A promo already checked for this visitor: when it is tied to this offer, the offer shows the promo highlight. */
  promo?: Pick<Promo, 'offer_id'> | null | undefined;
  catalog?: Catalog;
}

/**
 * The offer as the public checkout sees it: `hidden_public` options left out (agents only), options
 * sorted by monthly then one-off cost (SPEC §9; the voice radios re-sort voip descending on the client).
 */
export function getPublicOffer(offerId: number, options: PublicOfferOptions = {}): Offer {
  const publicOffer = getCatalogueOffer(offerId, options);
  const highlights = options.promo?.offer_id === publicOffer.id && !publicOffer.highlights.includes('promo')
    ? [...publicOffer.highlights, 'promo' as const]
    : publicOffer.highlights;
  return { ...publicOffer, highlights, options: sortOptions(publicOptions(publicOffer.options)) };
}

/**
 * The offer with every option, agents-only ones included: what the option rules check an order
 * against (so an agents-only option is refused as such, and a pre-made order may hold one).
 */
export function getCatalogueOffer(offerId: number, options: Omit<PublicOfferOptions, 'promo'> = {}): Offer {
  const offer = (options.catalog ?? loadCatalog()).byId.get(offerId);
  if (!offer) throw offerNotFound();
  if (options.customerType && options.customerType !== offer.customer_type) {
    throw new AppError(
      CATALOG_ERROR_CODES.offerWrongCustomerType, 422,
      offer.customer_type === 'business' ? 'Questa offerta è riservata ai clienti business.' : 'Questa offerta è riservata ai clienti privati.',
    );
  }
  return toContractOffer(offer);
}

// Best network first: the coverage check suggests the fastest technology, so its offers lead.
const TECHNOLOGY_RANK: Record<Technology, number> = { FTTH: 0, FTTC: 1, FWA: 2 };

export { normaliseCluster };

export interface CoverageQuery {
  technologies: readonly Technology[];
  /** Omitted or null: offers of both customer types. */
  customerType?: CustomerType | null | undefined;
  /** The Open Fiber cluster of the building, when known. */
  cluster?: string | null | undefined;
  /** The address's services: when given, an offer faster than its fibre line is not sold (contract `offerFitsLine`). */
  services?: readonly ServiceCoverage[];
  catalog?: Catalog;
}

/**
 * Whether the catalogue sells this offer in the building's Open Fiber cluster (contract `offerSoldInArea`):
 * the coverage check lists only such offers, and every write of an order asks again. An unknown offer is
 * not refused here (the caller answers "offer not found").
 */
export function offerSoldInCluster(offerId: number, cluster: string | null, catalog: Catalog = loadCatalog()): boolean {
  const offer = catalog.offers.find((o) => o.id === offerId);
  return offer === undefined || offerSoldInArea(offer, cluster);
}

/**
 * Ids of the offers that can be sold with these technologies to this customer type, best first:
 * by the best technology the offer can use there (FTTH, FTTC, FWA), then by speed (Ultra 10G first).
 * `db` is part of the signature for coverage-dependent rules kept in the database later.
 */
export async function offersForCoverage(_db: Db, query: CoverageQuery): Promise<number[]> {
  const catalog = query.catalog ?? loadCatalog();
  const available = new Set(query.technologies);
  const cluster = normaliseCluster(query.cluster);
  const ranked: Array<{ id: number; rank: number; speed: number; index: number }> = [];
  catalog.offers.forEach((offer, index) => {
    if (query.customerType && offer.customer_type !== query.customerType) return;
    if (!offerSoldInArea(offer, cluster)) return;
    const ranks = offer.technologies.filter((t) => available.has(t)).map((t) => TECHNOLOGY_RANK[t]);
    if (ranks.length === 0) return;
    if (query.services && !offerFitsLine(offer, lineFor(offer, query.services))) return;
    ranked.push({ id: offer.id, rank: Math.min(...ranks), speed: offer.max_download_speed, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || b.speed - a.speed || a.index - b.index);
  return ranked.map((r) => r.id);
}

// Made once: building an Intl.DateTimeFormat costs about 100 µs, formatting with one about 1 µs.
const ITALIAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** `YYYY-MM-DD` of `now` on the Italian calendar (promo validity days are Italian days). */
export const italianDate = (now: Date): string => ITALIAN_DAY.format(now);

/** get-promo's request; an order's own check may have no cluster at all (null). */
export type PromoQuery = Omit<z.output<typeof endpoints.getPromo.request>, 'cluster'> & { cluster?: string | null | undefined };

const toPromo = (row: PromoCodeRow): Promo => ({
  code: row.code,
  description: row.description,
  offer_id: row.offer_id,
  recurrent_discount: row.recurrent_discount,
  cash_discount: row.cash_discount,
  discount_months: row.discount_months,
  valid_until: row.valid_until,
});

/** Why a known promo does not apply, or null when it does. */
export function promoProblem(
  row: PromoCodeRow, query: Omit<PromoQuery, 'promo_code'>, now: Date, { checkCluster = true }: { checkCluster?: boolean } = {},
): AppError | null {
  const today = italianDate(now);
  if (row.valid_from !== null && today < row.valid_from) {
    return new AppError(CATALOG_ERROR_CODES.promoNotYetValid, 422, 'Codice promozionale non ancora valido');
  }
  if (row.valid_until !== null && today > row.valid_until) return new AppError(CATALOG_ERROR_CODES.promoExpired, 422, 'Codice promozionale scaduto');
  if (row.customer_type !== query.customer_type) {
    return new AppError(
      CATALOG_ERROR_CODES.promoWrongCustomerType, 422,
      row.customer_type === 'business'
        ? 'Questo codice promozionale è riservato ai clienti business.'
        : 'Questo codice promozionale è riservato ai clienti privati.',
    );
  }
  if (checkCluster && row.clusters !== null) {
    const allowed = row.clusters.split(',').map((c) => normaliseCluster(c)).filter((c): c is string => c !== null);
    const cluster = normaliseCluster(query.cluster);
    if (cluster === null || !allowed.includes(cluster)) {
      return new AppError(CATALOG_ERROR_CODES.promoWrongCluster, 422, 'Questo codice promozionale non è valido per il tuo indirizzo.');
    }
  }
  return null;
}

/** A promo code for a customer type and cluster (SPEC §7 get-promo); `now` is injectable for tests. */
export async function getPromo(db: Db, query: PromoQuery, now: Date = new Date()): Promise<Promo> {
  const row = await findPromoCode(db, query.promo_code);
  if (!row) throw new AppError(CATALOG_ERROR_CODES.promoNotFound, 404, 'Codice promozionale non valido');
  const problem = promoProblem(row, query, now);
  if (problem) throw problem;
  return toPromo(row);
}

/**
 * The promo of the offer page's URL, or null when it does not apply: a stale or foreign code must not
 * break the offer page (get-promo is the call that explains why a code is refused).
 */
export async function applicablePromo(
  db: Db, code: string | undefined, customerType: CustomerType, now: Date, { cluster }: { cluster?: string | null } = {},
): Promise<Promo | null> {
  if (!code?.trim()) return null;
  const row = await findPromoCode(db, code);
  if (!row) return null;
  // The offer call has no cluster: cluster-limited codes are checked by get-promo only. An order has
  // its address's cluster, and is priced by exactly get-promo's rules.
  const problem = promoProblem(row, { customer_type: customerType, cluster: cluster ?? null }, now, { checkCluster: cluster !== undefined });
  return problem ? null : toPromo(row);
}
