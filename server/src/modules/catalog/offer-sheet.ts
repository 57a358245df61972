import {
  chosenRouter, offerTermsWording, priceLineLabel, priceOrder, routerCostWording, speedFiguresWording, speedsAt,
  technologyWording, type Offer, type ServiceCoverage,
} from '@checkout/contract';
import type { Config } from '../../config';
import { DEVICE_INSTALMENTS_ON_EXIT, renderContractSummaryPdf } from '../../infra/pdf/summary-pdf';

export type OfferSheetConfig = Pick<Config, 'brandName' | 'brandColour' | 'sepaCreditorName' | 'sepaCreditorAddress' | 'legalPagesUrl'>;

/**
 * The offer's own contract summary (the "scheda" its card links): the same template and wording as an
 * order's summary, with the catalogue's declared figures for one technology instead of an address's,
 * and the offer as sold with nothing added. An order's summary, made at signing, replaces it.
 */
export function renderOfferSheet(offer: Offer, technology: ServiceCoverage['technology'], config: OfferSheetConfig, date: Date): Promise<Buffer> {
  const priced = priceOrder(offer, { options: [], additionalVariants: [] });
  const [offerLine, ...optionLines] = priced.lines.map((l) => ({ name: priceLineLabel(l), monthly: l.monthly, oneOff: l.oneOff }));
  // No address yet: nothing caps the declared figures.
  const speeds = speedsAt(offer, { technology, max_download: 0, max_upload: 0 });
  const router = chosenRouter(offer.options, []);
  return renderContractSummaryPdf(
    {
      brandName: config.brandName, accentColour: config.brandColour, orderCode: null, documentDate: date, customerType: offer.customer_type,
      activationAddress: '', offer: offerLine!, options: optionLines, totals: priced.totals, promo: null,
    },
    {
      technologyWording: technologyWording(technology),
      speeds: speeds
        ? [['Download', speedFiguresWording(speeds.download)], ['Upload', speedFiguresWording(speeds.upload)]]
        : [],
      router: router ? routerCostWording(router) : null,
      duration: [...offerTermsWording(offer), DEVICE_INSTALMENTS_ON_EXIT],
      providerContact: `${config.sepaCreditorName}, ${config.sepaCreditorAddress}`,
      infoUrl: config.legalPagesUrl,
    },
  );
}
