import { z } from 'zod';
import { cep } from './define';
import {
  auditFiltersSchema, auditListSchema, auditQuerySchema, consoleSessionSchema, createOperatorSchema, noteSchema, consoleOperatorSchema,
  orderDetailSchema, orderFiltersSchema, orderListQuerySchema, orderListSchema, recoveryCodesSchema,
  revealOrderSchema, reviewQueueSchema, setupBeginSchema, setupCompleteSchema, setupInfoSchema, setupLinkSchema,
  signInSchema, timelineEntrySchema, transitionSchema, updateOperatorSchema,
} from './schemas';
import { reviewDecisionSchema, reviewDetailSchema } from './schemas-review';
import { CONSOLE_ORDER_STATUSES } from './workflow';
import { dashboardConsoleEndpoints } from './endpoints-dashboard';
import { dataConsoleEndpoints } from './endpoints-data';
import { eventsConsoleEndpoints } from './endpoints-events';
import { providerTokensConsoleEndpoints } from './endpoints-provider-tokens';
import { salesConsoleEndpoints } from './endpoints-sales';

const empty = z.object({});
const ok = z.object({ ok: z.literal(true) });
const noFile = z.never();

/** The path prefix of every console call; the public api key opens nothing under it. */
export const CONSOLE_API_PREFIX = '/api/console';
/** The console's pages in the web app. */
export const CONSOLE_PATH = '/console';
/** Where a setup link points (the token follows). */
export const CONSOLE_SETUP_PATH = '/console/attiva';
export const CSRF_HEADER = 'x-csrf-token';

