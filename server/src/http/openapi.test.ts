import { endpoints } from '@checkout/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, describeEachDialect } from '../../test/support/dialects';
import type { TestApp } from '../../test/support/dialects';
import { testModule } from '../../test/support/test-endpoints';
import { healthModule } from '../modules/health';
import { registerEndpoint } from './endpoint';
import type { AppModule } from '../modules/app-module';

// Every contract call documented as if its module had registered it (the handlers are never called here);
// the real feature modules stay out so that no path is registered twice.
const allEndpoints: AppModule = async (app) => {
  for (const def of Object.values(endpoints)) registerEndpoint(app, def, async () => { throw new Error('not in this test'); });
};

describeEachDialect('OpenAPI', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [healthModule, testModule, allEndpoints] }); });
  afterAll(async () => t.close());

  it('documents every contract call at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } } }> };
    expect(doc.openapi).toBe('3.1.0');
    const echo = doc.paths['/api/test/{thing}/echo/']?.post;
    expect(echo?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('api_key');
    expect(echo?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('name');
    for (const def of Object.values(endpoints)) expect(doc.paths, def.path).toHaveProperty([def.path]);
    expect(doc.paths['/api/orders/{order_hash}/document-upload']?.post?.requestBody?.content).toHaveProperty('multipart/form-data');
    expect(Object.keys(doc.paths).some((p) => !p.startsWith('/api/'))).toBe(false);
  });

  it('serves the UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('GET /api/health answers ok', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ result: true, data: { status: 'ok' } });
  });
});
