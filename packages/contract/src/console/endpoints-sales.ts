import { z } from 'zod';
import { cep } from './define';
import {
  createMobileOrderSchema, createPremadeSchema, extendPremadeSchema, leadDetailSchema, leadFiltersSchema, leadHandledSchema,
  leadListQuerySchema, leadListSchema, mobileOrderCreatedSchema, mobileOrderListQuerySchema, mobileOrderListSchema,
  premadeCreatedSchema, premadeListItemSchema, premadeListQuerySchema, premadeListSchema,
} from './schemas-sales';

const empty = z.object({});
const noFile = z.never();

/** The console's calls for leads, pre-made orders and mobile orders (defined with `cep` from define.ts). */
export const salesConsoleEndpoints = {
  // Leads
  listLeads: cep({ method: 'GET', path: '/api/console/leads', summary: 'Leads with their delivery state, filtered and paged', access: 'leads.read', request: leadListQuerySchema, response: leadListSchema }),
  exportLeads: cep({ method: 'GET', path: '/api/console/leads/export.csv', summary: 'The filtered leads as CSV (personal columns by role)', access: 'leads.read', request: leadFiltersSchema, response: noFile, file: true }),
  // A lead's deliveries and "send again" are the outbox's (endpoints-events.ts: leadEvents, redeliverLeadEvent).
  getLead: cep({ method: 'GET', path: '/api/console/leads/{lead_id}', summary: 'A lead with its delivery state', access: 'leads.read', request: empty, response: leadDetailSchema }),
  markLeadHandled: cep({ method: 'POST', path: '/api/console/leads/{lead_id}/handled', summary: 'Mark the lead as handled, with a note', access: 'leads.manage', request: leadHandledSchema, response: leadDetailSchema }),

  // Pre-made orders
  createPremadeOrder: cep({ method: 'POST', path: '/api/console/premade-orders', summary: 'A pre-made order: its code, link and QR code', access: 'premade.manage', request: createPremadeSchema, response: premadeCreatedSchema }),
  listPremadeOrders: cep({ method: 'GET', path: '/api/console/premade-orders', summary: 'Pre-made orders, newest first', access: 'premade.read', request: premadeListQuerySchema, response: premadeListSchema }),
  extendPremadeOrder: cep({ method: 'POST', path: '/api/console/premade-orders/{order_id}/extend', summary: 'Give the code more days', access: 'premade.manage', request: extendPremadeSchema, response: premadeListItemSchema }),
  expirePremadeOrder: cep({ method: 'POST', path: '/api/console/premade-orders/{order_id}/expire', summary: 'Make the code unusable now', access: 'premade.manage', request: empty, response: premadeListItemSchema }),

  // Mobile orders
  createMobileOrder: cep({ method: 'POST', path: '/api/console/mobile-orders', summary: 'A mobile order: its number and links', access: 'mobile.manage', request: createMobileOrderSchema, response: mobileOrderCreatedSchema }),
  listMobileOrders: cep({ method: 'GET', path: '/api/console/mobile-orders', summary: 'Mobile orders, newest first', access: 'mobile.manage', request: mobileOrderListQuerySchema, response: mobileOrderListSchema }),
} as const;
