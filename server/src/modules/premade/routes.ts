import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../index';
import { fillOrder } from './service';

export interface PremadeModuleOptions {
  now?: () => Date;
  /** fill-order calls per IP a minute (codes are 50 random bits; this keeps guessing pointless). */
  fillOrderPerMinute?: number;
}

/** fill-order (docs/side-flows.md). */
export function createPremadeModule(options: PremadeModuleOptions = {}): AppModule {
  const now = options.now ?? (() => new Date());
  return async (app, { db }) => {
    registerEndpoint(app, endpoints.fillOrder, async ({ params }) => fillOrder(db, params.code, now()),
      { rateLimit: { max: options.fillOrderPerMinute ?? 30, timeWindow: '1 minute' } });
  };
}

export const premadeModule: AppModule = createPremadeModule();
