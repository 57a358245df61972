import { Readable } from 'node:stream';
import { consoleEndpoints } from '@checkout/contract';
import type { FastifyRequest } from 'fastify';
import { exportAudit, listAudit, recordAudit } from '../audit';
import type { AppModule } from '../app-module';
import { registerConsoleEndpoint, requireOperator, sessionOf } from './console-endpoint';
import { readDeviceCookie, setDeviceCookie } from './device-cookie';
import { createOperator, issueSetupLink, listOperators, updateOperator } from './operators';
import type { Actor } from './operators';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { revokeAllSessions, revokeSession, sessionAnswer, sessionStoreOf } from './sessions';
import type { SignedInOperator } from './sessions';
import { setupBegin, setupComplete, setupInfo } from './setup-links';
import { signIn } from './sign-in';
import type { ClientInfo } from './sign-in';

const clientOf = (req: FastifyRequest): ClientInfo => ({ ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null });
const actorOf = (operator: SignedInOperator, req: FastifyRequest): Actor => ({ operatorId: operator.id, operatorEmail: operator.email, ...clientOf(req) });

/** The console's accounts: sign-in and sessions, setup links, operators (admins) and the audit log (admins). */
export const consoleAuthModule: AppModule = async (app, deps) => {
  const { db, config } = deps;
  const now = deps.now;
  const sessions = sessionStoreOf(app, deps);
  deps.metrics.countConsoleSessionsWith(() => sessions.countActive(now()));

  registerConsoleEndpoint(app, deps, consoleEndpoints.signIn, async ({ input, req, reply }) => {
    const { token, session, deviceCookie } = await signIn(db, sessions, config, input, clientOf(req), readDeviceCookie(req), now());
    setSessionCookie(reply, token);
    setDeviceCookie(reply, deviceCookie);
    return sessionAnswer(session);
  });

  registerConsoleEndpoint(app, deps, consoleEndpoints.session, async ({ req }) => {
    const session = sessionOf(req);
    if (!session) throw new Error('a session call ran without its session');
    return sessionAnswer(session);
  });

  registerConsoleEndpoint(app, deps, consoleEndpoints.signOut, async (ctx) => {
    const operator = requireOperator(ctx);
    const at = now();
    await revokeSession(sessions, operator, at);
    await recordAudit(db, { ...actorOf(operator, ctx.req), action: 'sign_out', targetType: 'session', targetId: operator.sessionId }, at);
    clearSessionCookie(ctx.reply);
    return { ok: true as const };
  });

  registerConsoleEndpoint(app, deps, consoleEndpoints.signOutEverywhere, async (ctx) => {
    const operator = requireOperator(ctx);
    const at = now();
    const ended = await revokeAllSessions(sessions, db, operator.id, at);
    await recordAudit(db, { ...actorOf(operator, ctx.req), action: 'sign_out_everywhere', targetType: 'operator', targetId: operator.id, detail: { sessions: ended } }, at);
    clearSessionCookie(ctx.reply);
    return { ok: true as const };
  });

  registerConsoleEndpoint(app, deps, consoleEndpoints.setupInfo, async ({ params }) => setupInfo(db, params.token, now()));
  registerConsoleEndpoint(app, deps, consoleEndpoints.setupBegin, async ({ params }) => setupBegin(db, `${config.brandName} Console`, params.token, now()));
  registerConsoleEndpoint(app, deps, consoleEndpoints.setupComplete, async ({ params, input, req }) => setupComplete(db, sessions, params.token, input, clientOf(req), now()));

  registerConsoleEndpoint(app, deps, consoleEndpoints.listOperators, async () => ({ items: await listOperators(db) }));
  registerConsoleEndpoint(app, deps, consoleEndpoints.createOperator, async (ctx) =>
    createOperator(db, config, ctx.input, actorOf(requireOperator(ctx), ctx.req), now()));
  registerConsoleEndpoint(app, deps, consoleEndpoints.updateOperator, async (ctx) =>
    updateOperator(db, sessions, ctx.params.operator_id, ctx.input, actorOf(requireOperator(ctx), ctx.req), now()));
  registerConsoleEndpoint(app, deps, consoleEndpoints.issueSetupLink, async (ctx) =>
    issueSetupLink(db, sessions, config, ctx.params.operator_id, actorOf(requireOperator(ctx), ctx.req), now()));

  registerConsoleEndpoint(app, deps, consoleEndpoints.listAudit, async ({ input }) => listAudit(db, input));
  registerConsoleEndpoint(app, deps, consoleEndpoints.exportAudit, async (ctx) => {
    const operator = requireOperator(ctx);
    const { filename, lines } = await exportAudit(db, ctx.input, { operatorId: operator.id, operatorEmail: operator.email, ...clientOf(ctx.req) }, now());
    void ctx.reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(lines));
  });
};
