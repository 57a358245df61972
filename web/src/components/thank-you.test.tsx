import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { ThankYou } from './thank-you';
import type { ThankYouData } from './thank-you';

const DATA: ThankYouData = {
  orderCode: 'hash-of-the-order', orderNumber: 'FV-2026-K7M4Q9', email: 'mario.rossi@example.it', customerName: 'Mario',
  signedAt: '2026-03-01T10:00:00.000Z', signedContractUrl: '/api/orders/hash-of-the-order/signed-contract?link=abc',
  evidenceBundleUrl: '/api/orders/hash-of-the-order/evidence-bundle?link=def', shipsRouter: false, consumer: true,
};

const show = (data: ThankYouData) => render(<AppProviders><MemoryRouter><ThankYou data={data} homePath="/" /></MemoryRouter></AppProviders>);

describe('the thank-you page\'s downloads', () => {
  afterEach(() => { cleanup(); vi.useRealTimers(); });

  it('links the signed contract and the evidence while the signature\'s links live', () => {
    show({ ...DATA, filesExpireAt: new Date(Date.now() + 60_000).toISOString() });
    expect(screen.getByRole('link', { name: 'Scarica il contratto firmato' }).getAttribute('href')).toBe(DATA.signedContractUrl);
    expect(screen.getByTestId('thank-you-evidence').querySelector('a')!.getAttribute('href')).toBe(DATA.evidenceBundleUrl);
    expect(screen.queryByTestId('thank-you-files-expired')).toBeNull();
  });

  it('sends the customer to the order\'s page once they have expired, with no dead link', () => {
    show({ ...DATA, filesExpireAt: new Date(Date.now() - 1000).toISOString() });
    expect(screen.queryByRole('link', { name: 'Scarica il contratto firmato' })).toBeNull();
    expect(screen.queryByTestId('thank-you-evidence')).toBeNull();
    const expired = screen.getByTestId('thank-you-files-expired');
    expect(expired.textContent).toContain('valeva un’ora ed è scaduto');
    expect(screen.getByRole('link', { name: 'Vai alla pagina del tuo ordine' }).getAttribute('href')).toBe('/ordine/FV-2026-K7M4Q9');
  });

  it('takes the links away when they expire while the page stays open', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00Z') });
    show({ ...DATA, filesExpireAt: '2026-03-01T11:00:00.000Z' });
    expect(screen.getByRole('link', { name: 'Scarica il contratto firmato' })).toBeTruthy();
    act(() => { vi.advanceTimersByTime(3_600_000); });
    expect(screen.queryByRole('link', { name: 'Scarica il contratto firmato' })).toBeNull();
    expect(screen.getByTestId('thank-you-files-expired')).toBeTruthy();
  });

  it('does not follow a link clicked after its expiry (a sleeping tab\'s timer may be late)', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T10:00:00Z'), toFake: ['Date'] });
    show({ ...DATA, filesExpireAt: '2026-03-01T11:00:00.000Z' });
    const link = screen.getByRole('link', { name: 'Scarica il contratto firmato' });
    vi.setSystemTime(Date.parse('2026-03-01T11:00:01Z'));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => { fireEvent(link, click); });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('thank-you-files-expired')).toBeTruthy();
  });
});
