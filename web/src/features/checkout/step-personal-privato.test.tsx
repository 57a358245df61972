import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import { answer } from '../../testing/api-answers';
import { StepPersonalPrivato } from './step-personal-privato';

/*
 * The codice fiscale is checked against the names of step 1: when the server says they disagree, step 2
 * says so and links back to step 1, where the names can be corrected.
 */
const HASH = 'p'.repeat(24);

beforeEach(() => {
  useCheckoutStore.setState((s) => ({
    persistent: { ...s.persistent, lastOfferId: 101, maxStep: 2, currentStep: 2, currentOrderData: { id: HASH, hash: HASH } },
    fields: {
      ...s.fields, customer_type: 'privato', first_name: 'Mario', last_name: 'Rosi', email: 'mario.rossi@example.it', mobile_phone_number: '3331234567', privacy_consent: true,
      cf: 'RSSMRA80A01H501U', sex: 'M', birth_date: '01/01/1980', birth_city: 'Roma', birth_province: 'RM', country: 'Italia', nationality: 'Italia',
      residenza_indirizzo: 'Via del Corso', residenza_civico: '10', residenza_comune: 'Roma', residenza_cap: '00186', residenza_provincia: 'RM',
    },
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const refusedOn = (fields: Record<string, string>) => answer(422, {
  result: false, error: { code: 'validation_error', message: 'Controlla i campi evidenziati.', fields },
});

const submitWith = async (response: Response) => {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (String(url).includes('/step-personal') ? response.clone() : new Promise(() => undefined))));
  render(<AppProviders><MemoryRouter><StepPersonalPrivato onDone={vi.fn()} /></MemoryRouter></AppProviders>);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
  });
};

describe('a codice fiscale that disagrees with the names of step 1', () => {
  it('says so and links to step 1', async () => {
    await submitWith(refusedOn({ cf: 'Il codice fiscale non corrisponde a: cognome.', last_name: 'Non corrisponde al codice fiscale.' }));
    const summary = await screen.findByTestId('error-summary');
    expect(summary.textContent).toContain('Il codice fiscale non corrisponde al nome o al cognome indicati al passo 1');
    expect(within(summary).getByRole('link', { name: 'Correggi nome e cognome al passo 1' }).getAttribute('href')).toBe('/attiva/step-1');
    const cf = screen.getByLabelText(/^Codice fiscale/, { selector: 'input' });
    await waitFor(() => expect(cf.getAttribute('aria-invalid')).toBe('true'));
  });

  it('offers no way back for a mismatch this step owns (the birth date)', async () => {
    await submitWith(refusedOn({ cf: 'Il codice fiscale non corrisponde a: data di nascita.', birth_date: 'Non corrisponde al codice fiscale.' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).queryByRole('link', { name: /passo 1/ })).toBeNull();
  });
});
