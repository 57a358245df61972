import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { useCheckoutStore } from '../state/checkout-store';
import { pillStates, ProgressPills } from './progress-pills';

afterEach(() => {
  cleanup();
  localStorage.clear();
  useCheckoutStore.setState(useCheckoutStore.getInitialState());
});

const active = (maxStep: number, path: string, canSign = false) => pillStates(maxStep, path, canSign).filter((p) => p.active).map((p) => p.step);

describe('pillStates', () => {
  it.each([
    [0, '/attiva/step-1', false, [1]],
    [3, '/attiva/step-2', false, [1, 2, 3]],
    [5, '/attiva/step-5', false, [1, 2, 3, 4, 5]],
    [5, '/attiva/step-5', true, [1, 2, 3, 4, 5, 6]],
    [2, '/attiva/firma', false, [1, 2, 6]],
  ])('maxStep %i on %s (can sign: %s) → active %j', (maxStep, path, canSign, expected) => {
    expect(active(maxStep, path, canSign)).toEqual(expected);
  });
});

describe('ProgressPills', () => {
  it('links the reached steps, disables the rest and marks the current one', () => {
    useCheckoutStore.setState((s) => ({ persistent: { ...s.persistent, maxStep: 3 } }));
    render(<AppProviders><MemoryRouter initialEntries={['/attiva/step-2']}><ProgressPills /></MemoryRouter></AppProviders>);
    const nav = screen.getByRole('navigation', { name: 'Avanzamento dell’ordine' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/attiva/step-1', '/attiva/step-2', '/attiva/step-3']);
    expect(screen.getByRole('link', { name: '2. Dati personali' }).getAttribute('aria-current')).toBe('step');
    expect(screen.getByRole('link', { name: '1. Contatti' }).getAttribute('aria-current')).toBeNull();
    const disabled = Array.from(nav.querySelectorAll('[aria-disabled="true"]')).map((el) => el.textContent);
    expect(disabled).toEqual(['4. Pagamento (non ancora disponibile)', '5. Documento (non ancora disponibile)', 'Firma (non ancora disponibile)']);
  });
});
