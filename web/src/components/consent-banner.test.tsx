import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AppProviders } from '../app/app-providers';
import { CONSENT_COOKIE, readConsentChoice, resetAnalyticsForTests } from '../lib/analytics';
import { deleteCookie } from '../lib/cookies';
import { ConsentBanner } from './consent-banner';

afterEach(() => {
  cleanup();
  deleteCookie(CONSENT_COOKIE);
  resetAnalyticsForTests();
});

const banner = () => render(<AppProviders><ConsentBanner /></AppProviders>);

describe('consent banner', () => {
  it.each([
    ['Accetta tutti', { analytics: true, marketing: true }],
    ['Rifiuta', { analytics: false, marketing: false }],
  ])('%s saves the choice and hides the banner', (button, choice) => {
    banner();
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(readConsentChoice()).toEqual(choice);
    expect(screen.queryByRole('region', { name: 'Preferenze cookie' })).toBeNull();
  });

  it('Personalizza lets the visitor pick analytics only', () => {
    banner();
    fireEvent.click(screen.getByRole('button', { name: 'Personalizza' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Statistici' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salva preferenze' }));
    expect(readConsentChoice()).toEqual({ analytics: true, marketing: false });
  });
});
