import { describe, expect, it } from 'vitest';
import { ApiError } from '@checkout/contract/api/client';
import { i18n } from '../app/i18n';
import { isClientError, toUiError } from './ui-error';

const t = i18n.t.bind(i18n);

const refused = (status: number, error: Record<string, unknown>) =>
  new ApiError(`Request failed with status code ${status}`, {
    code: String(error.code), status, body: { result: false, error }, fields: error.fields as Record<string, string> | undefined,
  });

describe('toUiError', () => {
  it('a 4xx says the server\'s sentence, with its code, fields and the numbers beside them', () => {
    const error = refused(429, { code: 'otp_cooldown', message: 'Attendi 30 secondi.', fields: { otp: 'Attendi.' }, retry_after_seconds: 30 });
    expect(toUiError(error, t)).toEqual({
      code: 'otp_cooldown', status: 429, message: 'Attendi 30 secondi.', serverMessage: 'Attendi 30 secondi.', fields: { otp: 'Attendi.' }, extra: { retry_after_seconds: 30 },
    });
  });

  it('a 5xx names its request for support; a refusal to retry later says the server\'s sentence', () => {
    const failed = toUiError(refused(500, { code: 'internal_error', message: 'Boom', request_id: '3f2a9c41-7d0e-4b8a-9f1e-2c6d5a4b3e21' }), t);
    expect(failed.message).toBe(t('apiErrors.genericWithReference', { reference: '3f2a9c41' }));
    expect(failed.message).toContain('3f2a9c41');
    const busy = toUiError(refused(503, { code: 'server_busy', message: 'Il servizio è molto richiesto in questo momento: riprova tra pochi secondi.', retry_after_seconds: 5 }), t);
    expect(busy).toMatchObject({ message: 'Il servizio è molto richiesto in questo momento: riprova tra pochi secondi.', extra: { retry_after_seconds: 5 } });
  });

  it('a 5xx and an answer without a sentence get the generic text', () => {
    expect(toUiError(refused(500, { code: 'internal_error', message: 'Boom' }), t).message).toBe(t('apiErrors.generic'));
    expect(toUiError(refused(404, { code: 'not_found', message: ' ' }), t).message).toBe(t('apiErrors.generic'));
  });

  it('transport failures get their own texts', () => {
    expect(toUiError(new ApiError('Network Error', { code: 'network_error' }), t)).toMatchObject({ code: 'network_error', status: null, message: t('apiErrors.network') });
    expect(toUiError(new ApiError('timeout of 45000ms exceeded', { code: 'timeout' }), t).message).toBe(t('apiErrors.timeout'));
  });

  it('reads the bodies sign-with-otp and activate-mobile-order reject with (SPEC §7), numbers included', () => {
    const sign = { result: false, error: { code: 'otp_wrong', message: 'Codice errato: restano 4 tentativi.', attempts_left: 4, fields: { otp: 'Codice errato.' } } };
    expect(toUiError(sign, t)).toMatchObject({ code: 'otp_wrong', status: null, message: 'Codice errato: restano 4 tentativi.', fields: { otp: 'Codice errato.' }, extra: { attempts_left: 4 } });
    expect(toUiError({ code: 'activation_delayed', message: 'Riprova tra 8 secondi.', retry_after_seconds: 8 }, t).extra).toEqual({ retry_after_seconds: 8 });
    expect(toUiError({ code: 'otp_wrong', message: '', attempts_left: '4' }, t)).toMatchObject({ message: t('apiErrors.generic'), extra: {} });
  });

  it('anything else is a generic failure without a code', () => {
    expect(toUiError(new Error('Nessun ordine in corso'), t)).toEqual({ code: null, status: null, message: t('apiErrors.generic'), serverMessage: null, fields: {}, extra: {} });
    expect(toUiError(undefined, t).code).toBeNull();
  });

  it('isClientError: a 4xx answer is not retried, a transport failure or 5xx may be', () => {
    expect(isClientError(refused(422, { code: 'validation_error', message: 'x' }))).toBe(true);
    expect(isClientError(refused(503, { code: 'shutting_down', message: 'x' }))).toBe(false);
    expect(isClientError(new ApiError('Network Error', { code: 'network_error' }))).toBe(false);
    expect(isClientError(new Error('x'))).toBe(false);
  });
});
