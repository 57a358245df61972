import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { useCheckoutStore } from '../state/checkout-store';
import { pillStates, ProgressPills } from './progress-pills';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const active = (maxStep: number, path: string, canSign = false) => pillStates(maxStep, path, canSign).filter((p) => p.active).map((p) => p.step);

describe('pillStates', () => {
  it.each([
    [0, '/attiva/step-1', false, [1]],
    [3, '/attiva/step-2', false, [1, 2, 3]],
    [5, '/attiva/step-5', false, [1, 2, 3, 4, 5]],
    [5, '/attiva/step-5', true, [1, 2, 3, 4, 5, 6]],
    [2, '/attiva/firma', false, [1, 2, 6]],
  ])('maxStep %i on %s (can sign: %s) → active %j', (maxStep, path, canSign, expected) => {
    expect(active(maxStep, path, canSign)).toEqual(expected);
  });

  it('after signing nothing is a link or current, everything is done', () => {
    const pills = pillStates(0, '/attiva/firma', false, true);
    expect(pills.every((p) => p.done && !p.active && !p.current)).toBe(true);
  });
});

describe('ProgressPills', () => {
  it('links the reached steps, disables the rest and marks the current one', () => {
    useCheckoutStore.setState((s) => ({ persistent: { ...s.persistent, maxStep: 3 } }));
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/step-2']}><ProgressPills /></MemoryRouter></AppProviders>);
    const nav = screen.getByRole('navigation', { name: 'Avanzamento dell’ordine' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/attiva/step-1', '/attiva/step-2', '/attiva/step-3']);
    expect(screen.getByRole('link', { name: '2. Dati personali' }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('link', { name: '1. Contatti' }).getAttribute('aria-current')).toBeNull();
    const disabled = Array.from(nav.querySelectorAll('[aria-disabled="true"]')).map((el) => el.textContent);
    expect(disabled).toEqual(['4. Pagamento (non ancora disponibile)', '5. Documento (non ancora disponibile)', 'Firma (non ancora disponibile)']);
  });
});

describe('ProgressPills wording and the end of the journey', () => {
  it('names step 2 as its heading does for a business customer', () => {
    useCheckoutStore.setState((s) => ({ persistent: { ...s.persistent, maxStep: 2 }, fields: { ...s.fields, customer_type: 'business' } }));
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/step-2']}><ProgressPills /></MemoryRouter></AppProviders>);
    expect(screen.getByRole('link', { name: '2. Dati dell’azienda' }).getAttribute('aria-current')).toBe('step');
    expect(screen.queryByText(/Dati personali/)).toBeNull();
  });

  it('shows every step as done on the thank-you screen (the signature page without an order), none locked', () => {
    // Signing resets the store (SPEC §4 full reset): maxStep 0, no order.
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/firma']}><ProgressPills /></MemoryRouter></AppProviders>);
    const nav = screen.getByRole('navigation', { name: 'Avanzamento dell’ordine' });
    expect(nav.textContent).not.toContain('non ancora disponibile');
    expect(nav.querySelectorAll('a')).toHaveLength(0);
    // Without links, the row (scrolling sideways on a phone) is reachable by keyboard itself.
    expect(nav.querySelector('ol')?.getAttribute('tabindex')).toBe('0');
    expect(Array.from(nav.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      '✓1. Contatti (completato)', '✓2. Dati personali (completato)', '✓3. Indirizzi (completato)',
      '✓4. Pagamento (completato)', '✓5. Documento (completato)', '✓Firma (completato)',
    ]);
  });

  it('keeps the signature page of an order in progress as it was', () => {
    const HASH = 'q'.repeat(24);
    useCheckoutStore.setState((s) => ({ persistent: { ...s.persistent, maxStep: 5, currentOrderData: { id: HASH, hash: HASH } } }));
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/firma']}><ProgressPills /></MemoryRouter></AppProviders>);
    expect(screen.getByRole('link', { name: 'Firma' }).getAttribute('aria-current')).toBe('step');
    expect(screen.queryByText(/completato/)).toBeNull();
  });
});

describe('ProgressPills on the signature page', () => {
  const HASH = 'p'.repeat(24);
  function Where() {
    return <div data-testid="location">{useLocation().pathname}</div>;
  }

  it('reopens the order before going back to a step (a pending code freezes it)', async () => {
    useCheckoutStore.setState((s) => ({
      persistent: { ...s.persistent, maxStep: 5, alreadySentOtp: true, currentOrderData: { id: HASH, hash: HASH } },
      order: { id: HASH, hash: HASH, status: 'ready_to_sign' },
    }));
    const urls: string[] = [];
    let release: () => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn((url: string) => {
      urls.push(url);
      return new Promise<Response>((resolve) => {
        release = () => resolve(new Response(JSON.stringify({ result: true, data: { id: HASH, hash: HASH, status: 'ready_to_sign' } }), { status: 200 }));
      });
    }));
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/firma']}><ProgressPills /><Where /></MemoryRouter></AppProviders>);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: '3. Indirizzi' }));
    });
    await waitFor(() => expect(urls).toEqual([`/api/orders/${HASH}/reopen-order`]));
    expect(screen.getByTestId('location').textContent).toBe('/attiva/firma');
    await act(async () => {
      release();
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/attiva/step-3'));
    expect(useCheckoutStore.getState().persistent.alreadySentOtp).toBe(false);
  });

  it('does not call the server when moving between steps', async () => {
    useCheckoutStore.setState((s) => ({ persistent: { ...s.persistent, maxStep: 3, currentOrderData: { id: HASH, hash: HASH } } }));
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/step-3']}><ProgressPills /><Where /></MemoryRouter></AppProviders>);
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: '1. Contatti' }));
    });
    expect(screen.getByTestId('location').textContent).toBe('/attiva/step-1');
    expect(fetch).not.toHaveBeenCalled();
  });
});
