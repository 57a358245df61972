import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../app/app-providers';
import { Customizer } from '../app/theme/customizer';
import { CONSENT_COOKIE, readConsentChoice, resetAnalyticsForTests, saveConsentChoice } from '../lib/analytics';
import { deleteCookie } from '../lib/cookies';
import { ConsentBanner, openConsentPreferences } from './consent-banner';

afterEach(() => {
  cleanup();
  deleteCookie(CONSENT_COOKIE);
  resetAnalyticsForTests();
});

const banner = () => render(<AppProviders><ConsentBanner /></AppProviders>);
const region = () => screen.queryByRole('region', { name: 'Preferenze cookie' });

describe('consent banner', () => {
  it.each([
    ['Accetta tutti', { analytics: true, marketing: true }],
    ['Rifiuta', { analytics: false, marketing: false }],
  ])('%s saves the choice and hides the banner', (button, choice) => {
    banner();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(readConsentChoice()).toEqual(choice);
    expect(region()).toBeNull();
  });

  it('refusing is as prominent as accepting: same look, same size, both enabled', () => {
    banner();
    const accept = screen.getByRole('button', { name: 'Accetta tutti' });
    const reject = screen.getByRole('button', { name: 'Rifiuta' });
    expect(reject.className).toBe(accept.className);
    expect(reject.className).not.toMatch(/outline|secondary|btn-link/);
    expect(reject.hasAttribute('disabled')).toBe(false);
  });

  it('Scegli i cookie lets the visitor pick analytics only', () => {
    banner();
    fireEvent.click(screen.getByRole('button', { name: 'Scegli i cookie' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Statistici' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva preferenze' }));
    expect(readConsentChoice()).toEqual({ analytics: true, marketing: false });
  });

  it('its buttons and the customizer gear all have names of their own', () => {
    render(<AppProviders><Customizer /><ConsentBanner /></AppProviders>);
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Personalizza l’interfaccia');
  });

  it('links the cookie policy', () => {
    banner();
    const link = screen.getByRole('link', { name: /cookie policy/ });
    expect(link.getAttribute('href')).toBe('https://www.fibraviva.it/legale/cookie-policy');
  });

  it('comes back when asked, with the choice made before, and the new choice replaces it', () => {
    saveConsentChoice({ analytics: true, marketing: false });
    banner();
    expect(region()).toBeNull();
    act(() => openConsentPreferences());
    expect(region()).not.toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rispettiamo la tua privacy' }));
    expect((screen.getByRole('switch', { name: 'Statistici' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Marketing' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Rifiuta' }));
    expect(readConsentChoice()).toEqual({ analytics: false, marketing: false });
    expect(region()).toBeNull();
  });
});
