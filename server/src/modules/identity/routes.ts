import { identityEndpoints } from '@checkout/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint';
import type { AppDeps, AppModule } from '../app-module';
import { createTrustResolver, ENTITY_STATEMENT_TYPE, entityConfiguration } from './federation';
import { loadKeySet } from './keys';
import { createIdentityService } from './service';

/** Starting a sign-in costs two signatures and a trust chain: a tighter limit than the API's. */
const START_PER_MINUTE = 20;

/**
 * Sign-in with CIE id or SPID. Without identity configuration it registers nothing: no entity configuration,
 * no calls (they answer 404 like any unknown path), and the rest of the checkout works as before.
 */
export const identityModule: AppModule = async (app: FastifyInstance, deps: AppDeps) => {
  const cfg = deps.config.identity;
  if (!cfg) return;
  const [rpKeys, federationKeys] = await Promise.all([loadKeySet(cfg.rpJwks), loadKeySet(cfg.federationJwks)]);
  const resolver = createTrustResolver(cfg);
  const service = createIdentityService({
    db: deps.db, now: deps.now, cfg, rpKeys, resolver, log: (detail, message) => app.log.warn(detail, message),
  });

  // The federation reads the relying party here (OpenID Federation 1.0 §9): signed, short-lived, never cached stale.
  app.get('/.well-known/openid-federation', async (_req, reply) => {
    const jwt = await entityConfiguration(cfg, federationKeys, rpKeys, deps.now());
    return reply.type(`application/${ENTITY_STATEMENT_TYPE}`).header('cache-control', 'no-store').send(jwt);
  });

  registerEndpoint(app, identityEndpoints.identityProviders, async () => service.providers());
  registerEndpoint(app, identityEndpoints.identityStart, async ({ body, params }) => service.start(params.order_hash, body),
    { rateLimit: { max: START_PER_MINUTE, timeWindow: '1 minute' } });
  registerEndpoint(app, identityEndpoints.identityCallback, async ({ body }) => service.callback(body));
};
