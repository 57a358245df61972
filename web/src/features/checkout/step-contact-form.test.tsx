import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CHECKOUT_STORE_KEY } from '@checkout/contract';
import { AppProviders } from '../../app/app-providers';
import { createCheckoutStore, useCheckoutStore } from '../../state/checkout-store';
import { parseStored } from '../../state/stored-checkout';
import { StepContactForm } from './step-contact-form';
import { answer } from '../../testing/api-answers';

const HASH = 'h'.repeat(24);


beforeEach(() => {
  useCheckoutStore.setState((s) => ({
    persistent: { ...s.persistent, lastOfferId: 101, maxStep: 1, currentStep: 1, currentOrderData: { id: HASH, hash: HASH } },
    fields: { ...s.fields, first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.it', mobile_phone_number: '3331234567', privacy_consent: true },
  }));
  // Answered unless a test says otherwise (the question is required).
  useCheckoutStore.getState().answerBrandCustomer(false);
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
      error: {
        code: 'validation_error', message: 'Dati non validi',
        fields: { 'options.40': 'Questo ripetitore non è compatibile con il router scelto.', 'additional_variants.blue': 'Il router ha già questo colore: scegli una cover di un altro colore.' },
        rules: { 'options.40': 'repeater_incompatible', 'additional_variants.blue': 'cover_is_router_colour' },
      },
    })));
    const onDone = renderStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    const summary = await screen.findByTestId('error-summary');
    expect(summary.textContent).toContain('La combinazione di opzioni scelta non è più valida: Questo ripetitore non è compatibile con il router scelto.');
    expect(summary.textContent).toContain('Il router ha già questo colore');
    expect(within(summary).getByRole('link', { name: 'Torna all’offerta per correggerla' }).getAttribute('href')).toBe('/attiva/offerta');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends "No" under the brand key when the visitor is not a customer', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answer(200, { result: true, data: { id: HASH, hash: HASH, status: 'in_progress' } });
    }));
    useCheckoutStore.getState().answerBrandCustomer(true);
    const onDone = renderStep();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ is_fibraviva_customer: false, is_brand_customer: false });
    // The form's helper never travels.
    expect(Object.keys(bodies[0] ?? {}).filter((k) => k.startsWith('_'))).toEqual([]);
  });
});

describe('step 1: "Sei già cliente?"', () => {
  it('is a required radio group named by its legend', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useCheckoutStore.setState({ brandCustomerAnswered: false });
    renderStep();
    const group = screen.getByRole('radiogroup', { name: /Sei già cliente Fibra Viva\?/ });
    expect(group.getAttribute('aria-required')).toBe('true');
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([false, false]);
    // One name: the arrow keys move between Sì and No.
    expect(new Set(radios.map((r) => r.name)).size).toBe(1);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    await waitFor(() => expect(group.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(group.getAttribute('aria-describedby')?.split(' ').find((id) => id.endsWith('-error')) ?? '');
    expect(error?.textContent).toBe('Indica se sei già cliente.');
    expect(screen.getByTestId('error-summary').textContent).toContain('Già cliente: Indica se sei già cliente.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the answer in the persisted state, so a reload shows it again', () => {
    useCheckoutStore.setState({ brandCustomerAnswered: false });
    renderStep();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(useCheckoutStore.getState()).toMatchObject({ brandCustomerAnswered: true, persistent: { isBrandCustomer: false } });
    fireEvent.click(screen.getByRole('radio', { name: 'Sì' }));
    expect(useCheckoutStore.getState().persistent.isBrandCustomer).toBe(true);

    // What a reload reads back from the browser's storage.
    cleanup(); // unmounting saves the form at once
    // A form helper is not an order field: it is not kept among the fields.
    expect(Object.keys(useCheckoutStore.getState().fields)).not.toContain('_already_customer');
    const saved = JSON.parse(localStorage.getItem(CHECKOUT_STORE_KEY) ?? 'null') as unknown;
    localStorage.setItem(CHECKOUT_STORE_KEY, JSON.stringify(saved));
    const reloaded = createCheckoutStore(() => localStorage, parseStored).getState();
    expect(reloaded.persistent.isBrandCustomer).toBe(true);
    expect(reloaded.brandCustomerAnswered).toBe(true);
    useCheckoutStore.setState({ persistent: reloaded.persistent, brandCustomerAnswered: reloaded.brandCustomerAnswered });
    renderStep();
    expect((screen.getByRole('radio', { name: 'Sì' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks again for a new order', () => {
    useCheckoutStore.getState().answerBrandCustomer(true);
    useCheckoutStore.getState().startNewOrder(false);
    expect(useCheckoutStore.getState()).toMatchObject({ brandCustomerAnswered: false, persistent: { isBrandCustomer: false } });
  });
});

describe('step 1: an order waiting for its signature', () => {
  const frozen = () => answer(409, {
    result: false,
    error: { code: 'contract_frozen', message: 'Il contratto è in attesa della tua firma: per modificare l’ordine torna indietro dalla pagina della firma e genera di nuovo l’anteprima del contratto.' },
  });

  it.each([
    ['update-order', '/update-order'],
    ['the step itself', '/step-contact'],
  ])('says the server’s message with a link to the signature page when %s answers contract_frozen', async (_name, frozenPath) => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => (url.endsWith(frozenPath)
      ? frozen()
      : answer(200, { result: true, data: { id: HASH, hash: HASH, status: 'in_progress' } }))));
    const onDone = renderStep();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    });
    const summary = await screen.findByTestId('error-summary');
    expect(summary.textContent).toContain('Il contratto è in attesa della tua firma');
    expect(within(summary).getByRole('link', { name: 'Torna alla pagina della firma' }).getAttribute('href')).toBe('/attiva/firma');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // The server knows a code is pending: the signature page shows the code field again.
    expect(useCheckoutStore.getState().persistent.alreadySentOtp).toBe(true);
    expect(onDone).not.toHaveBeenCalled();
  });
});
