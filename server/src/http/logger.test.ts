import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/dialects';
import { loggerOptions, maskUrl } from './logger';

describe('logs', () => {
  it('redact personal data wherever it appears', () => {
    const lines: string[] = [];
    const stream = new Writable({ write(c, _e, cb) { lines.push(String(c)); cb(); } });
    const opts = loggerOptions(testConfig({ logLevel: 'info' })) as pino.LoggerOptions;
    const log = pino(opts, stream);
    log.info({ cf: 'RSSMRA80A01H501U', body: { iban: 'IT60X0542811101000000123456', email: 'a@b.it', nested: { otp: '123456' } }, ok: 'visible' }, 'x');
    const out = lines.join('');
    for (const secret of ['RSSMRA80A01H501U', 'IT60X0542811101000000123456', 'a@b.it', '123456']) expect(out).not.toContain(secret);
    expect(out).toContain('visible');
    expect(out).toContain('[redacted]');
  });

  it('leave the logged objects as they were, and errors readable', () => {
    const lines: string[] = [];
    const stream = new Writable({ write(c, _e, cb) { lines.push(String(c)); cb(); } });
    const log = pino(loggerOptions(testConfig({ logLevel: 'info' })) as pino.LoggerOptions, stream);
    const body = { email: 'a@b.it' };
    const items = [{ iban: 'IT60X0542811101000000123456' }];
    const err = Object.assign(new Error('boom'), { details: { cf: 'RSSMRA80A01H501U' } });
    log.info({ body, items, err, headers: { authorization: 'Bearer s3cret', 'set-cookie': 'sid=s3cret' } }, 'x');
    const line = JSON.parse(lines.join('')) as { body: { email: string }; items: Array<{ iban: string }>; err: { message: string; details: { cf: string } }; headers: Record<string, string> };
    expect(line.body.email).toBe('[redacted]');
    expect(line.items[0]?.iban).toBe('[redacted]');
    expect(line.err.message).toBe('boom');
    expect(line.err.details.cf).toBe('[redacted]');
    expect(line.headers).toEqual({ authorization: '[redacted]', 'set-cookie': '[redacted]' });
    expect(body.email).toBe('a@b.it');
    expect(items[0]?.iban).toBe('IT60X0542811101000000123456');
    expect(err.details.cf).toBe('RSSMRA80A01H501U');
  });

  it.each([
    ['/api/orders/AbCdEf123/send-otp', '/api/orders/:ref/send-otp'],
    ['/api/orders/new', '/api/orders/new'],
    ['/api/orders/activate-mobile-order', '/api/orders/activate-mobile-order'],
    ['/api/medias/42/delete', '/api/medias/:id/delete'],
    ['/document-upload/ZX81', '/document-upload/:ref'],
    ['/attiva/fill-order/pre/CODE1', '/attiva/fill-order/pre/:ref'],
    ['/attiva/step-1?email=a@b.it', '/attiva/step-1?…'],
    ['/api/italy/provinces/', '/api/italy/provinces/'],
  ])('maskUrl(%s) = %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });
});
