import { endpoints, ERROR_CODES } from '@checkout/contract';
import { AppError, MESSAGES } from '../../http/errors';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../app-module';
import { DEFAULT_CATALOG_FILE, toContractOffer } from './catalog-file';
import { renderOfferSheet } from './offer-sheet';
import { applicablePromo, getPromo, getPublicOffer, loadCatalog, offerNotFound } from './service';

export interface CatalogModuleOptions {
  /** Another catalogue file (tests). */
  file?: string;
  /** The clock promo validity is judged by (tests pin the demo "today"). */
  now?: () => Date;
}

/** `{offer_id}` is a path segment: only a positive integer names an offer. */
function parseOfferId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw)) {
    throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { offer_id: 'Identificativo offerta non valido.' });
  }
  return Number(raw);
}

export function createCatalogModule(options: CatalogModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db, config } = deps;
    const now = options.now ?? deps.now;
    // Loaded while the module registers: a broken catalogue makes buildApp (and so the start) fail
    // with the file and the JSON path of the problem, instead of failing on the first visitor.
    const catalog = loadCatalog(options.file ?? DEFAULT_CATALOG_FILE);

    registerEndpoint(app, endpoints.getOffer, async ({ body, params }) => {
      const offerId = parseOfferId(params.offer_id);
      const offer = catalog.byId.get(offerId);
      if (!offer) throw offerNotFound();
      const promo = await applicablePromo(db, body.promo, offer.customer_type, now());
      return getPublicOffer(offerId, { customerType: body.customer_type, promo, catalog });
    }, {
      // The catalogue is loaded once, so without a promo code the answer depends on the offer and the
      // customer type alone (an unknown offer throws, and refusals are never kept). A promo code's answer
      // depends on the database and the day: never kept.
      answerCache: { key: (body, params) => (body.promo?.trim() ? undefined : `${params.offer_id}\u0000${body.customer_type ?? ''}`), size: 500 },
    });

    // A plain GET so the offer page can link it: the offer's contract summary for one of its technologies.
    app.get<{ Params: { offer_id: string }; Querystring: { technology?: string } }>('/api/offers/:offer_id/summary.pdf', async (req, reply) => {
      const offer = catalog.byId.get(parseOfferId(req.params.offer_id));
      if (!offer) throw offerNotFound();
      const technology = req.query.technology ?? offer.technologies[0];
      const sold = offer.technologies.find((t) => t === technology);
      if (!sold) {
        throw new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { technology: `L'offerta usa ${offer.technologies.join(', ')}.` });
      }
      const pdf = await renderOfferSheet(toContractOffer(offer), sold, config, now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="sintesi-contrattuale-offerta-${offer.id}-${sold.toLowerCase()}.pdf"`)
        .header('cache-control', 'public, max-age=300')
        .send(pdf);
    });

    registerEndpoint(app, endpoints.getPromo, async ({ body }) =>
      getPromo(db, { promo_code: body.promo_code, customer_type: body.customer_type, cluster: body.cluster ?? null }, now()));
  };
}

export const catalogModule: AppModule = createCatalogModule();
