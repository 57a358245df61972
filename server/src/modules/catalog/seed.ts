import type { Promo } from '@checkout/contract';
import type { Db } from '../../db/create-db';
import { countPromoCodes, insertPromoCodes } from './promo-codes-repository';
import type { NewPromoCode } from './promo-codes-repository';

/**
 * Demo promo codes (DESIGN §3). The demo "today" is 2026-11-21: BLACKFRIDAY, XMAS26, BUSINESS10 and
 * CLUSTERC are valid then, SCADUTO has expired. Offer ids refer to catalog.json. Each states how long
 * its monthly discount lasts: BLACKFRIDAY and BUSINESS10 12 months, CLUSTERC for as long as the
 * contract (null, "per sempre"); XMAS26 takes off the activation only.
 */
export const DEMO_PROMO_CODES: ReadonlyArray<NewPromoCode & Pick<Promo, 'discount_months'>> = [
  {
    code: 'BLACKFRIDAY', description: 'Black Friday: 5 € di sconto al mese e attivazione gratuita su Fibra Viva Casa 1 Giga',
    offer_id: 101, customer_type: 'privato', clusters: null, recurrent_discount: 500, cash_discount: 3990, discount_months: 12,
    valid_from: '2026-11-01', valid_until: '2026-12-01',
  },
  {
    code: 'XMAS26', description: 'Natale 2026: attivazione gratuita su tutte le offerte casa',
    offer_id: null, customer_type: 'privato', clusters: null, recurrent_discount: 0, cash_discount: 3990, discount_months: null,
    valid_from: '2026-11-15', valid_until: '2027-01-06',
  },
  {
    code: 'BUSINESS10', description: 'Per le aziende: 10 € di sconto al mese su Fibra Viva Business',
    offer_id: 201, customer_type: 'business', clusters: null, recurrent_discount: 1000, cash_discount: 0, discount_months: 12,
    valid_from: null, valid_until: null,
  },
  {
    code: 'CLUSTERC', description: 'Nuove aree in fibra: 3 € di sconto al mese nei cluster C e D',
    offer_id: null, customer_type: 'privato', clusters: 'C,D', recurrent_discount: 300, cash_discount: 0, discount_months: null,
    valid_from: null, valid_until: null,
  },
  {
    code: 'SCADUTO', description: 'Promozione estate 2025 (scaduta)',
    offer_id: null, customer_type: 'privato', clusters: null, recurrent_discount: 500, cash_discount: 0, discount_months: 6,
    valid_from: '2025-06-01', valid_until: '2025-09-30',
  },
];

/** Seeds the demo promo codes into an empty table; a table with codes in it is left alone. */
export async function seedPromoCodes(db: Db): Promise<void> {
  if ((await countPromoCodes(db)) > 0) return;
  await insertPromoCodes(db, DEMO_PROMO_CODES);
}
