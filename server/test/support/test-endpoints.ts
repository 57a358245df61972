import { defineEndpoint } from '@checkout/contract';
import { z } from 'zod';
import { registerEndpoint } from '../../src/http/endpoint';
import type { AppModule } from '../../src/modules/app-module';
import { modules } from '../../src/modules';

/** Test-only calls, registered the way feature modules register theirs. */
export const echoEndpoint = defineEndpoint({
  path: '/api/test/{thing}/echo/',
  tag: 'test',
  summary: 'Echo the parsed body',
  request: z.object({ name: z.string().trim().min(1).max(5), age: z.number().int().min(18).optional(), email: z.email().optional() }),
  response: z.object({ name: z.string(), thing: z.string(), keys: z.array(z.string()) }),
});

export const boomEndpoint = defineEndpoint({
  path: '/api/orders/{order_hash}/boom',
  tag: 'test',
  summary: 'Throws an unexpected error',
  request: z.object({}),
  response: z.object({}),
});

export const LEAKED_SECRET = 'stack-detail-that-must-not-reach-the-client';

export const testModule: AppModule = async (app) => {
  registerEndpoint(app, echoEndpoint, async ({ body, params }) => ({ name: body.name, thing: params.thing, keys: Object.keys(body) }));
  registerEndpoint(app, boomEndpoint, async () => { throw new Error(LEAKED_SECRET); });
};

export const modulesWithTest: AppModule[] = [...modules, testModule];
