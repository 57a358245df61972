import type { Offer, Promo } from '../schemas/offer';
import { formatEuro } from './format-euro';

/*
 * An offer's terms worded once: how long the customer is bound, the voucher contribution, what leaving
 * costs (moving to another operator apart from ceasing the service, AGCOM 487/18/CONS), what else is
 * owed when leaving before the commitment ends, and how long a promo lasts with the price after it.
 * The offer card, the summary box, the step-5 review, the signature page, the contract and the contract
 * summary all print these sentences, so none of them can say what another does not.
 */

export type OfferTermsSource = Pick<Offer, 'commitment_months' | 'exit_cost_migration' | 'exit_cost_cessation' | 'early_exit_charge' | 'voucher'>;

/** 'per 12 mesi', 'per 1 mese'; null (a promo for the contract's whole life): 'per sempre'. */
export const monthsWording = (months: number | null): string =>
  months === null ? 'per sempre' : `per ${months} ${months === 1 ? 'mese' : 'mesi'}`;

/** The commitment in one sentence: none, or how long, and that leaving stays possible meanwhile. */
export const commitmentWording = (offer: Pick<Offer, 'commitment_months'>): string =>
  offer.commitment_months === 0
    ? 'Senza vincolo di durata: contratto a tempo indeterminato, puoi recedere in ogni momento con preavviso di 30 giorni.'
    : `Vincolo di ${offer.commitment_months} mesi dall’attivazione: puoi comunque recedere in ogni momento con preavviso di 30 giorni, ` +
      `pagando quanto indicato per il recesso anticipato; dopo i ${offer.commitment_months} mesi il contratto prosegue a tempo indeterminato.`;

const costOrNone = (cents: number): string => (cents === 0 ? 'nessun costo' : formatEuro(cents));

/** What leaving costs, once: moving the line to another operator and ceasing the service, each stated. */
export const exitCostWording = (offer: Pick<Offer, 'exit_cost_migration' | 'exit_cost_cessation'>): string =>
  offer.exit_cost_migration === 0 && offer.exit_cost_cessation === 0
    ? 'Costi di uscita: nessuno, né per il passaggio ad altro operatore né per la cessazione del servizio.'
    : `Costi di uscita, una sola volta: passaggio ad altro operatore ${costOrNone(offer.exit_cost_migration)}; ` +
      `cessazione del servizio ${costOrNone(offer.exit_cost_cessation)}.`;

/** The voucher contribution: what it is worth in all and over how many months it is discounted from the fee. */
export const voucherWording = (voucher: NonNullable<Offer['voucher']>): string =>
  `Voucher: un contributo di ${formatEuro(voucher.contribution)} in tutto, scontato dal canone nei primi ${voucher.months} mesi.`;

/** The voucher's share of one month: the contribution spread evenly over its months, to the cent. */
export const voucherMonthlyShare = (voucher: NonNullable<Offer['voucher']>): number => Math.round(voucher.contribution / voucher.months);

/**
 * What leaving `monthsLeft` months before the commitment ends costs beyond the exit costs, in cents:
 * the voucher's share of the months left (never more than the contribution), or nothing.
 */
export function earlyExitCharge(offer: Pick<Offer, 'early_exit_charge' | 'voucher' | 'commitment_months'>, monthsLeft: number): number {
  if (offer.early_exit_charge !== 'voucher_share' || !offer.voucher) return 0;
  const left = Math.min(Math.max(0, monthsLeft), offer.commitment_months);
  return Math.min(offer.voucher.contribution, Math.round((offer.voucher.contribution * left) / offer.voucher.months));
}

/** What leaving before the commitment ends costs, in one sentence; null without a commitment. */
export function earlyExitWording(offer: OfferTermsSource): string | null {
  const n = offer.commitment_months;
  if (n === 0) return null;
  if (offer.early_exit_charge === 'voucher_share' && offer.voucher) {
    return `Recesso prima dei ${n} mesi: oltre ai costi di uscita restituisci la parte del contributo voucher dei mesi mancanti, ` +
      `${formatEuro(voucherMonthlyShare(offer.voucher))} per ogni mese che manca alla fine del vincolo (al massimo ${formatEuro(offer.voucher.contribution)}).`;
  }
  return `Recesso prima dei ${n} mesi: paghi solo i costi di uscita indicati, senza altre penali.`;
}

/**
 * Every term of the offer, in the order the contract and its summary print them: the commitment, the
 * voucher, the exit costs and, with a commitment, what leaving early costs.
 */
export const offerTermsWording = (offer: OfferTermsSource): string[] => [
  commitmentWording(offer),
  ...(offer.voucher ? [voucherWording(offer.voucher)] : []),
  exitCostWording(offer),
  ...[earlyExitWording(offer)].filter((s): s is string => s !== null),
];

/** What a promo does to one order: its discounts as applied (capped), how long the monthly one lasts, and the monthly total after it. */
export interface PromoTerms {
  code: string;
  /** Cents a month off, as applied (0: none). */
  monthlyDiscount: number;
  /** Cents off the one-off costs, as applied (0: none). */
  oneOffDiscount: number;
  /** Months the monthly discount lasts; null: for as long as the contract. */
  months: number | null;
  /** The monthly total once the discount ends: the order's total without it. */
  monthlyAfter: number;
}

/** The monthly discount's duration and what is paid after it: 'per 12 mesi, poi 26,90 €/mese', or 'per sempre'. */
export const promoDurationWording = (terms: Pick<PromoTerms, 'months' | 'monthlyAfter'>): string =>
  terms.months === null ? monthsWording(null) : `${monthsWording(terms.months)}, poi ${formatEuro(terms.monthlyAfter)}/mese`;

/** 'BLACKFRIDAY: -5,00 €/mese per 12 mesi, poi 26,90 €/mese; -39,90 € sull’attivazione'. */
export function promoTermsWording(terms: PromoTerms): string {
  const parts = [
    terms.monthlyDiscount > 0 ? `-${formatEuro(terms.monthlyDiscount)}/mese ${promoDurationWording(terms)}` : '',
    terms.oneOffDiscount > 0 ? `-${formatEuro(terms.oneOffDiscount)} sull’attivazione` : '',
  ].filter(Boolean);
  return `${terms.code}: ${parts.join('; ')}`;
}

/** A promo's own duration before any order (the banner): 'Sconto mensile per 12 mesi, poi il prezzo pieno.' */
export const promoDurationOnlyWording = (promo: Pick<Promo, 'recurrent_discount' | 'discount_months'>): string | null =>
  promo.recurrent_discount === 0
    ? null
    : promo.discount_months === null
      ? 'Sconto mensile per sempre, per tutta la durata del contratto.'
      : `Sconto mensile ${monthsWording(promo.discount_months)}, poi il prezzo pieno dell’offerta.`;
