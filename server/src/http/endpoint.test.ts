import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect, buildTestApp } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { LEAKED_SECRET, modulesWithTest } from '../../test/support/test-endpoints';
import { italianErrorMap, zodFields } from './errors';
import { stripClientFields } from './endpoint';
import { z } from 'zod';

const KEY = 'demo-public-key';

describeEachDialect('registerEndpoint', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({ write(chunk, _enc, cb) { logLines.push(String(chunk)); cb(); } });
    t = await buildTestApp(dialect, { modules: modulesWithTest, logStream, config: { logLevel: 'error' } });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  it('wraps the handler value in the success envelope, with params, without api_key and _ fields', async () => {
    const res = await post('/api/test/abc/echo/', { api_key: KEY, name: ' Ada ', _tmp: 'x', extra: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, data: { name: 'Ada', thing: 'abc', keys: ['name'] } });
  });

  it('accepts the path with or without its trailing slash', async () => {
    expect((await post('/api/test/abc/echo', { api_key: KEY, name: 'Ada' })).statusCode).toBe(200);
  });

  it.each([
    ['missing', { name: 'Ada' }],
    ['wrong', { api_key: 'nope', name: 'Ada' }],
    ['not a string', { api_key: 42, name: 'Ada' }],
    ['empty', { api_key: '', name: 'Ada' }],
  ])('answers 401 when the api key is %s (before validating the body)', async (_label, body) => {
    const res = await post('/api/test/abc/echo/', body);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ result: false, error: { code: 'invalid_api_key', message: expect.any(String), request_id: expect.any(String) } });
  });

  it.each([
    ['a JSON array', []],
    ['a JSON string', 'hello'],
    ['null', null],
  ])('answers 401 for %s as body', async (_label, body) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/abc/echo/', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect(res.statusCode).toBe(401);
    expect(res.json().result).toBe(false);
  });

  it('answers 422 with Italian messages per field', async () => {
    const res = await post('/api/test/abc/echo/', { api_key: KEY, name: 'too long name', age: 12, email: 'nope' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      result: false,
      error: {
        code: 'validation_error', message: expect.any(String),
        fields: { name: 'Inserire al massimo 5 caratteri.', age: 'Il valore deve essere almeno 18.', email: 'Indirizzo email non valido.' },
        request_id: expect.any(String),
      },
    });
    const missing = await post('/api/test/abc/echo/', { api_key: KEY });
    expect(missing.json().error.fields).toEqual({ name: 'Campo obbligatorio.' });
  });

  it('turns an unexpected throw into a generic 500 and logs it', async () => {
    const res = await post('/api/orders/secret-hash-123/boom', { api_key: KEY });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ result: false, error: { code: 'internal_error', message: 'Si è verificato un errore imprevisto. Riprova più tardi.', request_id: expect.any(String) } });
    expect(res.body).not.toContain(LEAKED_SECRET);
    const logged = logLines.map((l) => JSON.parse(l) as { level: number; err?: { message: string }; req?: { url: string } });
    const entry = logged.find((l) => l.err?.message === LEAKED_SECRET);
    expect(entry?.level).toBe(50);
    // The order hash is a bearer secret: the log keeps the route shape only.
    expect(logLines.join('\n')).not.toContain('secret-hash-123');
  });

  it('still answers after the failure', async () => {
    expect((await post('/api/test/x/echo/', { api_key: KEY, name: 'A' })).statusCode).toBe(200);
  });
});

describe('helpers', () => {
  it('stripClientFields drops api_key and _-prefixed fields only', () => {
    expect(stripClientFields({ api_key: 'k', _a: 1, b: 2, c_: 3 })).toEqual({ b: 2, c_: 3 });
  });

  it('a message written in the schema wins over the Italian default', () => {
    const schema = z.object({ a: z.string().regex(/^\d+$/, 'Solo cifre.'), b: z.string() });
    const r = schema.safeParse({ a: 'x', b: 1 }, { error: italianErrorMap });
    expect(r.success).toBe(false);
    if (!r.success) expect(zodFields(r.error)).toEqual({ a: 'Solo cifre.', b: 'Valore non valido.' });
  });
});
