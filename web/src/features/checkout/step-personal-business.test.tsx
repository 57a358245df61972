import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import { answer } from '../../testing/api-answers';
import { StepPersonalBusiness } from './step-personal-business';

const HASH = 'b'.repeat(24);
const RISTORAZIONE = { code: '56.11', description: 'Ristorazione con somministrazione (ristoranti, trattorie, pizzerie)' };

/** Searches the page sent to get-ateco, in order. */
let atecoSearches: string[] = [];

beforeEach(() => {
  atecoSearches = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    if (String(url).includes('/get-ateco/')) {
      atecoSearches.push((JSON.parse(String(init.body)) as { search: string }).search);
      return answer(200, { result: true, data: [RISTORAZIONE] });
    }
    return new Promise(() => undefined);
  }));
  useCheckoutStore.setState((s) => ({
    persistent: { ...s.persistent, lastOfferId: 101, maxStep: 2, currentStep: 2, currentOrderData: { id: HASH, hash: HASH } },
    fields: { ...s.fields, customer_type: 'business', first_name: 'Mario', last_name: 'Rossi' },
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const renderStep = () => render(<AppProviders><MemoryRouter><StepPersonalBusiness onDone={vi.fn()} /></MemoryRouter></AppProviders>);

const type = async (input: HTMLElement, text: string) => {
  await act(async () => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
  });
};

describe('ATECO on the business step', () => {
  it('searches a term restored after a reload when the customer types it again', async () => {
    useCheckoutStore.getState().setFields({ ateco: 'ristorazione' });
    renderStep();
    const input = screen.getByRole('combobox', { name: /Codice ATECO/ });
    await type(input, 'ristorazion');
    await type(input, 'ristorazione');
    expect(await screen.findByRole('option', { name: /^56\.11 – Ristorazione/ })).toBeTruthy();
    expect(atecoSearches.at(-1)).toBe('ristorazione');
    expect(screen.queryByText('Nessun risultato')).toBeNull();
  });

  it('does not search again once a code is chosen', async () => {
    useCheckoutStore.getState().setFields({ ateco: '56.11 – Ristorazione con somministrazione (ristoranti, trattorie, pizzerie)' });
    renderStep();
    await act(async () => { await new Promise((r) => setTimeout(r, 400)); });
    expect(atecoSearches).toEqual([]);
  });
});

describe('required fields of the business step', () => {
  it.each(['Codice ATECO *', 'Comune della sede legale *'])('%s carries the asterisk and aria-required', async (label) => {
    renderStep();
    const input = await waitFor(() => screen.getByLabelText(label));
    expect(input.getAttribute('aria-required')).toBe('true');
  });
});
