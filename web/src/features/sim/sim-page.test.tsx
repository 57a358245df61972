import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../app/app-providers';
import { answer } from '../../testing/api-answers';
import SimPage from './sim-page';

/*
 * The SIM activation page as the server answers it: before the right digits the answer never says
 * whether the order exists (one refusal for an unknown number and wrong digits), and too many wrong
 * tries bring a wait, not a lock.
 */

const renderPage = () => render(
  <AppProviders>
    <MemoryRouter initialEntries={['/attiva-sim/MO-2026-000123']}>
      <Routes><Route path="/attiva-sim/:orderid" element={<SimPage />} /></Routes>
    </MemoryRouter>
  </AppProviders>,
);

const answerWith = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => answer(status, body)));
const orderBox = () => screen.getByRole('textbox', { name: /Numero d’ordine/ });
const digitsBox = () => screen.getByRole('textbox', { name: /Ultime 5 cifre dell’ICCID/ });
const submit = (digits: string) => {
  fireEvent.change(digitsBox(), { target: { value: digits } });
  fireEvent.click(screen.getByRole('button', { name: 'Attiva la SIM' }));
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SIM activation page', () => {
  it('an unknown order or wrong digits: one message, both fields marked', async () => {
    answerWith(422, {
      result: false,
      error: {
        code: 'activation_mismatch',
        message: "Il numero d'ordine o le ultime 5 cifre dell'ICCID non corrispondono: controlla la lettera che accompagna la SIM.",
        fields: { order_number: "Controlla il numero d'ordine.", iccid_last5: "Controlla le ultime 5 cifre dell'ICCID." },
      },
    });
    renderPage();
    submit('99999');
    const alert = await screen.findByTestId('sim-error');
    const [title, text] = [...alert.querySelectorAll('p')].map((p) => p.textContent);
    expect(title).toBe('I dati non corrispondono');
    expect(text).toBe("Il numero d'ordine o le ultime 5 cifre dell'ICCID non corrispondono: controlla la lettera che accompagna la SIM.");
    expect(orderBox().getAttribute('aria-invalid')).toBe('true');
    expect(digitsBox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText("Controlla il numero d'ordine.").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Controlla le ultime 5 cifre dell'ICCID.").length).toBeGreaterThan(0);
  });

  it('too many wrong tries: says how long to wait', async () => {
    answerWith(429, {
      result: false,
      error: { code: 'activation_delayed', message: 'Troppi tentativi non riusciti: per sicurezza puoi riprovare tra 8 secondi.', retry_after_seconds: 8 },
    });
    renderPage();
    submit('00017');
    const alert = await screen.findByTestId('sim-error');
    const [title, text] = [...alert.querySelectorAll('p')].map((p) => p.textContent);
    expect(title).toBe('Troppi tentativi');
    expect(text).toBe('Troppi tentativi non riusciti: per sicurezza puoi riprovare tra 8 secondi.');
    expect(alert.textContent).not.toContain('servizio clienti');
  });
});
