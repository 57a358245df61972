import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/dialects';
import { childLoggerFactory, loggerOptions, maskUrl } from './logger';

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

  it("a request's logger is pino's child only once it writes a line, and every line carries its bindings", () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({ write(c, _e, cb) { lines.push(JSON.parse(String(c)) as Record<string, unknown>); cb(); } });
    let children = 0;
    const root = pino({ ...(loggerOptions(testConfig({ logLevel: 'warn' })) as pino.LoggerOptions), onChild: () => { children++; } }, stream);
    const log = childLoggerFactory.call(undefined as never, root, { request_id: 'r-1' }, {}, undefined as never);
    log.info({ cf: 'RSSMRA80A01H501U' }, 'below the level');
    log.debug('below the level');
    expect(children).toBe(0);
    expect(log.level).toBe('warn');
    log.warn({ cf: 'RSSMRA80A01H501U', n: 1 }, 'first %s', 'line');
    log.error('second');
    expect(children).toBe(1);
    expect(lines.map((l) => [l.request_id, l.msg, l.cf, l.level])).toEqual([['r-1', 'first line', '[redacted]', 40], ['r-1', 'second', undefined, 50]]);
    // A lower level set on it afterwards is its own (the root stays at warn).
    log.level = 'debug';
    log.debug('now written');
    root.debug('not this one');
    expect(lines.map((l) => l.msg)).toEqual(['first line', 'second', 'now written']);
    expect(log.child({ step: 2 }).level).toBe('debug');
    // The root's level read at each line: lowered later, a fresh request logger writes at once.
    root.level = 'info';
    const other = childLoggerFactory.call(undefined as never, root, { request_id: 'r-2' }, {}, undefined as never);
    other.info('info now');
    expect(lines.at(-1)).toMatchObject({ request_id: 'r-2', msg: 'info now' });
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
