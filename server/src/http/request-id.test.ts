import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describeEachDialect('request ids', (dialect) => {
  it('keep a sane incoming X-Request-Id and echo it; anything else gets a new UUID', async () => {
    const t = await buildTestApp(dialect, { modules: [] });
    const kept = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': 'lb-7f3a.91_Z' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.91_Z');
    for (const insane of ['a'.repeat(65), 'has space', 'semi;colon', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { 'x-request-id': insane } });
      expect(res.headers['x-request-id']).toMatch(UUID);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nowhere' })).headers['x-request-id']).toMatch(UUID);
    await t.close();
  });

  it('are in every error envelope: a 4xx of a handler, and a URL the router refuses', async () => {
    const t = await buildTestApp(dialect, { modules: [] });
    const notFound = await t.app.inject({ method: 'POST', url: '/api/nowhere', payload: {} });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ result: false, error: { code: 'not_found', message: expect.any(String), request_id: notFound.headers['x-request-id'] } });
    const badJson = await t.app.inject({ method: 'POST', url: '/api/nowhere', headers: { 'content-type': 'application/json', 'x-request-id': 'bad-json-1' }, payload: '{' });
    expect(badJson.json()).toMatchObject({ result: false, error: { request_id: 'bad-json-1' } });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/%zz', headers: { 'x-request-id': 'bad-url-1' } });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['x-request-id']).toBe('bad-url-1');
    expect(badUrl.json()).toMatchObject({ result: false, error: { code: 'bad_request', request_id: 'bad-url-1' } });
    await t.close();
  });

  it('are on every log line of the request, as request_id', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logStream = new Writable({ write(chunk, _e, cb) { lines.push(JSON.parse(String(chunk)) as Record<string, unknown>); cb(); } });
    const t = await buildTestApp(dialect, { modules: [], logStream, config: { logLevel: 'debug' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/nowhere' });
    const id = res.headers['x-request-id'];
    const mine = lines.filter((l) => l.request_id === id);
    // Fastify's incoming and completed lines, and the error handler's own.
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.filter((l) => l.req !== undefined || l.res !== undefined).every((l) => l.request_id === id)).toBe(true);
    await t.close();
  });
});
