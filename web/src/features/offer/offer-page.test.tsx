import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { encodeTrustedAmounts, offerWireSchema, priceLineLabel, priceOrder, promoWireSchema, type Promo } from '@checkout/contract';
import { AppProviders } from '../../app/app-providers';
import { ModalHost } from '../../app/modal-host';
import { closeModal } from '../../components/modals/modal-store';
import { useCheckoutStore } from '../../state/checkout-store';
import { fixtureOffer } from './offer-fixture';
import OfferPage from './offer-page';
import { answer, refusal } from '../../testing/api-answers';

/*
 * The offer page with its real wiring (store, react-query, the contract client) against a fetch that
 * answers like the server: the offer of the demo catalogue and get-promo's verdict on the code.
 */

const offer = fixtureOffer();
const BLACKFRIDAY: Promo = {
  code: 'BLACKFRIDAY', description: 'Black Friday: 5 € di sconto al mese e attivazione gratuita su Fibra Viva Casa 1 Giga',
  offer_id: 101, recurrent_discount: 500, cash_discount: 3990, discount_months: 12, valid_until: '2026-12-01',
};


type PromoAnswer = Promo | Response;
let promoAnswer: () => PromoAnswer;
let promoBodies: unknown[];

beforeEach(() => {
  promoBodies = [];
  promoAnswer = () => BLACKFRIDAY;
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/api/offers/get-promo/')) {
      promoBodies.push(JSON.parse(String(init.body)));
      const verdict = promoAnswer();
      return verdict instanceof Response ? verdict : answer(200, { result: true, data: encodeTrustedAmounts(promoWireSchema, verdict) });
    }
    if (url.endsWith('/api/offers/101')) return answer(200, { result: true, data: encodeTrustedAmounts(offerWireSchema, offer) });
    return refusal(404, 'not_found', 'Non trovato');
  }));
  useCheckoutStore.setState((s) => ({
    availableOfferIds: [101],
    fields: { ...s.fields, address: 'Via Roma', number: '1', city: 'Milano', province: 'MI', technology: 'FTTH', openfiber_cluster: 'A' },
  }));
});

