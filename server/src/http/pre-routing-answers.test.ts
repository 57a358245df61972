import { ERROR_CODES, failureEnvelope } from '@checkout/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { listenOnFreePort, rawRequest } from '../../test/support/raw-http';
import { securityHeaders } from './security';

/*
 * Answers that Fastify's router (a URL that does not decode, a path segment too long) or Node's HTTP
 * parser (headers too large, an unreadable request) write before any route or hook runs: over real
 * HTTP, because `inject` never reaches Node's parser. Each carries the headers every other answer has,
 * and the envelope.
 */

const get = (target: string, extraHeaders = ''): string => `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${extraHeaders}Connection: close\r\n\r\n`;

describeEachDialect('security headers on answers made before routing', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    port = await listenOnFreePort(t.app);
  });
  afterAll(async () => t.close());

  it.each([
    ['a URL that does not decode', get('/%'), 400, ERROR_CODES.badRequest],
    ['an API URL that does not decode', get('/api/%zz'), 400, ERROR_CODES.badRequest],
    ['a path parameter over the router\'s length (414)', get(`/api/offers/${'9'.repeat(150)}`), 414, ERROR_CODES.uriTooLong],
    ['a URL over Node\'s header size (431)', get(`/api/${'a'.repeat(20_000)}`), 431, ERROR_CODES.headersTooLarge],
    ['headers over Node\'s header size (431)', get('/', `X-Filler: ${'a'.repeat(20_000)}\r\n`), 431, ERROR_CODES.headersTooLarge],
    ['a request line Node cannot read', 'NOT HTTP AT ALL\r\n\r\n', 400, ERROR_CODES.badRequest],
    ['a header line Node cannot read', 'GET / HTTP/1.1\r\nHost: localhost\r\nBroken header\r\n\r\n', 400, ERROR_CODES.badRequest],
  ] as const)('%s', async (_label, request, status, code) => {
    const res = await rawRequest(port, request);
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(securityHeaders(t.config))) expect(res.headers[name], name).toBe(value);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = failureEnvelope.parse(JSON.parse(res.body));
    expect(body.error.code).toBe(code);
    // Italian, like every other refusal.
    expect(body.error.message).toMatch(/richiesta/i);
    // Even with no Fastify request behind it, the answer has an id, in the header and in the envelope.
    expect(body.error.request_id).toBeTruthy();
    expect(res.headers['x-request-id']).toBe(body.error.request_id);
  });

  it('an API answer made before routing is not cached either', async () => {
    const res = await rawRequest(port, get('/api/%zz'));
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
