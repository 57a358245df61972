import { consoleEndpoints } from '@checkout/contract';
import type { FastifyRequest } from 'fastify';
import type { AppModule } from '../app-module';
import { registerConsoleEndpoint, requireOperator } from '../console-auth';
import type { SignedInOperator } from '../console-auth';
import { createConsoleProviderToken, listConsoleProviderTokens, revokeConsoleProviderToken } from './tokens';
import type { TokenAdmin } from './tokens';

const adminOf = (operator: SignedInOperator, req: FastifyRequest): TokenAdmin => ({
  operatorId: operator.id, operatorEmail: operator.email, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null,
});

/**
 * The provider API's tokens in the console (admins: `provider_tokens.manage`): list, make (the secret in
 * that answer only) and revoke, through the same service as the CLI, audited with the operator.
 * A refusal (a role without the permission, a missing CSRF token) is answered and audited by the registrar.
 */
export const providerTokensConsoleModule: AppModule = async (app, deps) => {
  const e = consoleEndpoints;
  registerConsoleEndpoint(app, deps, e.listProviderTokens, async () => ({ items: await listConsoleProviderTokens(deps.db) }));
  registerConsoleEndpoint(app, deps, e.createProviderToken, async (ctx) =>
    createConsoleProviderToken(deps.db, ctx.input, adminOf(requireOperator(ctx), ctx.req), deps.now()));
  registerConsoleEndpoint(app, deps, e.revokeProviderToken, async (ctx) =>
    revokeConsoleProviderToken(deps.db, ctx.params.token_id, adminOf(requireOperator(ctx), ctx.req), deps.now()));
};
