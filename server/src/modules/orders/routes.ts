import { endpoints } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import type { AppModule } from '../index';
import { createOrder, updateOrder } from './order-write';
import { submitStep } from './step-submission';

export interface OrdersModuleOptions {
  /** The clock (tests pin "today" for ages and document dates). */
  now?: () => Date;
}

const keysOf = (raw: unknown): Set<string> =>
  new Set(typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? Object.keys(raw) : []);

/** orders/new, update-order and the five named steps (docs/orders.md). */
export function createOrdersModule(options: OrdersModuleOptions = {}): AppModule {
  const now = options.now ?? (() => new Date());
  return async (app, { db }) => {
    registerEndpoint(app, endpoints.newOrder, async ({ body }) => createOrder(db, body, { now: now() }));

    registerEndpoint(app, endpoints.updateOrder, async ({ body, params, req }) =>
      updateOrder(db, params.order_hash, body, keysOf(req.body), { now: now() }));

    // Registered after the static `/api/orders/{order_hash}/<call>` paths of every module win (find-my-way
    // prefers a static segment), so only step names reach this; an unknown one answers 404.
    registerEndpoint(app, endpoints.submitStep, async ({ body, params }) =>
      submitStep(db, params.order_hash, params.step_name, body, { now: now() }));
  };
}

export const ordersModule: AppModule = createOrdersModule();
