import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { modulesWithTest } from '../../test/support/test-endpoints';
import { toFailure } from './error-handler';
import { AppError } from './errors';

const KEY = 'demo-public-key';
const ECHO = '/api/test/abc/echo/';

describeEachDialect('error envelope', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { modules: modulesWithTest });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it.each(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const)('unknown /api path with %s → 404 envelope', async (method) => {
    const res = await t.app.inject({ method, url: '/api/nope/nothing', ...(method === 'GET' ? {} : { payload: { api_key: KEY } }) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: false, error: { code: 'not_found', message: expect.any(String), request_id: expect.any(String) } });
  });

  it('a known API path with the wrong method is a 404 envelope too', async () => {
    const res = await t.app.inject({ method: 'GET', url: ECHO });
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toBe(false);
  });

  it('a malformed URL escape answers 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/%E0%A4%A/echo/', payload: { api_key: KEY, name: 'a' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(false);
  });

  it.each([
    ['malformed JSON', '{"api_key": "x",', 'application/json', 400, 'bad_request'],
    ['empty JSON body', '', 'application/json', 400, 'bad_request'],
    ['text/plain', 'api_key=demo', 'text/plain', 415, 'unsupported_media_type'],
    ['form-encoded', 'api_key=demo', 'application/x-www-form-urlencoded', 415, 'unsupported_media_type'],
    ['xml', '<a/>', 'application/xml', 415, 'unsupported_media_type'],
  ])('%s → %i', async (_label, payload, contentType, status, code) => {
    const res = await t.app.inject({ method: 'POST', url: ECHO, headers: { 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ result: false, error: { code, message: expect.any(String), request_id: expect.any(String) } });
  });

  it('a 10 MB body over a real socket → 413 envelope, and the server keeps serving', async () => {
    const big = JSON.stringify({ api_key: KEY, name: 'x'.repeat(10 * 1024 * 1024) });
    const res = await fetch(`${base}${ECHO}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ result: false, error: { code: 'payload_too_large', message: expect.any(String), request_id: expect.any(String) } });
    const after = await fetch(`${base}${ECHO}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ api_key: KEY, name: 'ok' }) });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ result: true });
  });

  it('a 10 MB body without content-length (chunked) → 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(1024 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"'));
        if (sent++ < 10) controller.enqueue(chunk); else { controller.enqueue(new TextEncoder().encode('"}')); controller.close(); }
      },
    });
    const res = await fetch(`${base}${ECHO}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describeEachDialect('rate limit', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: modulesWithTest, config: { rateLimitMax: 3 } }); });
  afterAll(async () => t.close());

  it('answers 429 in the envelope after RATE_LIMIT_MAX calls a minute, API only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ method: 'POST', url: ECHO, payload: { api_key: KEY, name: 'a' } })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject({ method: 'POST', url: ECHO, payload: { api_key: KEY, name: 'a' } });
    expect(res.json()).toEqual({ result: false, error: { code: 'rate_limited', message: expect.any(String), request_id: expect.any(String) } });
    expect(res.headers['retry-after']).toBeDefined();
    // Pages are not limited.
    expect((await t.app.inject({ method: 'GET', url: '/attiva/step-1' })).statusCode).not.toBe(429);
  });
});

describe('toFailure', () => {
  it.each([
    [new AppError('conflict', 409, 'Già fatto.'), 409, 'conflict'],
    [Object.assign(new Error('x'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), 413, 'payload_too_large'],
    [Object.assign(new Error('x'), { statusCode: 418 }), 418, 'bad_request'],
    [Object.assign(new Error('x'), { statusCode: 503 }), 500, 'internal_error'],
    [Object.assign(new Error('x'), { validation: [{ instancePath: '/a/b', params: {} }, { instancePath: '', params: { missingProperty: 'c' } }] }), 422, 'validation_error'],
    ['a string thrown', 500, 'internal_error'],
    [null, 500, 'internal_error'],
  ])('%o → %i %s', (error, status, code) => {
    const f = toFailure(error);
    expect(f.status).toBe(status);
    expect(f.body.error.code).toBe(code);
  });

  it('maps Fastify validation errors to fields', () => {
    const f = toFailure(Object.assign(new Error('x'), { validation: [{ instancePath: '/a/b', params: {} }, { instancePath: '', params: { missingProperty: 'c' } }] }));
    expect(f.body.error.fields).toEqual({ 'a.b': 'Valore non valido.', c: 'Campo obbligatorio.' });
  });
});
