import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { defaultFormFields, formatEuro, priceLineLabel, priceOrder, type Offer, type Promo } from '@checkout/contract';
import { AppProviders } from '../app/app-providers';
import { fixtureOffer } from '../features/offer/offer-fixture';
import { StepOrderReview } from './step-order-review';

afterEach(cleanup);

const offer = fixtureOffer();
const added = (id: number) => {
  const o = offer.options.find((x) => x.id === id)!;
  return { id, category: o.category, recurrent_cost: o.recurrent_cost, cash_amount: o.cash_amount };
};
const promo: Promo = { code: 'BLACKFRIDAY', description: 'Black Friday', offer_id: 101, recurrent_discount: 500, cash_discount: 3990, discount_months: 12, valid_until: null };

describe('step-5 review of the order', () => {
  it('prints priceOrder\'s lines, one testid each, and its totals', () => {
    const fields = { ...defaultFormFields(), routerVariant: 'corten' as const, options: [added(23), added(41), added(10)] };
    const variants = ['wood', 'marble'];
    render(<AppProviders><StepOrderReview offer={offer} fields={fields} additionalVariants={variants} promo={promo} /></AppProviders>);

    const expected = priceOrder(offer, { options: fields.options, additionalVariants: variants, routerVariant: 'corten' }, { promo });
    const list = within(screen.getByTestId('review-offer')).getByRole('list', { name: 'Offerta' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-testid'))).toEqual(expected.lines.map((l) => `review-line-${l.key}`));
    expect(items.map((li) => li.firstElementChild?.textContent)).toEqual(expected.lines.map(priceLineLabel));
    expect(screen.getByTestId('review-line-option-23').textContent).toContain('Router Top (noleggio) (colore: Corten)');
    expect(screen.getByTestId('review-line-cover-wood').textContent).toContain('Cover aggiuntiva Legno');
    expect(screen.getByTestId('review-monthly-total').textContent).toBe(formatEuro(expected.totals.monthly));
    expect(screen.getByTestId('review-one-off-total').textContent).toBe(formatEuro(expected.totals.oneOff));
    // 26,90 + 3,00 + 4,00 + 5,00 - 5,00 a month; 39,90 + 2 × 5,00 - 39,90 once.
    expect(expected.totals).toEqual({ monthly: 3390, oneOff: 1000 });
    // The promo's months and the monthly total after them (the order's, 33,90 + 5,00), on its line and in the terms.
    expect(screen.getByTestId('review-line-promo-monthly').firstElementChild?.textContent).toBe('Promozione BLACKFRIDAY: sconto mensile per 12 mesi, poi 38,90\u00a0€/mese');
    expect(screen.getByTestId('review-terms').textContent).toContain('Promozione BLACKFRIDAY: -5,00\u00a0€/mese per 12 mesi, poi 38,90\u00a0€/mese; -39,90\u00a0€ sull’attivazione.');
  });

  it('states the offer\'s commitment and both exit costs, as the contract does', () => {
    const fields = { ...defaultFormFields(), options: [] };
    const bound: Offer = { ...offer, commitment_months: 24, exit_cost_migration: 1490, exit_cost_cessation: 1990 };
    render(<AppProviders><StepOrderReview offer={bound} fields={fields} /></AppProviders>);
    const terms = screen.getByTestId('review-terms').textContent?.replace(/\u00a0/g, ' ');
    expect(terms).toContain('Vincolo di 24 mesi dall’attivazione');
    expect(terms).toContain('passaggio ad altro operatore 14,90 €; cessazione del servizio 19,90 €.');
    expect(terms).toContain('Recesso prima dei 24 mesi: paghi solo i costi di uscita indicati');
    expect(terms).not.toMatch(/Promozione|senza vincolo/i);
  });

  it('the included router keeps its line, with its colour and "incluso"', () => {
    const fields = { ...defaultFormFields(), routerVariant: 'blue' as const, options: [] };
    render(<AppProviders><StepOrderReview offer={offer} fields={fields} /></AppProviders>);
    expect(screen.getByTestId('review-line-included-20').firstElementChild?.textContent).toBe('Modem Wi-Fi 6 (colore: Blu) - incluso');
  });
});
