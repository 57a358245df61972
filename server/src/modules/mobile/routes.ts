import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import { AppError } from '../../http/errors';
import type { AppModule } from '../index';
import { activateMobileOrder, confirmMnp, correctMnp, getMobileOrder } from './service';

export interface MobileModuleOptions {
  now?: () => Date;
  /** activate-mobile-order calls per IP a minute, on top of the growing waits after wrong attempts (activation-delay). */
  activatePerMinute?: number;
}

/** get-mobile-order, confirm/correct-mobile-mnp-order, activate-mobile-order (docs/side-flows.md). */
export function createMobileModule(options: MobileModuleOptions = {}): AppModule {
  const now = options.now ?? (() => new Date());
  return async (app, { db }) => {
    registerEndpoint(app, endpoints.getMobileOrder, async ({ params }) => getMobileOrder(db, params.code));
    registerEndpoint(app, endpoints.confirmMobileMnpOrder, async ({ params }) => confirmMnp(db, params.short_hash, now()));
    registerEndpoint(app, endpoints.correctMobileMnpOrder, async ({ params, body }) => correctMnp(db, params.short_hash, body, now()));
    // A wait says when to come back in the header too (RFC 9110 §10.2.3), as the per-route limiter does.
    app.addHook('onError', async (_req, reply, error) => {
      const seconds = error instanceof AppError ? error.extra.retry_after_seconds : undefined;
      if (typeof seconds === 'number') void reply.header('retry-after', String(seconds));
    });
    registerEndpoint(app, endpoints.activateMobileOrder, async ({ body, req }) => activateMobileOrder(db, body, { ip: req.ip }, now()),
      { rateLimit: { max: options.activatePerMinute ?? 10, timeWindow: '1 minute' } });
  };
}

export const mobileModule: AppModule = createMobileModule();
