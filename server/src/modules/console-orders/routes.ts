import { Readable } from 'node:stream';
import { consoleEndpoints } from '@checkout/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppModule } from '../app-module';
import { registerConsoleEndpoint, requireOperator } from '../console-auth';
import type { SignedInOperator } from '../console-auth';
import { createConsoleOrdersService } from './service';
import type { Actor } from './service';

const actorOf = (ctx: { operator: SignedInOperator | null; req: FastifyRequest }): Actor => ({
  operator: requireOperator(ctx),
  ip: ctx.req.ip,
  userAgent: (ctx.req.headers['user-agent'] ?? '').slice(0, 300),
});

/**
 * A customer's file as the console serves it: never sniffed into something else, never run as a page
 * (a sandboxed document with no script even if a browser took it for HTML), never kept by a cache. The
 * console's own pages may show it in a frame (same origin only); Chromium shows images and PDFs under this
 * policy (checked with its PDF viewer, inline and framed).
 */
const FILE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
const sendFile = (reply: FastifyReply, file: { bytes: Buffer; mime: string; disposition: string }): void => {
  void reply
    .header('Content-Type', file.mime)
    .header('Content-Disposition', file.disposition)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', FILE_CSP)
    .header('X-Frame-Options', 'SAMEORIGIN')
    .send(file.bytes);
};

/** The console's orders: list, CSV, order page, workflow moves, notes, files, evidence, document review. */
export const createConsoleOrdersModule = (): AppModule => async (app, deps) => {
  const { config, db } = deps;
  const service = createConsoleOrdersService({ db, config, now: deps.now });
  const e = consoleEndpoints;

  registerConsoleEndpoint(app, deps, e.listOrders, async (ctx) => service.listOrders(actorOf(ctx), ctx.input));

  registerConsoleEndpoint(app, deps, e.exportOrders, async (ctx) => {
    const { filename, lines } = await service.exportOrders(actorOf(ctx), ctx.input);
    void ctx.reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(lines));
  });

  registerConsoleEndpoint(app, deps, e.getOrder, async (ctx) => service.getOrder(actorOf(ctx), ctx.params.order_id));
  registerConsoleEndpoint(app, deps, e.revealOrder, async (ctx) => service.revealOrder(actorOf(ctx), ctx.params.order_id, ctx.input));
  registerConsoleEndpoint(app, deps, e.transitionOrder, async (ctx) => service.transitionOrder(actorOf(ctx), ctx.params.order_id, ctx.input));
  registerConsoleEndpoint(app, deps, e.addOrderNote, async (ctx) => service.addNote(actorOf(ctx), ctx.params.order_id, ctx.input.text));

  registerConsoleEndpoint(app, deps, e.orderDocument, async (ctx) => {
    sendFile(ctx.reply, await service.orderDocument(actorOf(ctx), ctx.params.order_id, ctx.params.media_id));
  });
  registerConsoleEndpoint(app, deps, e.orderFile, async (ctx) => {
    sendFile(ctx.reply, { ...(await service.orderFile(actorOf(ctx), ctx.params.order_id, ctx.params.kind)), mime: 'application/pdf' });
  });
  registerConsoleEndpoint(app, deps, e.orderEvidence, async (ctx) => {
    sendFile(ctx.reply, { ...(await service.orderEvidence(actorOf(ctx), ctx.params.order_id)), mime: 'application/zip' });
  });

  registerConsoleEndpoint(app, deps, e.reviewQueue, async (ctx) => service.reviewQueue(actorOf(ctx)));
  registerConsoleEndpoint(app, deps, e.getReview, async (ctx) => service.getReview(actorOf(ctx), ctx.params.order_id));
  registerConsoleEndpoint(app, deps, e.claimReview, async (ctx) => service.claimReview(actorOf(ctx), ctx.params.order_id));
  registerConsoleEndpoint(app, deps, e.decideReview, async (ctx) => service.decideReview(actorOf(ctx), ctx.params.order_id, ctx.input));
};

export const consoleOrdersModule: AppModule = createConsoleOrdersModule();
