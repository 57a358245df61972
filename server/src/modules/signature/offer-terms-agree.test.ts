import { beforeAll, expect, it } from 'vitest';
import { formatEuro, priceOrder, promoAppliesTo, type Offer, type Promo } from '@checkout/contract';
import type { Db } from '../../db';
import { renderContractPdf } from '../../infra/pdf/contract-pdf';
import { pdfText } from '../../infra/pdf/pdf-text';
import { renderContractSummaryPdf } from '../../infra/pdf/summary-pdf';
import { describeEachDialect } from '../../../test/support/dialects';
import { applicablePromo, getCatalogueOffer, loadCatalog, seedPromoCodes } from '../catalog';
import type { OrderForSignature } from '../orders';
import { buildContractData, buildSummaryFacts } from './contract-data';

/*
 * The contract and its summary say the same terms, and only true ones: for every offer of the shipped
 * catalogue, with each demo promo that applies to it and without one, both documents state the
 * catalogue's commitment, both exit costs and the amounts, and a promo's months with the price after them.
 * The expected figures are read from the catalogue and the seed, not from the wording functions.
 */

/** The demo "today": the seed's codes are valid then (SCADUTO is not). */
const NOW = new Date('2026-11-21T10:00:00Z');
const DEMO_CODES = ['BLACKFRIDAY', 'XMAS26', 'BUSINESS10', 'CLUSTERC'];

const config = {
  brandName: 'Fibra Viva', brandColour: '#0b5ed7', sepaCreditorId: 'IT00ZZZ0000000000000000', sepaCreditorName: 'Fibra Viva S.p.A.',
  sepaCreditorAddress: 'Via Nazionale 10, 00184 Roma (RM)', legalPagesUrl: 'https://www.fibraviva.example/legal',
};

const orderFor = (offer: Offer): OrderForSignature => ({
  id: `order-${offer.id}`, hash: 'h', status: 'ready_to_sign', offer_id: offer.id, customer_type: offer.customer_type, is_brand_customer: false,
  referer_code: null, created_at: '2026-11-21T10:00:00.000Z', signing_locked_until: null, order_number: 'FV-2026-K7M4Q9', premade: false,
  fields: { first_name: 'Mario', last_name: 'Rossi', technology: offer.technologies[0], address: 'Via Roma', number: '1', zip_code: '00185', city: 'Roma', province: 'RM', iban: 'IT60X0542811101000000123456' },
});

/** One line, spaces as spaces: a sentence the PDF wrapped reads whole again. */
const flat = (text: string): string => text.replace(/[\s\u00a0]+/g, ' ');

async function documentsOf(offer: Offer, promo: Promo | null): Promise<{ contract: string; summary: string; priced: ReturnType<typeof priceOrder> }> {
  const order = orderFor(offer);
  const priced = priceOrder(offer, { options: [], additionalVariants: [] }, { promo });
  const data = buildContractData({ order, priced, offer, mobile: '3331234567', config });
  const facts = buildSummaryFacts({ order, content: { offer, options: [], line: null }, config });
  const [contract, summary] = await Promise.all([
    renderContractPdf(data, { compress: false }).then(pdfText),
    renderContractSummaryPdf(data, facts, { compress: false }).then(pdfText),
  ]);
  return { contract: flat(contract), summary: flat(summary), priced };
}

