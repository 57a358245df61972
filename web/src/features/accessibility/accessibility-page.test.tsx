import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ROUTES } from '@checkout/contract';
import { AppProviders } from '../../app/app-providers';
import AccessibilityPage, { AGID_REPORT_URL } from './accessibility-page';

afterEach(cleanup);

const renderPage = () => render(<AppProviders><MemoryRouter><AccessibilityPage /></MemoryRouter></AppProviders>);
const sectionNamed = (name: string): HTMLElement => screen.getByRole('region', { name });

describe('the accessibility statement', () => {
  it('is a route of its own, in the full layout, titled for the brand', () => {
    expect(ROUTES.find((r) => r.path === '/accessibilita')).toMatchObject({ layout: 'full', title: 'Dichiarazione di accessibilità - {brand}' });
  });

  it('states the conformance target and status: WCAG 2.1 AA through EN 301 549, partially met', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dichiarazione di accessibilità' })).toBeTruthy();
    expect(screen.getByText(/European Accessibility Act/).textContent).toContain('Fibra Viva');
    const status = sectionNamed('Stato di conformità').textContent;
    for (const words of ['parzialmente conforme', 'EN 301 549', 'WCAG 2.1 di livello AA']) expect(status).toContain(words);
  });

  it('lists what is not yet accessible, each with its way round', () => {
    renderPage();
    const items = within(sectionNamed('Contenuti non accessibili')).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(3);
    expect(items[0]).toMatch(/PDF.*formato alternativo/);
    expect(items[1]).toContain('Scarica il contratto');
    expect(items[2]).toContain('nuovo codice');
  });

  it('says how to report a problem (an email with its subject) and where to turn next (AgID)', () => {
    renderPage();
    const mail = within(sectionNamed('Segnalazioni e richieste')).getByRole('link', { name: 'assistenza@fibraviva.it' });
    expect(mail.getAttribute('href')).toBe('mailto:assistenza@fibraviva.it?subject=Dichiarazione%20di%20accessibilit%C3%A0');
    expect(sectionNamed('Segnalazioni e richieste').textContent).toContain('entro 30 giorni');
    const enforcement = sectionNamed('Procedura di attuazione');
    expect(enforcement.textContent).toContain('Agenzia per l’Italia Digitale (AgID)');
    expect(within(enforcement).getByRole('link', { name: 'form.agid.gov.it' }).getAttribute('href')).toBe(AGID_REPORT_URL);
  });

  it('dates the statement', () => {
    renderPage();
    expect(screen.getByTestId('accessibility-prepared').textContent).toMatch(/^Dichiarazione redatta il \d{1,2} \w+ \d{4}/);
  });
});
