import { z } from 'zod';
import { PROVIDER_SCOPES, PROVIDER_TOKEN_NAME_MAX, PROVIDER_TOKEN_SHOWN_CHARS } from '../integration/provider';
import { cep } from './define';

/*
 * The provider API's bearer tokens in the console (docs/integration.md, "Authentication and scopes"): an
 * admin makes one (its secret is in that answer and never again), lists them and revokes one. The same
 * service as the CLI's, so each is audited the same way, with the operator who did it.
 */

const instant = z.string().max(40);

/** A token as the console lists it: never the secret, and who made it by name. */
export const consoleProviderTokenSchema = z.object({
  id: z.string().max(64),
  name: z.string().max(PROVIDER_TOKEN_NAME_MAX),
  /** The first characters of the secret (`pt_` and a few more): enough to tell tokens apart. */
  token_prefix: z.string().max(PROVIDER_TOKEN_SHOWN_CHARS),
  scopes: z.array(z.enum(PROVIDER_SCOPES)).max(PROVIDER_SCOPES.length),
  created_at: instant,
  /** Made in the console by an operator, or with the CLI on the server. */
  created_from: z.enum(['console', 'cli']),
  /** The operator's name (console only; null for the CLI's). */
  created_by_name: z.string().max(200).nullable(),
  last_used_at: instant.nullable(),
  revoked_at: instant.nullable(),
});
export type ConsoleProviderToken = z.output<typeof consoleProviderTokenSchema>;

export const createProviderTokenSchema = z.object({
  name: z.string().trim()
    .min(1, 'Dai un nome al token: per esempio il sistema che lo userà')
    .max(PROVIDER_TOKEN_NAME_MAX, `Al massimo ${PROVIDER_TOKEN_NAME_MAX} caratteri`),
  scopes: z.array(z.enum(PROVIDER_SCOPES, 'Permesso sconosciuto'))
    .min(1, 'Scegli almeno un permesso')
    .max(PROVIDER_SCOPES.length),
});

export const createdProviderTokenSchema = z.object({
  /** The secret: shown once, in this answer only (the server keeps its SHA-256). */
  token: z.string().max(100),
  item: consoleProviderTokenSchema,
});

export const revokedProviderTokenSchema = z.object({
  item: consoleProviderTokenSchema,
  /** False when it had been revoked already (by another admin, or with the CLI): its first revocation stands. */
  newly_revoked: z.boolean(),
});

const empty = z.object({});

export const providerTokensConsoleEndpoints = {
  listProviderTokens: cep({
    method: 'GET', path: '/api/console/provider-tokens', summary: "The provider API's tokens, newest first (never the secret)",
    access: 'provider_tokens.manage', request: empty, response: z.object({ items: z.array(consoleProviderTokenSchema) }),
  }),
  createProviderToken: cep({
    method: 'POST', path: '/api/console/provider-tokens', summary: 'A new token with its scopes; the secret is in this answer only (audited)',
    access: 'provider_tokens.manage', request: createProviderTokenSchema, response: createdProviderTokenSchema,
  }),
  revokeProviderToken: cep({
    method: 'POST', path: '/api/console/provider-tokens/{token_id}/revoke', summary: 'Revoke a token: its next call answers 401 (audited)',
    access: 'provider_tokens.manage', request: empty, response: revokedProviderTokenSchema,
  }),
} as const;
