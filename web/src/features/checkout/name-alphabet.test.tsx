import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PERSON_NAME_MESSAGE } from '@checkout/contract/italian/person-name';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import { StepContactForm } from './step-contact-form';
import { StepPaymentForm } from './step-payment-form';
import { answer } from '../../testing/api-answers';

/*
 * Names are checked with the contract's alphabet in the browser too (italian/person-name.ts): an emoji
 * is refused next to its field before anything is sent, with the same message the server gives.
 */
const HASH = 'h'.repeat(24);

beforeEach(() => {
  useCheckoutStore.setState((s) => ({
    persistent: { ...s.persistent, lastOfferId: 101, maxStep: 4, currentStep: 1, currentOrderData: { id: HASH, hash: HASH } },
    fields: { ...s.fields, first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.it', mobile_phone_number: '3331234567', privacy_consent: true },
  }));
  useCheckoutStore.getState().answerBrandCustomer(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

/** The alert the field's `aria-describedby` points to. */
const errorNextTo = (field: HTMLElement): string | null | undefined => (field.getAttribute('aria-describedby')?.split(' ') ?? [])
  .map((id) => document.getElementById(id))
  .find((el) => el?.getAttribute('role') === 'alert')?.textContent;

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
  });
};

describe('names with emoji and symbols', () => {
  it.each([
    ['Nome *', 'first_name', '😀😀😀'],
    ['Cognome *', 'last_name', 'Bianchi 🚀'],
  ] as const)('step 1 shows the message next to %s and sends nothing', async (label, field, value) => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useCheckoutStore.getState().setFields({ [field]: value });
    render(<AppProviders><MemoryRouter><StepContactForm onDone={vi.fn()} /></MemoryRouter></AppProviders>);
    await submit();
    const input = screen.getByLabelText(label);
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(errorNextTo(input)).toBe(PERSON_NAME_MESSAGE);
    expect(screen.getByTestId('error-summary').textContent).toContain(PERSON_NAME_MESSAGE);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('step 1 sends D’Angelo and Rossi-Bianchi as typed', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)) as Record<string, unknown>);
      return answer(200, { result: true, data: { id: HASH, hash: HASH, status: 'in_progress' } });
    }));
    useCheckoutStore.getState().setFields({ first_name: 'Maria Grazia', last_name: 'D’Angelo-Rossi' });
    const onDone = vi.fn();
    render(<AppProviders><MemoryRouter><StepContactForm onDone={onDone} /></MemoryRouter></AppProviders>);
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies.at(-1)).toMatchObject({ first_name: 'Maria Grazia', last_name: 'D’Angelo-Rossi' });
  });

  it('step 4 shows the message next to the account holder’s name', async () => {
    const fetch = vi.fn(async (_url: string) => answer(200, { result: true, data: { valid: false } }));
    vi.stubGlobal('fetch', fetch);
    useCheckoutStore.getState().setFields({ sepa_first_name: 'Mario ★', sepa_last_name: 'Rossi', iban: 'IT60X0542811101000000123456' });
    render(<AppProviders><MemoryRouter><StepPaymentForm onDone={vi.fn()} /></MemoryRouter></AppProviders>);
    await submit();
    const input = screen.getByLabelText('Nome dell’intestatario del conto *');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(errorNextTo(input)).toBe(PERSON_NAME_MESSAGE);
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/step-payment'))).toEqual([]);
  });
});
