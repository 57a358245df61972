import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ConsentBanner } from '../../components/consent-banner';
import { ModalHost } from '../modal-host';
import { closeModal } from '../../components/modals/modal-store';
import { CONSENT_COOKIE, readConsentChoice, resetAnalyticsForTests, saveConsentChoice } from '../../lib/analytics';
import { deleteCookie } from '../../lib/cookies';
import { AppProviders } from '../app-providers';
import { CheckoutLayout } from './checkout-layout';
import { FullLayout } from './full-layout';

afterEach(() => {
  act(() => closeModal());
  cleanup();
  deleteCookie(CONSENT_COOKIE);
  resetAnalyticsForTests();
});

const renderIn = (layout: 'full' | 'checkout', path: string) => {
  const router = createMemoryRouter([
    { element: layout === 'full' ? <FullLayout /> : <CheckoutLayout />, children: [{ path: '*', element: <h1>Pagina</h1> }] },
  ], { initialEntries: [path] });
  render(<AppProviders><RouterProvider router={router} /><ModalHost /><ConsentBanner /></AppProviders>);
};
const footer = () => screen.getByRole('contentinfo', { name: 'Informazioni legali' });

describe('the footer', () => {
  it.each([
    ['Informativa privacy', 'privacy'],
    ['Cookie policy', 'cookie-policy'],
    ['Condizioni generali', 'condizioni-generali'],
    ['Carta dei servizi', 'carta-dei-servizi'],
    ['Trasparenza tariffaria', 'trasparenza-tariffaria'],
  ])('links %s to the brand’s legal pages, in a new tab', (name, page) => {
    renderIn('checkout', '/attiva/step-1');
    const link = within(footer()).getByRole('link', { name: new RegExp(`^${name}`) });
    expect(link.getAttribute('href')).toBe(`https://www.fibraviva.it/legale/${page}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('si apre in una nuova scheda');
  });

  it('"Preferenze cookie" reopens the consent choice', () => {
    saveConsentChoice({ analytics: false, marketing: false });
    renderIn('checkout', '/attiva/step-1');
    expect(screen.queryByTestId('consent-banner')).toBeNull();
    const reopen = within(footer()).getByRole('button', { name: 'Preferenze cookie' });
    reopen.focus();
    fireEvent.click(reopen);
    expect(screen.getByTestId('consent-banner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accetta tutti' }));
    expect(readConsentChoice()).toEqual({ analytics: true, marketing: true });
    expect(document.activeElement).toBe(reopen);
  });

  it('links the accessibility statement, in the site itself', () => {
    renderIn('checkout', '/attiva/step-1');
    const link = within(footer()).getByRole('link', { name: 'Dichiarazione di accessibilità' });
    expect(link.getAttribute('href')).toBe('/accessibilita');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('"Assistenza clienti" opens the support dialog', async () => {
    renderIn('checkout', '/attiva/step-1');
    fireEvent.click(within(footer()).getByRole('button', { name: 'Assistenza clienti' }));
    expect(await screen.findByRole('dialog', { name: 'Hai bisogno di aiuto?' })).toBeTruthy();
  });
});

describe('the full layout (SIM activation, document upload, portability, 404)', () => {
  it.each(['/attiva-sim', '/document-upload/ABC123', '/dati-portabilita', '/error-404'])('%s has the support button and the footer', async (path) => {
    renderIn('full', path);
    expect(footer()).toBeTruthy();
    expect(within(footer()).getByRole('button', { name: 'Preferenze cookie' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assistenza' }));
    expect(await screen.findByRole('dialog', { name: 'Hai bisogno di aiuto?' })).toBeTruthy();
  });
});
