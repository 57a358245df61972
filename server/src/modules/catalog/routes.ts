import { endpoints, ERROR_CODES } from '@checkout/contract';
import { AppError, MESSAGES } from '../../http/errors';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../index';
import { DEFAULT_CATALOG_FILE } from './catalog-file';
import { applicablePromo, getPromo, getPublicOffer, loadCatalog, offerNotFound } from './service';

export interface CatalogModuleOptions {
  /** Another catalogue file (tests). */
  file?: string;
  /** The clock promo validity is judged by (tests pin the demo "today"). */
  now?: () => Date;
}

/** `{offer_id}` is a path segment: only a positive integer names an offer. */
function parseOfferId(raw: string | undefined): number {
  if (raw === undefined || !/^[1-9]\d{0,9}$/.test(raw)) {
    throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { offer_id: 'Identificativo offerta non valido.' });
  }
  return Number(raw);
}

export function createCatalogModule(options: CatalogModuleOptions = {}): AppModule {
  const now = options.now ?? (() => new Date());
  return async (app, { db }) => {
    // Loaded while the module registers: a broken catalogue makes buildApp (and so the start) fail
    // with the file and the JSON path of the problem, instead of failing on the first visitor.
    const catalog = loadCatalog(options.file ?? DEFAULT_CATALOG_FILE);

    registerEndpoint(app, endpoints.getOffer, async ({ body, params }) => {
      const offerId = parseOfferId(params.offer_id);
      const offer = catalog.byId.get(offerId);
      if (!offer) throw offerNotFound();
      const promo = await applicablePromo(db, body.promo, offer.customer_type, now());
      return getPublicOffer(offerId, { customerType: body.customer_type, promo, catalog });
    });

    registerEndpoint(app, endpoints.getPromo, async ({ body }) =>
      getPromo(db, { promo_code: body.promo_code, customer_type: body.customer_type, cluster: body.cluster ?? null }, now()));
  };
}

export const catalogModule: AppModule = createCatalogModule();
