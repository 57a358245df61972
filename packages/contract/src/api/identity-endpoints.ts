import { z } from 'zod';
import { defineEndpoint as ep } from './define';

/*
 * Sign-in with CIE id or SPID (the national OpenID Connect federation, docs/identity.md). These calls exist
 * only when the server has an identity configuration; without it they answer 404 like any unknown path.
 */

export const IDENTITY_PROVIDER_KINDS = ['spid', 'cie'] as const;
/** The steps the sign-in may start from and returns to: contact (1) and personal data (2). */
export const IDENTITY_RETURN_STEPS = ['step-contact', 'step-personal'] as const;

/** The profile's user attribute namespace (fiscal number and friends). */
export const EID_ATTRIBUTES = 'https://attributes.eid.gov.it';
/** SPID's level 2, which CIE id's "substantial" maps to: the least this checkout asks for. */
export const IDENTITY_LEVEL_2 = 'https://www.spid.gov.it/SpidL2';
export const IDENTITY_LEVEL_3 = 'https://www.spid.gov.it/SpidL3';

const entityId = z.url({ protocol: /^https?$/ }).max(500);

export const identityProviderSchema = z.object({
  entity_id: entityId,
  kind: z.enum(IDENTITY_PROVIDER_KINDS),
  name: z.string().max(100),
});

/** What the identity provider released, as the checkout's form reads it. */
export const releasedIdentitySchema = z.object({
  given_name: z.string().max(200),
  family_name: z.string().max(200),
  /** The codice fiscale, without the profile's `TINIT-` prefix. */
  fiscal_code: z.string().max(16),
  /** YYYY-MM-DD. */
  birth_date: z.string().max(10),
  /** Belfiore code of the comune or foreign country, and the province's abbreviation. */
  birth_place: z.object({ locality: z.string().max(10), region: z.string().max(10).nullable() }).nullable(),
  email: z.string().max(254).nullable(),
  phone: z.string().max(30).nullable(),
});
export type ReleasedIdentity = z.output<typeof releasedIdentitySchema>;

export const identityEndpoints = {
  identityProviders: ep({
    path: '/api/identity/providers', tag: 'identity', summary: 'The CIE id and SPID providers the checkout offers',
    request: z.object({}),
    response: z.array(identityProviderSchema),
  }),
  identityStart: ep({
    path: '/api/orders/{order_hash}/identity/start', tag: 'identity',
    summary: 'Start a sign-in with CIE id or SPID for an order: the authorization URL to send the browser to',
    request: z.object({ provider: entityId, return_step: z.enum(IDENTITY_RETURN_STEPS) }),
    response: z.object({ authorization_url: z.string().max(20_000), provider: entityId, expires_at: z.string().max(40) }),
  }),
  identityCallback: ep({
    path: '/api/identity/callback', tag: 'identity',
    summary: 'The provider\'s answer (the redirect URI\'s query): checked, recorded on the order, the identity released',
    request: z.object({
      state: z.string().min(1).max(200),
      code: z.string().min(1).max(2000).optional(),
      iss: entityId.optional(),
      error: z.string().max(100).optional(),
      error_description: z.string().max(1000).optional(),
    }),
    response: z.object({
      order: z.string().max(100),
      return_step: z.enum(IDENTITY_RETURN_STEPS),
      provider: entityId,
      provider_kind: z.enum(IDENTITY_PROVIDER_KINDS),
      level: z.string().max(200),
      identified_at: z.string().max(40),
      identity: releasedIdentitySchema,
    }),
  }),
} as const;
