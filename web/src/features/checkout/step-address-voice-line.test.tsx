import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import { offerSchema } from '@checkout/contract';
import StepPage from './step-page';

/* Step 3 asks one question about the voice line: keep the number (which one: it is the one ported) or a new one. */

const HASH = 's'.repeat(24);
const offer = offerSchema.parse({
  id: 101, name: 'Fibra Viva Casa 1 Giga', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 2690, cash_amount: 3990, max_download_speed: 1000,
  options: [{
    id: 10, name: 'Voce Illimitata Family', description: '', category: 'voip', included: false, hidden_public: false, recurrent_cost: 500, cash_amount: 0,
    max_download_speed: null, compatibility_tag: null, compatible_with_tag: null, contract_code: 'C10',
  }],
});

beforeEach(() => {
  // Nothing here needs the server (the operators and promo lookups wait forever).
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const openStep3 = (withPlan: boolean) => {
  useCheckoutStore.setState((s) => ({
    offer,
    fields: {
      ...s.fields, first_name: 'Mario', last_name: 'Rossi', address: 'Via Roma', number: '1', city: 'Roma', zip_code: '00185', province: 'RM',
      options: withPlan ? [{ id: 10, category: 'voip', recurrent_cost: 500, cash_amount: 0 }] : [],
    },
    persistent: { ...s.persistent, maxStep: 3, currentOrderData: { id: HASH, hash: HASH } },
    order: { id: HASH, hash: HASH, status: 'in_progress' },
  }));
  const router = createMemoryRouter([{ path: '/attiva/:step', element: <StepPage /> }, { path: '*', element: <p>altro</p> }], { initialEntries: ['/attiva/step-3'] });
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
};

describe('step 3: the voice line is one question', () => {
  it('asks once whether the number is kept; keeping it asks the number once, with its operator and migration code', async () => {
    openStep3(true);
    const voice = await screen.findByTestId('voice-line');
    expect(voice.textContent).toContain('Hai scelto Voce Illimitata Family');
    const question = within(voice).getByRole('radiogroup', { name: 'Vuoi mantenere il numero di telefono fisso che hai già?' });
    expect(within(question).getByRole('radio', { name: 'No, voglio un nuovo numero' })).toHaveProperty('checked', true);
    // No second number field, no separate "keep my number" box elsewhere.
    expect(screen.queryByRole('checkbox', { name: /mantenere il mio numero/ })).toBeNull();
    expect(screen.queryAllByRole('textbox', { name: /numero/i })).toHaveLength(0);

    fireEvent.click(within(question).getByRole('radio', { name: /^Sì, mantengo il mio numero/ }));
    const numbers = screen.getAllByRole('textbox', { name: /numero/i });
    expect(numbers.map((n) => n.getAttribute('name'))).toEqual(['portability_old_number']);
    // The operator and the migration code come with it (the portability the number needs).
    expect(screen.getByTestId('portability-fields')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Codice di migrazione/ })).toBeTruthy();
  });

  it('without a voice plan there is no number to keep: the question is not asked', async () => {
    openStep3(false);
    const voice = await screen.findByTestId('voice-line');
    expect(voice.textContent).toContain('Non hai scelto una linea voce.');
    expect(within(voice).queryByRole('radiogroup')).toBeNull();
    expect(screen.queryAllByRole('textbox', { name: /numero/i })).toHaveLength(0);
  });
});