export const consoleEndpoints = {
  // Sign-in and account setup
  signIn: cep({ method: 'POST', path: '/api/console/auth/sign-in', summary: 'Sign in with email, password and a TOTP or recovery code', access: 'public', request: signInSchema, response: consoleSessionSchema }),
  session: cep({ method: 'GET', path: '/api/console/auth/session', summary: 'The signed-in operator and the CSRF token', access: 'session', request: empty, response: consoleSessionSchema }),
  signOut: cep({ method: 'POST', path: '/api/console/auth/sign-out', summary: 'End this session', access: 'session', request: empty, response: ok }),
  signOutEverywhere: cep({ method: 'POST', path: '/api/console/auth/sign-out-everywhere', summary: "End every session of this operator", access: 'session', request: empty, response: ok }),
  setupInfo: cep({ method: 'GET', path: '/api/console/setup/{token}', summary: 'Who a setup link is for', access: 'public', request: empty, response: setupInfoSchema }),
  setupBegin: cep({ method: 'POST', path: '/api/console/setup/{token}/begin', summary: 'A new TOTP secret for this setup link', access: 'public', request: empty, response: setupBeginSchema }),
  setupComplete: cep({ method: 'POST', path: '/api/console/setup/{token}/complete', summary: 'Set the password, confirm the TOTP code; recovery codes once', access: 'public', request: setupCompleteSchema, response: recoveryCodesSchema }),

  // Operators (admin)
  listOperators: cep({ method: 'GET', path: '/api/console/operators', summary: 'Every operator', access: 'operators.manage', request: empty, response: z.object({ items: z.array(consoleOperatorSchema) }) }),
  createOperator: cep({ method: 'POST', path: '/api/console/operators', summary: 'A new operator and their setup link', access: 'operators.manage', request: createOperatorSchema, response: z.object({ operator: consoleOperatorSchema }).extend(setupLinkSchema.shape) }),
  updateOperator: cep({ method: 'POST', path: '/api/console/operators/{operator_id}/update', summary: "Change an operator's role or status", access: 'operators.manage', request: updateOperatorSchema, response: consoleOperatorSchema }),
  issueSetupLink: cep({ method: 'POST', path: '/api/console/operators/{operator_id}/setup-link', summary: 'A new setup link: password and two-factor set again', access: 'operators.manage', request: empty, response: setupLinkSchema }),

  // Orders
  listOrders: cep({ method: 'GET', path: '/api/console/orders', summary: 'Orders, filtered, sorted and paged', access: 'orders.read', request: orderListQuerySchema, response: orderListSchema }),
  exportOrders: cep({ method: 'GET', path: '/api/console/orders/export.csv', summary: 'The filtered list as CSV (personal columns by role)', access: 'orders.export', request: orderFiltersSchema, response: noFile, file: true }),
  getOrder: cep({ method: 'GET', path: '/api/console/orders/{order_id}', summary: 'An order with its data, documents and timeline', access: 'orders.read', request: empty, response: orderDetailSchema }),
  revealOrder: cep({ method: 'POST', path: '/api/console/orders/{order_id}/reveal', summary: 'The order with personal data in clear, and why (audited)', access: 'orders.reveal', request: revealOrderSchema, response: orderDetailSchema }),
  transitionOrder: cep({ method: 'POST', path: '/api/console/orders/{order_id}/transition', summary: 'Move the order along the workflow', access: 'orders.transition', request: transitionSchema, response: z.object({ status: z.enum(CONSOLE_ORDER_STATUSES) }) }),
  addOrderNote: cep({ method: 'POST', path: '/api/console/orders/{order_id}/notes', summary: 'An internal note on the timeline', access: 'orders.note', request: noteSchema, response: timelineEntrySchema }),
  orderDocument: cep({ method: 'GET', path: '/api/console/orders/{order_id}/documents/{media_id}', summary: 'A document, inline with a safe content type', access: 'documents.read', request: empty, response: noFile, file: true }),
  orderFile: cep({ method: 'GET', path: '/api/console/orders/{order_id}/files/{kind}', summary: 'The contract, its summary or the signed PDF', access: 'documents.read', request: empty, response: noFile, file: true }),
  orderEvidence: cep({ method: 'GET', path: '/api/console/orders/{order_id}/evidence.zip', summary: 'The signature evidence as one bundle', access: 'documents.read', request: empty, response: noFile, file: true }),

  // Document review
  reviewQueue: cep({ method: 'GET', path: '/api/console/reviews', summary: 'Signed orders with an identity document to review', access: 'documents.review', request: empty, response: reviewQueueSchema }),
  getReview: cep({ method: 'GET', path: '/api/console/reviews/{order_id}', summary: 'The review screen: files to decide, declared data, earlier decisions', access: 'documents.review', request: empty, response: reviewDetailSchema }),
  claimReview: cep({ method: 'POST', path: '/api/console/reviews/{order_id}/claim', summary: 'Take an order of the queue for 30 minutes', access: 'documents.review', request: empty, response: ok }),
  decideReview: cep({ method: 'POST', path: '/api/console/reviews/{order_id}/decide', summary: 'Approve or reject the identity document, with the checklist', access: 'documents.review', request: reviewDecisionSchema, response: z.object({ status: z.enum(CONSOLE_ORDER_STATUSES) }) }),

  // Audit
  listAudit: cep({ method: 'GET', path: '/api/console/audit', summary: 'The audit log, filtered', access: 'audit.read', request: auditQuerySchema, response: auditListSchema }),
  exportAudit: cep({ method: 'GET', path: '/api/console/audit/export.csv', summary: 'The filtered log as CSV (audited)', access: 'audit.read', request: auditFiltersSchema, response: noFile, file: true }),

  // Leads, pre-made and mobile orders (endpoints-sales.ts); coverage and ATECO files, privacy tools (endpoints-data.ts)
  ...salesConsoleEndpoints,
  ...dataConsoleEndpoints,
  // An order's events and their deliveries (endpoints-events.ts)
  ...eventsConsoleEndpoints,
  // The dashboard (endpoints-dashboard.ts)
  ...dashboardConsoleEndpoints,
  // The provider API's tokens (endpoints-provider-tokens.ts)
  ...providerTokensConsoleEndpoints,
} as const;

export type ConsoleEndpoints = typeof consoleEndpoints;
export type ConsoleEndpointName = keyof ConsoleEndpoints;
