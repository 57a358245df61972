import { Readable } from 'node:stream';
import { can, consoleEndpoints } from '@checkout/contract';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../app-module';
import { registerConsoleEndpoint, requireOperator } from '../console-auth';
import type { SignedInOperator } from '../console-auth';
import { createSalesService } from './service';
import type { Actor } from './service';

const actorOf = (operator: SignedInOperator, req: FastifyRequest): Actor => ({
  id: operator.id, email: operator.email, name: operator.name, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null,
});
/** Personal data in clear only for a role that may see it (a viewer sees it masked). */
const personal = (operator: SignedInOperator): boolean => can(operator.role, 'orders.personal_data');

/** The console's leads, pre-made orders and mobile orders. */
export const consoleSalesModule: AppModule = async (app, deps) => {
  const sales = createSalesService(deps);
  const e = consoleEndpoints;

  registerConsoleEndpoint(app, deps, e.listLeads, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.listLeads(ctx.input, personal(operator), actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.getLead, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.viewLead(ctx.params.lead_id, personal(operator), actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.markLeadHandled, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.markHandled(ctx.params.lead_id, ctx.input.note, personal(operator), actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.exportLeads, async (ctx) => {
    const operator = requireOperator(ctx);
    const lines = await sales.exportLeads(ctx.input, personal(operator), actorOf(operator, ctx.req));
    const day = deps.now().toISOString().slice(0, 10);
    await ctx.reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="contatti-${day}.csv"`)
      .send(Readable.from(lines));
  });

  registerConsoleEndpoint(app, deps, e.createPremadeOrder, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.createPremade(ctx.input, actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.listPremadeOrders, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.listPremade(ctx.input, personal(operator), actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.extendPremadeOrder, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.extendPremade(ctx.params.order_id, ctx.input.days, personal(operator), actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.expirePremadeOrder, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.expirePremade(ctx.params.order_id, personal(operator), actorOf(operator, ctx.req));
  });

  registerConsoleEndpoint(app, deps, e.createMobileOrder, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.createMobile(ctx.input, personal(operator), actorOf(operator, ctx.req));
  });
  registerConsoleEndpoint(app, deps, e.listMobileOrders, async (ctx) => {
    const operator = requireOperator(ctx);
    return sales.listMobile(ctx.input, personal(operator), actorOf(operator, ctx.req));
  });
};
