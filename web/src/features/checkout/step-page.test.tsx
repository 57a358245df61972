import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { FormFields } from '@checkout/contract';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import StepPage from './step-page';

const HASH = 's'.repeat(24);
const CONTACT: Partial<FormFields> = {
  first_name: 'Mario', last_name: 'Rossi', email: 'mario.rossi@example.com', mobile_phone_number: '3331234567', privacy_consent: true,
};

beforeEach(() => {
  // Nothing here needs the server (the promo and reference lookups wait forever).
  vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const renderStep = (path: string) => {
  const router = createMemoryRouter(
    [{ path: '/attiva/:step', element: <StepPage /> }, { path: '*', element: <p>altro</p> }],
    { initialEntries: [path] },
  );
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
  return router;
};

const reach = (maxStep: number, status: 'in_progress' | 'ready_to_sign', fields: Partial<FormFields> = CONTACT) =>
  useCheckoutStore.setState((s) => ({
    fields: { ...s.fields, ...fields },
    persistent: { ...s.persistent, maxStep, currentOrderData: { id: HASH, hash: HASH } },
    order: { id: HASH, hash: HASH, status },
  }));

describe('StepPage guard', () => {
  it('a typed later step (even the next one) opens the first incomplete one', async () => {
    reach(2, 'in_progress');
    const router = renderStep('/attiva/step-3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dati personali' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/attiva/step-2');
  });
});

describe('StepPage on step 5 of an order not ready to sign', () => {
  it('names the incomplete step and links to it', async () => {
    reach(5, 'in_progress');
    renderStep('/attiva/step-5');
    const alert = await screen.findByTestId('missing-step');
    expect(alert.textContent).toContain('manca il passo 2 (Dati personali)');
    expect(within(alert).getByRole('link', { name: 'Completa il passo 2: Dati personali' }).getAttribute('href')).toBe('/attiva/step-2');
  });

  it('names step 2 as the business heading does', async () => {
    reach(5, 'in_progress', { ...CONTACT, customer_type: 'business' });
    renderStep('/attiva/step-5');
    const alert = await screen.findByTestId('missing-step');
    expect(within(alert).getByRole('link', { name: 'Completa il passo 2: Dati dell’azienda' })).toBeTruthy();
  });

  it('says nothing when the order is ready to sign', async () => {
    reach(5, 'ready_to_sign');
    renderStep('/attiva/step-5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documento e riepilogo' })).toBeTruthy();
    expect(screen.queryByTestId('missing-step')).toBeNull();
  });
});
