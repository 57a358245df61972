import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { encodeTrustedAmounts, promoWireSchema, type Promo } from '@checkout/contract';
import { AppProviders } from '../../app/app-providers';
import { ModalHost } from '../../app/modal-host';
import { closeModal } from '../../components/modals/modal-store';
import { useCheckoutStore } from '../../state/checkout-store';
import CoveragePage from './coverage-page';
import { answer, refusal } from '../../testing/api-answers';

/* The coverage check reached through a promo link, against a get-promo that answers like the demo server. */

const promo = (code: string, description: string, recurrent_discount: number, cash_discount: number): Promo =>
  ({ code, description, offer_id: null, recurrent_discount, cash_discount, discount_months: recurrent_discount > 0 ? 12 : null, valid_until: null });

/** server/src/modules/catalog/seed.ts, judged on the demo "today". */
const getPromo = ({ promo_code, customer_type, cluster }: { promo_code: string; customer_type: string; cluster?: string }): Response => {
  const ok = (p: Promo) => answer(200, { result: true, data: encodeTrustedAmounts(promoWireSchema, p) });
  switch (promo_code.toUpperCase()) {
    case 'BLACKFRIDAY': return ok({ ...promo('BLACKFRIDAY', 'Black Friday: 5 € di sconto al mese e attivazione gratuita su Fibra Viva Casa 1 Giga', 500, 3990), offer_id: 101 });
    case 'XMAS26': return ok(promo('XMAS26', 'Natale 2026: attivazione gratuita su tutte le offerte casa', 0, 3990));
    case 'BUSINESS10': return customer_type === 'business'
      ? ok(promo('BUSINESS10', 'Per le aziende: 10 € di sconto al mese su Fibra Viva Business', 1000, 0))
      : refusal(422, 'promo_wrong_customer_type', 'Questo codice promozionale è riservato ai clienti business.');
    case 'CLUSTERC': return cluster === 'C'
      ? ok(promo('CLUSTERC', 'Nuove aree in fibra: 3 € di sconto al mese nei cluster C e D', 300, 0))
      : refusal(422, 'promo_wrong_cluster', 'Questo codice promozionale non è valido per il tuo indirizzo.');
    case 'SCADUTO': return refusal(422, 'promo_expired', 'Codice promozionale scaduto');
    default: return refusal(404, 'promo_not_found', 'Codice promozionale non valido');
  }
};

let promoBodies: Array<Record<string, string>>;

beforeEach(() => {
  promoBodies = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (url.endsWith('/api/offers/get-promo/')) {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      promoBodies.push(body);
      return getPromo(body as Parameters<typeof getPromo>[0]);
    }
    return refusal(404, 'not_found', 'Non trovato');
  }));
});

