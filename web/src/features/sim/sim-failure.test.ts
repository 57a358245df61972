import { describe, expect, it } from 'vitest';
import { ApiError } from '@checkout/contract/api/client';
import { i18n } from '../../app/i18n';
import { attemptsLeftOf, simFailure } from './sim-failure';

const t = i18n.t.bind(i18n);

describe('SIM activation failures', () => {
  // What activate-mobile-order rejects with: the error body of the envelope, or an Error.
  it.each([
    ['unknown order', { code: 'mobile_order_not_found', message: "Ordine non trovato: controlla il numero d'ordine." }, 'not_found', 'Ordine non trovato'],
    ['wrong digits, 3 left (sentence only)', { code: 'iccid_mismatch', message: "Le ultime 5 cifre dell'ICCID non corrispondono. Restano 3 tentativi.", fields: { iccid_last5: '…' } }, 'mismatch', 'Le cifre non corrispondono: ti restano 3 tentativi'],
    ['wrong digits, 1 left', { code: 'iccid_mismatch', message: "Le ultime 5 cifre dell'ICCID non corrispondono. Resta 1 tentativo." }, 'mismatch', 'Le cifre non corrispondono: ti resta 1 tentativo'],
    ['wrong digits, attempts_left wins over the sentence', { code: 'iccid_mismatch', message: 'Restano 4 tentativi.', attempts_left: 2 }, 'mismatch', 'Le cifre non corrispondono: ti restano 2 tentativi'],
    ['wrong digits, no count', { code: 'iccid_mismatch', message: 'Non corrispondono.' }, 'mismatch', 'Le cifre non corrispondono'],
    ['already active', { code: 'already_active', message: 'La SIM è già attiva.' }, 'already_active', 'SIM già attiva'],
    ['locked', { code: 'activation_locked', message: 'Troppi tentativi errati' }, 'locked', 'Troppi tentativi'],
    ['not activatable yet', { code: 'activation_not_ready', message: 'Conferma prima i dati della portabilità.' }, 'not_ready', 'La SIM non può ancora essere attivata'],
    ['rate limited', { code: 'rate_limited', message: 'Troppe richieste' }, 'rate_limited', 'Troppe richieste'],
    ['another code', { code: 'internal_error', message: 'Errore' }, 'other', 'Non è stato possibile attivare la SIM'],
  ])('%s', (_name, body, kind, title) => {
    const f = simFailure(t, body);
    expect(f.kind).toBe(kind);
    expect(f.title).toBe(title);
    expect(f.text.length).toBeGreaterThan(0);
  });

  it('keeps the server text when the SIM cannot be activated yet', () => {
    expect(simFailure(t, { code: 'activation_not_ready', message: 'Conferma prima i dati della portabilità.' }).text).toBe('Conferma prima i dati della portabilità.');
  });

  it('hands field errors of a 422 to the form', () => {
    const f = simFailure(t, { code: 'validation_error', message: 'Alcuni dati non sono validi', fields: { iccid_last5: 'Formato non valido.' } });
    expect(f).toMatchObject({ kind: 'invalid', fields: { iccid_last5: 'Formato non valido.' } });
  });

  it.each([
    ['network', new ApiError('Network Error', { code: 'network_error' }), 'Connessione assente: controlla la rete e riprova.'],
    ['timeout', new ApiError('timeout of 45000ms exceeded', { code: 'timeout' }), 'Il servizio sta rispondendo lentamente. Riprova tra qualche istante.'],
    ['plain Error', new Error('boom'), 'Si è verificato un problema. Riprova tra qualche istante.'],
  ])('a transport failure (%s) reads as a generic message', (_name, error, text) => {
    expect(simFailure(t, error)).toMatchObject({ kind: 'other', title: 'Non è stato possibile attivare la SIM', text });
  });

  it.each([
    [{ attempts_left: 0 }, 0],
    [{ message: 'Restano 12 tentativi' }, 12],
    [{ message: 'Nessun numero qui' }, undefined],
  ])('attempts left of %o', (body, left) => {
    expect(attemptsLeftOf(body)).toBe(left);
  });
});
