import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROVIDER_SCOPES, providerEndpoints } from '@checkout/contract';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { providerModule } from './routes';
import { providerOpenApiDocument } from './openapi';

interface Operation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  parameters: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: unknown;
  responses: Record<string, unknown>;
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, { type: string; scheme: string }> } };

describeEachDialect('provider API OpenAPI document', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [providerModule] }); });
  afterAll(async () => t.close());

  it('is a valid OpenAPI 3.1 document listing every provider call with its bearer scope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/provider/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = res.json() as Doc;
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect([result.valid, validator.version]).toEqual([true, '3.1']);

    expect(doc.components.securitySchemes.providerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(Object.keys(providerEndpoints).sort());
    for (const [name, def] of Object.entries(providerEndpoints)) {
      const op = doc.paths[def.path]?.[def.method.toLowerCase()];
      expect(op?.operationId, name).toBe(name);
      expect(op!.security).toEqual([{ providerToken: [def.scope] }]);
      expect(PROVIDER_SCOPES).toContain(def.scope);
      // Every `{placeholder}` of the path is a required path parameter, and nothing else is.
      const placeholders = [...def.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]);
      expect(op!.parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.required])).toEqual(placeholders.map((p) => [p, true]));
      const writes = def.method !== 'GET';
      expect(op!.parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'), name).toBe(writes);
      expect(op!.requestBody !== undefined, name).toBe(writes);
      expect(Object.keys(op!.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422', '429']));
    }
    // Only the provider API: none of the public calls, which have their own document.
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/provider/'))).toBe(true);
  });

  it('matches the document the module builds, and the public document does not list the provider calls', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/provider/docs' })).json()).toEqual(providerOpenApiDocument(t.config));
    const publicDoc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(publicDoc.paths).filter((p) => p.startsWith('/api/provider'))).toEqual([]);
  });
});
