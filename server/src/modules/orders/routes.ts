import { brandCustomerField, endpoints, ERROR_CODES } from '@checkout/contract';
import { registerEndpoint } from '../../http/endpoint';
import { AppError, MESSAGES } from '../../http/errors';
import type { AppModule } from '../app-module';
import { brandInitials } from './order-number';
import { createOrder, updateOrder } from './order-write';
import { openStep, submitStep } from './step-submission';
import type { OpenedStep } from './step-submission';
import { orderPortability } from './service';

export interface OrdersModuleOptions {
  /** The clock (tests pin "today" for ages and document dates). */
  now?: () => Date;
}

const asRecord = (raw: unknown): Record<string, unknown> =>
  (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw as Record<string, unknown> : {});
const keysOf = (raw: unknown): Set<string> => new Set(Object.keys(asRecord(raw)));

/**
 * SPEC §7 sends the already-a-customer flag as `is_{brand}_customer`: under the configured brand key it
 * wins over the `is_brand_customer` alias. Anything but a boolean there is refused like any bad field.
 */
function withBrandFlag<B extends { is_brand_customer?: boolean }>(body: B, raw: unknown, brandKey: string): { body: B; sent: boolean } {
  const name = brandCustomerField(brandKey);
  const value = asRecord(raw)[name];
  if (value === undefined) return { body, sent: keysOf(raw).has('is_brand_customer') };
  if (typeof value !== 'boolean') throw invalidFlag(name);
  return { body: { ...body, is_brand_customer: value }, sent: true };
}

const invalidFlag = (name: string): AppError =>
  new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, { [name]: 'Indicare sì o no.' });

/** orders/new, update-order and the five named steps (docs/orders.md). */
export function createOrdersModule(options: OrdersModuleOptions = {}): AppModule {
  return async (app, deps) => {
    const { db } = deps;
    const now = options.now ?? deps.now;
    const brandKey = app.config.brandKey;
    const numberPrefix = brandInitials(app.config.brandName);
    registerEndpoint(app, endpoints.newOrder, async ({ body, req }) =>
      createOrder(db, withBrandFlag(body, req.body, brandKey).body, { now: now(), numberPrefix }));

    registerEndpoint(app, endpoints.updateOrder, async ({ body, params, req }) => {
      const flagged = withBrandFlag(body, req.body, brandKey);
      const sent = keysOf(req.body);
      if (flagged.sent) sent.add('is_brand_customer');
      return updateOrder(db, params.order_hash, flagged.body, sent, { now: now() });
    });

    registerEndpoint(app, endpoints.orderPortability, async ({ params }) => orderPortability(db, params.order_hash));

    // Registered after the static `/api/orders/{order_hash}/<call>` paths of every module win (find-my-way
    // prefers a static segment), so only step names reach this; an unknown one answers 404.
    registerEndpoint<typeof endpoints.submitStep, OpenedStep>(app, endpoints.submitStep, async ({ body, prepared }) => submitStep(db, prepared, body, { now: now() }),
      { prepare: async ({ params }) => openStep(db, params.order_hash, params.step_name, now()) });
  };
}

export const ordersModule: AppModule = createOrdersModule();