describeEachDialect('the contract and its summary state the offer\'s terms alike', (dialect) => {
  let db: Db;
  const promos = new Map<string, Promo>();
  beforeAll(async () => {
    db = (await dialect.createDb()).db;
    await seedPromoCodes(db);
    for (const code of DEMO_CODES) {
      // Through the repository and the migration's column, as get-promo and the order's pricing read a code.
      for (const type of ['privato', 'business'] as const) {
        const promo = await applicablePromo(db, code, type, NOW);
        if (promo) promos.set(`${code} ${type}`, promo);
      }
    }
  });

  it('reads every demo code with its duration', () => {
    expect([...promos.keys()].sort()).toEqual(['BLACKFRIDAY privato', 'BUSINESS10 business', 'CLUSTERC privato', 'XMAS26 privato']);
    expect(promos.get('BLACKFRIDAY privato')?.discount_months).toBe(12);
    expect(promos.get('CLUSTERC privato')?.discount_months).toBeNull();
  });

  const offers = loadCatalog().offers.map((o) => o.id);
  it.each(offers)('offer %i: commitment, both exit costs and what leaving early costs, in both documents', async (id) => {
    const offer = getCatalogueOffer(id);
    const { contract, summary } = await documentsOf(offer, null);
    for (const [name, text] of [['contract', contract], ['summary', summary]] as const) {
      const label = `${name} of offer ${id}`;
      if (offer.commitment_months > 0) {
        expect(text, label).toContain(`Vincolo di ${offer.commitment_months} mesi`);
        expect(text, label).toContain(`Recesso prima dei ${offer.commitment_months} mesi`);
        // No sentence may still promise an open-ended contract, or leaving at any time with nothing owed.
        expect(text, label).not.toMatch(/senza vincolo/i);
        expect(text, label).not.toMatch(/preavviso di 30 giorni, senza penali/);
      } else {
        expect(text, label).toContain('Senza vincolo di durata');
        expect(text, label).not.toMatch(/Vincolo di \d+ mesi/);
      }
      expect(text, label).toContain(flat(`passaggio ad altro operatore ${formatEuro(offer.exit_cost_migration)}`));
      expect(text, label).toContain(flat(`cessazione del servizio ${formatEuro(offer.exit_cost_cessation)}`));
      if (offer.voucher) {
        expect(text, label).toContain(flat(`un contributo di ${formatEuro(offer.voucher.contribution)} in tutto`));
        expect(text, label).toContain(`nei primi ${offer.voucher.months} mesi`);
      }
    }
  });

  it('the voucher offer: 24 months, the 500 € contribution and the share of it owed for each month left', async () => {
    const voucher = loadCatalog().offers.find((o) => o.voucher !== null)!;
    const { contract, summary } = await documentsOf(getCatalogueOffer(voucher.id), null);
    for (const text of [contract, summary]) {
      expect(text).toContain('Vincolo di 24 mesi');
      expect(text).toContain('un contributo di 500,00 € in tutto');
      // 500 € over 24 months: 20,83 € for each month left, never more than the contribution.
      expect(text).toContain('restituisci la parte del contributo voucher dei mesi mancanti, 20,83 € per ogni mese che manca alla fine del vincolo (al massimo 500,00 €)');
    }
  });

  it.each(offers)('offer %i with each demo promo that applies: its months and the monthly price after them, in both documents', async (id) => {
    const offer = getCatalogueOffer(id);
    // The price after the promo is the order's monthly total without it: the offer and what it includes.
    const full = offer.recurrent_cost + offer.options.filter((o) => o.included).reduce((sum, o) => sum + o.recurrent_cost, 0);
    for (const code of DEMO_CODES) {
      const promo = promos.get(`${code} ${offer.customer_type}`);
      if (!promo || !promoAppliesTo(promo, offer)) continue;
      const { contract, summary, priced } = await documentsOf(offer, promo);
      const monthlyOff = priced.lines.find((l) => l.key === 'promo-monthly');
      for (const [name, text] of [['contract', contract], ['summary', summary]] as const) {
        const label = `${name} of offer ${id} with ${code}`;
        // A promo that takes nothing off this offer (free activation on a free activation) is not named.
        if (!priced.promo) {
          expect(text, label).not.toContain(code);
          continue;
        }
        expect(text, label).toContain(`Promozione ${code}:`);
        if (!monthlyOff) {
          // A one-off discount alone has no months to state.
          expect(text, label).not.toMatch(new RegExp(`${code}: -[\\d,]+ €/mese`));
          continue;
        }
        const off = formatEuro(-monthlyOff.monthly);
        if (promo.discount_months === null) {
          expect(text, label).toContain(flat(`${code}: -${off}/mese per sempre`));
          expect(text, label).not.toContain('per sempre, poi');
        } else {
          expect(text, label).toContain(flat(`${code}: -${off}/mese per ${promo.discount_months} mesi, poi ${formatEuro(full)}/mese`));
        }
      }
    }
  });

  it('Black Friday on Fibra Viva Casa 1 Giga: 5 € off for 12 months, then 26,90 € a month', async () => {
    const { contract, summary } = await documentsOf(getCatalogueOffer(101), promos.get('BLACKFRIDAY privato')!);
    for (const text of [contract, summary]) expect(text).toContain('BLACKFRIDAY: -5,00 €/mese per 12 mesi, poi 26,90 €/mese');
  });
});
