import { describe, expect, it } from 'vitest';
import { ApiError } from '@checkout/contract/api/client';
import { i18n } from '../../app/i18n';
import { simFailure } from './sim-failure';

const t = i18n.t.bind(i18n);

const MISMATCH = "Il numero d'ordine o le ultime 5 cifre dell'ICCID non corrispondono: controlla la lettera che accompagna la SIM.";
const DELAYED = 'Troppi tentativi non riusciti: per sicurezza puoi riprovare tra 8 secondi.';

describe('SIM activation failures', () => {
  // What activate-mobile-order rejects with: the error body of the envelope, or an Error.
  it.each([
    ['unknown order or wrong digits', { code: 'activation_mismatch', message: MISMATCH }, 'mismatch', 'I dati non corrispondono', MISMATCH],
    ['a wait after wrong attempts', { code: 'activation_delayed', message: DELAYED, retry_after_seconds: 8 }, 'delayed', 'Troppi tentativi', DELAYED],
    ['already active', { code: 'already_active', message: 'La SIM è già attiva.' }, 'already_active', 'SIM già attiva', 'Questa SIM è già attiva: non devi fare altro.'],
    ['not activatable yet', { code: 'activation_not_ready', message: 'Conferma prima i dati della portabilità.' }, 'not_ready', 'La SIM non può ancora essere attivata', 'Conferma prima i dati della portabilità.'],
    ['rate limited', { code: 'rate_limited', message: 'Troppe richieste' }, 'rate_limited', 'Troppe richieste', 'Attendi un minuto e riprova.'],
    ['another code', { code: 'internal_error', message: 'Errore' }, 'other', 'Non è stato possibile attivare la SIM', 'Errore'],
  ])('%s', (_name, body, kind, title, text) => {
    const f = simFailure(t, body);
    expect(f.kind).toBe(kind);
    expect(f.title).toBe(title);
    expect(f.text).toBe(text);
  });

  it('hands the fields of a mismatch to the form: both may be wrong', () => {
    const fields = { order_number: "Controlla il numero d'ordine.", iccid_last5: "Controlla le ultime 5 cifre dell'ICCID." };
    expect(simFailure(t, { code: 'activation_mismatch', message: MISMATCH, fields })).toMatchObject({ kind: 'mismatch', fields });
  });

  it('says to check both the number and the digits when a mismatch comes without a sentence', () => {
    expect(simFailure(t, { code: 'activation_mismatch', message: '' }).text).toBe('Controlla il numero d’ordine e le ultime 5 cifre del codice ICCID: li trovi nella lettera che accompagna la SIM e sulla SIM.');
  });

  it.each([
    [{ retry_after_seconds: 8 }, 8],
    [{ retry_after_seconds: 0 }, undefined],
    [{ retry_after_seconds: '8' }, undefined],
    [{}, undefined],
  ])('keeps the seconds to wait of %o', (extra, seconds) => {
    expect(simFailure(t, { code: 'activation_delayed', message: DELAYED, ...extra }).retryAfterSeconds).toBe(seconds);
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
});
