import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import { StepContactForm } from './step-contact-form';

const HASH = 'h'.repeat(24);

/** The server's 422 envelope for a step with field errors (DESIGN §3). */
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  useCheckoutStore.setState((s) => ({
    persistent: { ...s.persistent, lastOfferId: 101, maxStep: 1, currentStep: 1, currentOrderData: { id: HASH, hash: HASH } },
    fields: { ...s.fields, first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.it', mobile_phone_number: '3331234567', privacy_consent: true },
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const renderStep = (onDone = vi.fn()) => {
  render(<AppProviders><MemoryRouter><StepContactForm onDone={onDone} /></MemoryRouter></AppProviders>);
  return onDone;
};

describe('step 1 (contact)', () => {
  it('shows the server’s field errors next to their fields and in the summary', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/update-order')) return answer(200, { result: true, data: { id: HASH, hash: HASH, status: 'in_progress' } });
      return answer(422, {
        result: false,
        error: { code: 'validation_error', message: 'Dati non validi', fields: { email: 'Questo indirizzo email non può ricevere messaggi.', mobile_phone_number: 'Numero non attivo.' } },
      });
    }));
    const onDone = renderStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });

    const email = await screen.findByLabelText('Email *');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = email.getAttribute('aria-describedby')?.split(' ') ?? [];
    const errorEl = describedBy.map((id) => document.getElementById(id)).find((el) => el?.getAttribute('role') === 'alert');
    expect(errorEl?.textContent).toBe('Questo indirizzo email non può ricevere messaggi.');
    expect(screen.getByLabelText('Cellulare *').getAttribute('aria-invalid')).toBe('true');

    const summary = screen.getByTestId('error-summary');
    expect(summary.textContent).toContain('Email: Questo indirizzo email non può ricevere messaggi.');
    expect(summary.textContent).toContain('Cellulare: Numero non attivo.');
    expect(document.activeElement).toBe(summary);
    expect(calls).toEqual([`/api/orders/${HASH}/update-order`, `/api/orders/${HASH}/step-contact`]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('checks the form with the contract schema before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useCheckoutStore.getState().setFields({ email: 'non-una-email', privacy_consent: false });
    renderStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    expect(await screen.findByText('Indirizzo email non valido.')).toBeTruthy();
    expect(screen.getByText("Per procedere occorre accettare l'informativa sulla privacy.")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('never pre-ticks the marketing consent', () => {
    useCheckoutStore.setState(useCheckoutStore.getInitialState());
    renderStep();
    expect((screen.getByRole('checkbox', { name: /comunicazioni commerciali/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('sends the router covers, the colour and the already-a-customer flag under the brand key with the order', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answer(200, { result: true, data: { id: HASH, hash: HASH, status: 'in_progress' } });
    }));
    useCheckoutStore.getState().setOptionsState({
      options: [{ id: 22, category: 'router', recurrent_cost: 0, cash_amount: 14900 }], speedUpgrade: null,
      additionalVariants: ['marble', 'wood'], analyticsItems: [],
    });
    useCheckoutStore.getState().setFields({ routerVariant: 'corten' });
    const onDone = renderStep();
    fireEvent.click(screen.getByRole('radio', { name: 'Sì' }));
    expect(useCheckoutStore.getState().persistent.isBrandCustomer).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({
      offer_id: 101, routerVariant: 'corten', additional_variants: ['marble', 'wood'], is_fibraviva_customer: true, is_brand_customer: true,
      // Amounts travel in euros (SPEC §9's unit).
      options: [{ id: 22, category: 'router', recurrent_cost: 0, cash_amount: 149 }],
    });
  });

  it('says a refused option selection in one message that leads back to the offer', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => answer(422, {
      result: false,
      error: { code: 'validation_error', message: 'Dati non validi', fields: { 'options.40': 'Questo ripetitore non è compatibile con il router scelto.' }, rules: { 'options.40': 'repeater_incompatible' } },
    })));
    const onDone = renderStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    const alert = await screen.findByTestId('selection-refused');
    expect(alert.textContent).toContain('Questo ripetitore non è compatibile con il router scelto.');
    expect(screen.getByRole('link', { name: 'Torna all’offerta per correggerla' }).getAttribute('href')).toBe('/attiva/offerta');
    expect(onDone).not.toHaveBeenCalled();
  });
});