afterEach(() => {
  act(() => closeModal());
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const renderCoverage = (path: string) => {
  const router = createMemoryRouter([
    { path: '/attiva/verifica-copertura/:promo?', element: <CoveragePage /> },
  ], { initialEntries: [path] });
  render(<AppProviders><RouterProvider router={router} /><ModalHost /></AppProviders>);
};

const banner = () => screen.findByTestId('promo-banner');
const settled = async () => {
  // The "checking" line is replaced by the verdict.
  await waitFor(() => expect(screen.queryByText(/Verifica del codice promozionale/)).toBeNull());
};

describe('coverage check through a promo link', () => {
  it('keeps the code of the URL in fields.promo and asks get-promo with the customer type', async () => {
    renderCoverage('/attiva/verifica-copertura/BLACKFRIDAY');
    await banner();
    expect(useCheckoutStore.getState().fields.promo).toBe('BLACKFRIDAY');
    expect(promoBodies.at(-1)).toEqual({ api_key: expect.any(String) as string, promo_code: 'BLACKFRIDAY', customer_type: 'privato' });
  });

  it('a valid code: the badge and what the promo does; "Dettagli" opens black-friday', async () => {
    renderCoverage('/attiva/verifica-copertura/BLACKFRIDAY');
    await settled();
    expect(screen.getByTestId('promo-badge').textContent).toBe('Promo BLACKFRIDAY');
    expect((await banner()).textContent).toContain('Black Friday: 5 € di sconto al mese e attivazione gratuita su Fibra Viva Casa 1 Giga');
    fireEvent.click(screen.getByRole('button', { name: 'Dettagli della promo' }));
    expect(await screen.findByRole('dialog', { name: 'Promo Black Friday' })).toBeTruthy();
  });

  it('the Christmas code opens xmas', async () => {
    renderCoverage('/attiva/verifica-copertura/XMAS26');
    fireEvent.click(await screen.findByRole('button', { name: 'Dettagli della promo' }));
    expect(await screen.findByRole('dialog', { name: 'Promo di Natale' })).toBeTruthy();
    expect(screen.getByTestId('modal-xmas')).toBeTruthy();
  });

  it.each([
    ['UNKNOWN1', 'Codice promozionale non valido'],
    ['SCADUTO', 'Codice promozionale scaduto'],
    ['BUSINESS10', 'Questo codice promozionale è riservato ai clienti business.'],
  ])('%s is refused with the server\'s message and no badge', async (code, message) => {
    renderCoverage(`/attiva/verifica-copertura/${code}`);
    await settled();
    expect((await banner()).textContent).toBe(`Il codice promozionale ${code} non si può applicare: ${message}`);
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(screen.queryByTestId('promo-badge')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dettagli della promo' })).toBeNull();
  });

  it('a code for some areas waits for the address, then follows the cluster', async () => {
    renderCoverage('/attiva/verifica-copertura/CLUSTERC');
    await settled();
    expect((await banner()).textContent).toMatch(/verifichiamo se vale per il tuo indirizzo/);
    expect(screen.queryByTestId('promo-badge')).toBeNull();

    act(() => useCheckoutStore.getState().setFields({ openfiber_cluster: 'A' }));
    await waitFor(() => expect(screen.getByTestId('promo-banner').textContent).toBe(
      'Il codice promozionale CLUSTERC non si può applicare: Questo codice promozionale non è valido per il tuo indirizzo.',
    ));
    expect(promoBodies.at(-1)).toMatchObject({ cluster: 'A' });

    act(() => useCheckoutStore.getState().setFields({ openfiber_cluster: 'C' }));
    await waitFor(() => expect(screen.getByTestId('promo-badge').textContent).toBe('Promo CLUSTERC'));
    // A promo without a seasonal page has nothing more to open.
    expect(screen.queryByRole('button', { name: 'Dettagli della promo' })).toBeNull();
  });
});

describe('the coverage result', () => {
  const covered = (customer_type: 'privato' | 'business') => act(() => {
    useCheckoutStore.setState((s) => ({
      fields: {
        ...s.fields, customer_type, city: 'Roma', province: 'RM', id_comune: '058091', address: 'Via Roma', number: '1', zip_code: '00185',
        id_egon_civico: '38000000001', suggested_technology: 'FTTH', openfiber_cluster: 'A',
        services_coverage: [{ technology: 'FTTH', network: 'Open Fiber', max_download: 1000, max_upload: 300, cabinet_distance: null, available: true }],
      },
      availableOfferIds: [101],
    }));
  });

  it('does not show a private customer the Open Fiber cluster (wholesale jargon)', async () => {
    covered('privato');
    renderCoverage('/attiva/verifica-copertura');
    const summary = await screen.findByTestId('coverage-summary');
    expect(summary.textContent).toContain('Open Fiber');
    expect(screen.queryByTestId('coverage-cluster')).toBeNull();
    expect(summary.textContent).not.toMatch(/Cluster/);
  });

  it('shows a business customer the Open Fiber cluster', async () => {
    covered('business');
    renderCoverage('/attiva/verifica-copertura');
    expect((await screen.findByTestId('coverage-cluster')).textContent).toBe('A');
  });
});
