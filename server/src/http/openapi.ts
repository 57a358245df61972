import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** OpenAPI from the contract's zod schemas (registerEndpoint puts them on each route): UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.productName} checkout API`,
        version: '1.0.0',
        description:
          'Every call is POST with `api_key` in the body and answers `{ result: true, data }`; failures answer ' +
          '`{ result: false, error: { code, message, fields? } }` with a 4xx status.',
      },
    },
    // Only the API: SPA pages, static files and the docs themselves stay out of the document.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
