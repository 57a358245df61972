import { offerTermsWording, type OfferTermsSource } from '@checkout/contract';
import type { ContractPdfData } from './contract-pdf';
import { DEVICE_INSTALMENTS_ON_EXIT, type SummaryFacts } from './summary-pdf';

/** The sample offer's terms, as the catalogue states Fibra Viva Casa 1 Giga's: worded by the contract's rules, as the app words them. */
export const sampleTerms: OfferTermsSource = {
  commitment_months: 0, exit_cost_migration: 1990, exit_cost_cessation: 1990, early_exit_charge: 'none', voucher: null,
};

/** A consumer's FTTC order, as the summary and seal tests render it. */
export const dataOf = (overrides: Partial<ContractPdfData> = {}): ContractPdfData => ({
  brandName: 'Fibra Viva',
  accentColour: '#0b5ed7',
  orderCode: 'FV-2026-K7M4Q9',
  documentDate: new Date('2026-03-01T09:00:00.000Z'),
  customerType: 'privato',
  customer: [['Nome e cognome', 'Mario Rossi']],
  activationAddress: 'Via Roma 1, 00185 Roma (RM)',
  shippingAddress: 'Via Roma 1, 00185 Roma (RM)',
  portability: [],
  technology: 'FTTC',
  offer: { name: 'Fibra Viva Casa 1 Giga', monthly: 2690, oneOff: 3990 },
  options: [
    { name: 'Modem Fibra Viva Wi-Fi 6 (colore: Blu)', monthly: 0, oneOff: 0 },
    { name: 'Voce Illimitata Family', monthly: 500, oneOff: 0 },
  ],
  totals: { monthly: 3190, oneOff: 3990 },
  terms: offerTermsWording(sampleTerms),
  promo: null,
  sepa: {
    reference: 'FV-ABCD-20260301', creditorId: 'IT00ZZZ0000000000000000', creditorName: 'Fibra Viva S.p.A.', creditorAddress: 'Via Nazionale 10, 00184 Roma (RM)',
    scheme: 'CORE', debtorName: 'Mario Rossi', debtorTaxCode: 'RSSMRA80A01H501U', iban: 'IT60X0542811101000000123456', paymentType: 'ricorrente',
  },
  ...overrides,
});

export const facts: SummaryFacts = {
  technologyWording: 'fibra misto rame (FTTC)',
  speeds: [
    ['Download all\'indirizzo', 'minima 20 Mbit/s · normalmente disponibile 75 Mbit/s · massima 100 Mbit/s'],
    ['Upload all\'indirizzo', 'minima 2 Mbit/s · normalmente disponibile 16 Mbit/s · massima 20 Mbit/s'],
  ],
  router: 'Incluso nel canone, in comodato d’uso gratuito: nessuna rata e nessun riscatto; alla cessazione va restituito.',
  duration: [...offerTermsWording(sampleTerms), DEVICE_INSTALMENTS_ON_EXIT],
  providerContact: 'Fibra Viva S.p.A., Via Nazionale 10, 00184 Roma (RM)',
  infoUrl: 'https://www.fibraviva.example/legal',
};


export const data: ContractPdfData = dataOf();