afterEach(() => {
  act(() => closeModal());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const renderPage = (path = '/attiva/offerta') => {
  const router = createMemoryRouter([
    { path: '/attiva/offerta/:promo?', element: <OfferPage /> },
    { path: '/attiva/step-1', element: <p>Passo 1</p> },
    { path: '/attiva/verifica-copertura/:promo?', element: <p>Copertura</p> },
  ], { initialEntries: [path] });
  render(<AppProviders><RouterProvider router={router} /><ModalHost /></AppProviders>);
  return router;
};

const group = (name: string) => screen.getByRole('group', { name });
const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');
const summaryNames = () => within(screen.getByRole('list', { name: 'Voci dell’ordine' })).getAllByRole('listitem').map((li) => li.firstElementChild?.textContent);
/** The offer list, then its options (rendered in a transition after the list's first commit). */
const loaded = async () => {
  await screen.findByTestId('offer-card-101');
  await screen.findByRole('group', { name: 'Linea voce' });
};

describe('offer page: the contract selection rules', () => {
  it('an offer shown for the first time has no paid option chosen: its total is the offer\'s own price', async () => {
    renderPage();
    await loaded();
    const voip = group('Linea voce');
    expect(within(voip).getByRole('radio', { name: 'Nessuna linea voce' })).toHaveProperty('checked', true);
    expect(within(voip).getByRole('radio', { name: 'Voce Illimitata Family' })).toHaveProperty('checked', false);
    expect(useCheckoutStore.getState().fields.options).toEqual([]);
    expect(summaryNames()).toEqual(['Fibra Viva Casa 1 Giga', 'Modem Wi-Fi 6 (colore: Blu) - incluso']);
    expect(text('summary-monthly-total')).toBe('26,90 €/mese');
    expect(text('summary-one-off-total')).toBe('39,90 €');
  });

  it('marks the recommended voice plan (SPEC §3 "Defaults") first, with a badge a screen reader hears; the visitor\'s click adds it, "Nessuna linea voce" takes it away', async () => {
    renderPage();
    await loaded();
    const voip = group('Linea voce');
    const radios = within(voip).getAllByRole('radio');
    expect(radios[0]).toBe(within(voip).getByRole('radio', { name: 'Voce Illimitata Family' }));
    expect(radios[0]?.getAttribute('aria-describedby')?.split(' ').map((id) => document.getElementById(id)?.textContent).join(' '))
      .toMatch(/^Il piano che ti consigliamo/);
    expect(within(screen.getByTestId('voip-10')).getByText('Consigliata')).toBeTruthy();
    expect(within(voip).getAllByText('Consigliata')).toHaveLength(1);

    fireEvent.click(within(voip).getByRole('radio', { name: 'Voce Illimitata Family' }));
    expect(useCheckoutStore.getState().fields.options.map((o) => o.id)).toEqual([10]);
    expect(screen.getByTestId('summary-line-option-10')).toBeTruthy();
    expect(text('summary-monthly-total')).toBe('31,90 €/mese');

    fireEvent.click(within(voip).getByRole('radio', { name: 'Nessuna linea voce' }));
    expect(within(voip).getByRole('radio', { name: 'Nessuna linea voce' })).toHaveProperty('checked', true);
    expect(screen.queryByTestId('summary-line-option-10')).toBeNull();
    expect(useCheckoutStore.getState().fields.options).toEqual([]);
  });

  it('"Continua" is refused while reconcileSelection refuses the selection (router_too_slow), and goes on once a router is chosen', async () => {
    const router = renderPage();
    await loaded();
    fireEvent.click(within(group('Velocità')).getByRole('radio', { name: '2,5 Gbit/s' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

    expect(within(screen.getByTestId('order-summary')).getByRole('alert').textContent).toBe('Scegli un router compatibile con 2,5 Gbit/s per continuare.');
    expect(router.state.location.pathname).toBe('/attiva/offerta');

    fireEvent.click(screen.getByRole('radio', { name: 'Router Top (noleggio)' }));
    // The selection is now one the rules accept: the message goes with the problem.
    expect(within(screen.getByTestId('order-summary')).queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/attiva/step-1'));
  });

  it('the summary prints priceOrder\'s lines for a router, two extra covers and a voice plan', async () => {
    renderPage();
    await loaded();
    fireEvent.click(screen.getByRole('radio', { name: 'Router Top (acquisto)' }));
    fireEvent.click(within(group('Colore del router')).getByRole('radio', { name: 'Corten' }));
    fireEvent.click(screen.getByRole('button', { name: /Aggiungi cover in altri colori/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cover Legno' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cover Marmo' }));
    fireEvent.click(within(group('Linea voce')).getByRole('radio', { name: 'Voce Illimitata Family' }));

    const s = useCheckoutStore.getState();
    expect(s.optionExtras.additionalVariants).toEqual(['marble', 'wood']);
    const expected = priceOrder(offer, { options: s.fields.options, additionalVariants: s.optionExtras.additionalVariants, routerVariant: s.fields.routerVariant });
    expect(summaryNames()).toEqual(expected.lines.map(priceLineLabel));
    expect(summaryNames()).toEqual([
      'Fibra Viva Casa 1 Giga', 'Router Top (acquisto) (colore: Corten)', 'Voce Illimitata Family', 'Cover aggiuntiva Marmo', 'Cover aggiuntiva Legno',
    ]);
    expect(text('summary-monthly-total')).toBe('31,90 €/mese');
    expect(text('summary-one-off-total')).toBe('198,90 €');
  });
});

describe('offer page: promo codes as get-promo judges them', () => {
  beforeEach(() => useCheckoutStore.getState().setFields({ promo: 'BLACKFRIDAY' }));

  it('asks get-promo with the code, the customer type and the cluster', async () => {
    renderPage();
    await screen.findByTestId('promo-badge');
    expect(promoBodies[0]).toMatchObject({ promo_code: 'BLACKFRIDAY', customer_type: 'privato', cluster: 'A' });
  });

  it('a valid promo: the badge, what it does on the offer card, and its lines in the summary', async () => {
    renderPage();
    await loaded();
    expect((await screen.findByTestId('promo-badge')).textContent).toBe('Promo BLACKFRIDAY');
    expect(screen.getByTestId('promo-banner').textContent).toContain(BLACKFRIDAY.description);
    const card = screen.getByTestId('offer-card-101');
    expect(within(card).getByTestId('offer-promo-badge-101')).toBeTruthy();
    // How long the discount lasts and the price after it, on the banner and on the card.
    expect(text('promo-duration')).toBe('Sconto mensile per 12 mesi, poi il prezzo pieno dell’offerta.');
    expect(text('offer-promo-101')).toBe('Con il codice BLACKFRIDAY: 5,00 € di sconto al mese per 12 mesi, poi 26,90 €/mese e attivazione gratuita');
    expect(card.querySelector('.offer-card-amount')?.textContent).toBe('21,90\u00a0€');
    expect(card.querySelector('.offer-card-activation')?.textContent).toMatch(/^Attivazione gratuita/);
    expect(screen.getByTestId('summary-line-promo-monthly')).toBeTruthy();
    expect(screen.getByTestId('summary-line-promo-one-off')).toBeTruthy();
    expect(text('summary-monthly-total')).toBe('21,90 €/mese'); // 26,90 - 5,00: no paid option is chosen for the visitor
    expect(text('summary-one-off-total')).toBe('0,00 €');
    expect(text('summary-line-promo-monthly')).toMatch(/^Promozione BLACKFRIDAY: sconto mensile per 12 mesi, poi 26,90 €\/mese/);
    expect(text('summary-terms')).toContain('Promozione BLACKFRIDAY: -5,00 €/mese per 12 mesi, poi 26,90 €/mese; -39,90 € sull’attivazione.');
  });

  it.each([
    ['unknown', () => refusal(404, 'promo_not_found', 'Codice promozionale non valido')],
    ['expired', () => refusal(422, 'promo_expired', 'Codice promozionale scaduto')],
    ['for business customers', () => refusal(422, 'promo_wrong_customer_type', 'Questo codice promozionale è riservato ai clienti business.')],
    ['for another area', () => refusal(422, 'promo_wrong_cluster', 'Questo codice promozionale non è valido per il tuo indirizzo.')],
  ])('a promo %s: the server\'s message, no badge, no discount', async (_name, verdict) => {
    promoAnswer = verdict;
    renderPage();
    await loaded();
    const message = (await verdict().json() as { error: { message: string } }).error.message;
    await waitFor(() => expect(screen.getByTestId('promo-banner').textContent).toBe(`Il codice promozionale BLACKFRIDAY non si può applicare: ${message}`));
    expect(screen.queryByTestId('promo-badge')).toBeNull();
    expect(screen.queryByTestId('offer-promo-badge-101')).toBeNull();
    expect(screen.queryByTestId('offer-promo-101')).toBeNull();
    expect(screen.queryByTestId('summary-line-promo-monthly')).toBeNull();
    expect(text('summary-monthly-total')).toBe('26,90 €/mese');
    expect(text('summary-one-off-total')).toBe('39,90 €');
  });
});

describe('offer page: the SPEC §2 dialogs it opens', () => {
  it('"Dettagli" on the Black Friday banner opens black-friday', async () => {
    useCheckoutStore.getState().setFields({ promo: 'BLACKFRIDAY' });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Dettagli della promo' }));
    // The dialog's module is loaded on demand: on a busy machine that can take more than findBy's default second.
    expect(await screen.findByRole('dialog', { name: 'Promo Black Friday' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('modal-black-friday')).toBeTruthy();
  });

  it('"Leggi le note" opens read-notes', async () => {
    renderPage();
    await loaded();
    fireEvent.click(screen.getByTestId('read-notes'));
    expect(await screen.findByRole('dialog', { name: 'Note importanti' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('modal-read-notes').textContent).toMatch(/recedere entro 14 giorni/);
  });
});

describe('offer page: what the address\'s line carries', () => {
  const ftth = (max_download: number) => ({ technology: 'FTTH' as const, network: 'FiberCop', max_download, max_upload: 300, cabinet_distance: null, available: true });
  const withLine = (max_download: number) =>
    useCheckoutStore.setState((s) => ({ fields: { ...s.fields, services_coverage: [ftth(max_download)] } }));

  it('on a 1 Gbit/s fibre line offers no faster upgrade and says the speed at the address', async () => {
    withLine(1000);
    renderPage();
    await loaded();
    expect(screen.queryByRole('group', { name: 'Velocità' })).toBeNull();
    expect(text('offer-speed-101')).toBe('Fibra (FTTH, fibra ottica fino a casa) fino a 1 Gbit/s al tuo indirizzo');
  });

  it('on a 2.5 Gbit/s line offers 2.5 and not 10 Gbit/s, and drops a stored 10 Gbit/s choice', async () => {
    withLine(2500);
    useCheckoutStore.setState((s) => ({ offer, fields: { ...s.fields, options: [{ id: 51, category: 'speed_upgrade', recurrent_cost: 1000, cash_amount: 0 }] } }));
    renderPage();
    await loaded();
    const speeds = within(group('Velocità'));
    expect(speeds.getByRole('radio', { name: '2,5 Gbit/s' })).toBeTruthy();
    expect(speeds.queryByRole('radio', { name: '10 Gbit/s' })).toBeNull();
    await waitFor(() => expect(useCheckoutStore.getState().fields.options.map((o) => o.id)).not.toContain(51));
  });
});

describe('offer page: loading', () => {
  it('keeps one placeholder per offer until the last offer has arrived, then shows the list in one go', async () => {
    const second = { ...offer, id: 102, name: 'Fibra Viva Casa Seconda' };
    let releaseSecond: () => void = () => undefined;
    const secondHeld = new Promise<void>((resolve) => { releaseSecond = resolve; });
    const served = vi.mocked(fetch).getMockImplementation();
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/api/offers/102')) {
        await secondHeld;
        return answer(200, { result: true, data: encodeTrustedAmounts(offerWireSchema, second) });
      }
      return served!(url, init);
    }));
    useCheckoutStore.setState({ availableOfferIds: [101, 102] });
    renderPage();
    // The first answer is in; the list still waits for the second (it would grow, and push the page, when it came).
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([u]) => String(u).endsWith('/api/offers/101'))).toBe(true));
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(screen.queryByTestId('offer-list')).toBeNull();
    expect(screen.getByRole('status', { name: /offert/i }).querySelectorAll('.offer-skeleton')).toHaveLength(2);

    releaseSecond();
    expect(await screen.findByTestId('offer-card-102')).toBeTruthy();
    expect(screen.getByTestId('offer-card-101')).toBeTruthy();
    expect(screen.queryByRole('status', { name: /offert/i })).toBeNull();
  });
});
