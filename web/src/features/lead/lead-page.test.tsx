import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { useCheckoutStore } from '../../state/checkout-store';
import LeadPage from './lead-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const renderLead = () => {
  const router = createMemoryRouter([{ path: '/attiva/richiedi-offerta/:reason?', element: <LeadPage /> }], { initialEntries: ['/attiva/richiedi-offerta'] });
  render(<AppProviders><RouterProvider router={router} /></AppProviders>);
};

describe('request an offer', () => {
  it('says its errors in the checkout steps’ words, in the same summary', async () => {
    renderLead();
    fireEvent.click(await screen.findByRole('button', { name: 'Invia la richiesta' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('heading').textContent).toBe('Ci sono 5 errori da correggere');
    const items = within(summary).getAllByRole('link').map((a) => a.textContent);
    expect(items).toEqual([
      'Nome: Campo obbligatorio.',
      'Cognome: Campo obbligatorio.',
      'Email: Campo obbligatorio.',
      'Telefono: Campo obbligatorio.',
      expect.stringMatching(/: Per procedere occorre accettare l'informativa sulla privacy\.$/) as string,
    ]);
    expect(screen.getByRole('checkbox', { name: /Ho letto l’informativa/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('links the privacy notice next to its privacy checkbox', async () => {
    renderLead();
    const link = await screen.findByRole('link', { name: /Leggi l’informativa privacy/ });
    expect(link.getAttribute('href')).toBe('https://www.fibraviva.it/legale/privacy');
    expect(link.getAttribute('target')).toBe('_blank');
    const checkbox = screen.getByRole('checkbox', { name: /Ho letto l’informativa/ });
    expect(checkbox.closest('.form-check')?.contains(link)).toBe(true);
  });
});
