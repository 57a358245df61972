import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { priceLineLabel, priceOrder, type AddedOption, type Offer } from '@checkout/contract';
import { AppProviders } from '../app/app-providers';
import { BOTTOM_PANEL_HEIGHT_VAR, SummaryBox } from './summary-box';

afterEach(cleanup);

const offer: Offer = {
  id: 101, name: 'Fibra Viva Casa 1 Giga', description: '', customer_type: 'privato', technologies: ['FTTH'],
  recurrent_cost: 2690, cash_amount: 3990, max_download_speed: 1000, highlights: [], voucher: null, commitment_months: 0, exit_cost_migration: 0, exit_cost_cessation: 0, early_exit_charge: 'none', speeds: [],
  options: [
    { id: 50, name: 'Velocità fino a 2,5 Gbit/s', description: '', category: 'speed_upgrade', included: false, hidden_public: false, recurrent_cost: 500, cash_amount: 0, max_download_speed: 2500, compatibility_tag: null, compatible_with_tag: null, contract_code: 'S', instalments: null },
    { id: 22, name: 'Router Top (acquisto)', description: '', category: 'router', included: false, hidden_public: false, recurrent_cost: 0, cash_amount: 14900, max_download_speed: 10000, compatibility_tag: 'wifi7', compatible_with_tag: null, contract_code: 'R', instalments: null },
  ],
};
const added = (id: number, category: AddedOption['category'], recurrent_cost: number, cash_amount: number): AddedOption => ({ id, category, recurrent_cost, cash_amount });

const box = (options: AddedOption[], additionalVariants: string[] = []) =>
  render(<AppProviders><SummaryBox offer={offer} state={{ options, additionalVariants }} onContinue={() => {}} /></AppProviders>);

/** formatEuro's no-break space before the € sign. */
const nb = (s: string) => s.replace(/ €/g, '\u00a0€');

/** The order's lines: the price list, not the terms below it. */
const lineItems = () => within(screen.getByRole('list', { name: 'Voci dell’ordine' })).getAllByRole('listitem');

describe('order summary totals (SPEC §9)', () => {
  it.each([
    ['the offer alone', [], [], '26,90 €/mese', '39,90 €'],
    ['with a speed upgrade', [added(50, 'speed_upgrade', 500, 0)], [], '31,90 €/mese', '39,90 €'],
    ['with a router bought one-off', [added(22, 'router', 0, 14900)], [], '26,90 €/mese', '188,90 €'],
    ['with two extra covers at 5 € each', [added(50, 'speed_upgrade', 500, 0)], ['wood', 'marble'], '31,90 €/mese', '49,90 €'],
  ])('%s', (_name, options, variants, monthly, oneOff) => {
    box(options as AddedOption[], variants as string[]);
    expect(screen.getByTestId('summary-monthly-total').textContent).toBe(nb(monthly));
    expect(screen.getByTestId('summary-one-off-total').textContent).toBe(nb(oneOff));
  });

  it('lists the offer, every option and every cover with its price', () => {
    box([added(50, 'speed_upgrade', 500, 0), added(22, 'router', 0, 14900)], ['wood']);
    // formatEuro writes a no-break space before €; read it as a plain space here.
    const lines = lineItems().map((li) => li.textContent?.replace(/\u00a0/g, ' '));
    expect(lines).toEqual([
      'Fibra Viva Casa 1 Giga26,90 €/mese39,90 € una tantum',
      'Velocità fino a 2,5 Gbit/s5,00 €/mese',
      'Router Top (acquisto)149,00 € una tantum',
      'Cover aggiuntiva Legno5,00 € una tantum',
    ]);
  });

  it('the detail toggle says whether it is open (the mobile panel)', () => {
    box([]);
    const toggle = screen.getByRole('button', { name: 'Mostra dettagli' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Nascondi dettagli' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Continua' })).toBeTruthy();
  });

  it('prints the contract\'s own lines: the included router with its colour, the covers and a promo\'s discounts', () => {
    const withRouter: Offer = { ...offer, options: [...offer.options, { ...offer.options[1]!, id: 20, name: 'Modem Wi-Fi 6', included: true, cash_amount: 0, compatibility_tag: 'base' }] };
    const promo = { code: 'BF', description: '', offer_id: null, recurrent_discount: 500, cash_discount: 3990, discount_months: 12, valid_until: null };
    render(<AppProviders><SummaryBox offer={withRouter} state={{ options: [], additionalVariants: ['wood'] }} routerVariant="Blue" promo={promo} onContinue={() => {}} /></AppProviders>);
    const expected = priceOrder(withRouter, { options: [], additionalVariants: ['wood'], routerVariant: 'Blue' }, { promo });
    const names = lineItems().map((li) => li.firstElementChild?.textContent);
    expect(names).toEqual(expected.lines.map((l) => priceLineLabel(l)));
    expect(names).toEqual(['Fibra Viva Casa 1 Giga', 'Modem Wi-Fi 6 (colore: Blu) - incluso', 'Cover aggiuntiva Legno', 'Promozione BF: sconto mensile per 12 mesi, poi 26,90\u00a0€/mese', 'Promozione BF: sconto sull\'attivazione']);
    expect(screen.getByTestId('summary-monthly-total').textContent).toBe(nb('21,90 €/mese'));
    expect(screen.getByTestId('summary-one-off-total').textContent).toBe(nb('5,00 €'));
  });
});

describe('the fixed bottom panel keeps the page clear of it', () => {
  // jsdom lays nothing out: the panel's position, the body's padding and the panel's height are given here.
  let observed: (() => void) | null = null;
  const setUp = (position: string, reservedPx: number, panelPx: number) => {
    vi.stubGlobal('ResizeObserver', class {
      constructor(callback: () => void) { observed = callback; }
      observe() {}
      disconnect() { observed = null; }
    });
    const style = document.createElement('style');
    style.textContent = `[data-testid="order-summary"] { position: ${position}; } body { padding-bottom: ${reservedPx}px; }`;
    document.head.append(style);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: panelPx } as DOMRect);
    box([]);
    return () => style.remove();
  };
  const heightVar = () => document.documentElement.style.getPropertyValue(BOTTOM_PANEL_HEIGHT_VAR);

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.documentElement.style.removeProperty(BOTTOM_PANEL_HEIGHT_VAR);
  });

  it('leaves the page alone when the panel is as tall as the stylesheet reserves (no restyle of every element)', () => {
    const undo = setUp('fixed', 113, 112.8);
    expect(observed).not.toBeNull();
    observed?.();
    expect(heightVar()).toBe('');
    undo();
  });

  it('sets the panel\'s height when it differs (a problem line), rounded up', () => {
    const undo = setUp('fixed', 113, 162.2);
    expect(observed).not.toBeNull();
    observed?.();
    expect(heightVar()).toBe('163px');
    undo();
  });

  it('sets nothing beside the options (from 992 px the panel is not fixed)', () => {
    const undo = setUp('sticky', 0, 405);
    expect(observed).not.toBeNull();
    observed?.();
    expect(heightVar()).toBe('');
    undo();
  });
});
