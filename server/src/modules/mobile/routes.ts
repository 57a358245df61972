import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../app-module';
import { activateMobileOrder, confirmMnp, correctMnp, getMobileOrder } from './service';

export interface MobileModuleOptions {
  now?: () => Date;
  /** activate-mobile-order calls per IP a minute, on top of the growing waits after wrong attempts (activation-delay). */
  activatePerMinute?: number;
}

/** get-mobile-order, confirm/correct-mobile-mnp-order, activate-mobile-order (docs/side-flows.md). */
export function createMobileModule(options: MobileModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db } = deps;
    const now = options.now ?? deps.now;
    registerEndpoint(app, endpoints.getMobileOrder, async ({ params }) => getMobileOrder(db, params.code));
    registerEndpoint(app, endpoints.confirmMobileMnpOrder, async ({ params }) => confirmMnp(db, params.short_hash, now()));
    registerEndpoint(app, endpoints.correctMobileMnpOrder, async ({ params, body }) => correctMnp(db, params.short_hash, body, now()));
    registerEndpoint(app, endpoints.activateMobileOrder, async ({ body, req }) => activateMobileOrder(db, body, { ip: req.ip }, now()),
      { rateLimit: { max: options.activatePerMinute ?? 10, timeWindow: '1 minute' } });
  };
}

export const mobileModule: AppModule = createMobileModule();
