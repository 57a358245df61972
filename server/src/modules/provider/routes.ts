import { providerEndpoints } from '@checkout/contract';
import type { AppModule } from '../app-module';
import { PROVIDER_DOCS_PAGE, PROVIDER_DOCS_SCRIPT, providerOpenApiDocument } from './openapi';
import { registerProviderEndpoint } from './provider-endpoint';
import { createProviderService } from './service';

/** The provider API (`/api/provider/…`): orders, their workflow, appointment slots, customer notes; and its OpenAPI document. */
export const providerModule: AppModule = async (app, deps) => {
  const service = createProviderService({ db: deps.db, now: deps.now });
  const e = providerEndpoints;

  registerProviderEndpoint(app, deps, e.getOrder, async (ctx) => service.getOrder(ctx.caller, ctx.params.order_ref));
  registerProviderEndpoint(app, deps, e.moveOrder, async (ctx) => service.moveOrder(ctx.caller, ctx.params.order_ref, ctx.input));
  registerProviderEndpoint(app, deps, e.addOrderNote, async (ctx) => service.addNote(ctx.caller, ctx.params.order_ref, ctx.input.text));
  registerProviderEndpoint(app, deps, e.publishAppointmentSlots, async (ctx) => service.publishSlots(ctx.caller, ctx.params.order_ref, ctx.input));

  // The document describes the calls only: it is public, as the public API's is.
  const document = JSON.stringify(providerOpenApiDocument(deps.config));
  app.get('/api/provider/docs', async (_req, reply) => reply.type('application/json; charset=utf-8').send(document));
  app.get('/api/provider/docs/ui', async (_req, reply) => reply.type('text/html; charset=utf-8').send(PROVIDER_DOCS_PAGE));
  app.get('/api/provider/docs/ui.js', async (_req, reply) => reply.type('application/javascript; charset=utf-8').send(PROVIDER_DOCS_SCRIPT));
};
