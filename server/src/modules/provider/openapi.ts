import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENT_REPLAY_HEADER, PROVIDER_SCOPES, PROVIDER_SCOPE_DESCRIPTIONS, providerEndpoints, providerErrorEnvelopeSchema, successEnvelope } from '@checkout/contract';
import type { ProviderEndpointDef } from '@checkout/contract';
import { z } from 'zod';
import type { Config } from '../../config';

/*
 * The provider API's OpenAPI 3.1 document, made from the contract's definitions with zod's JSON Schema
 * output, as the public API's is (http/openapi.ts): a document of its own, since the provider's
 * integrators need neither the checkout's calls nor their api key, and the public document lists none of
 * these. Served at /api/provider/docs; a Swagger UI page over it at /api/provider/docs/ui.
 */

const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> => {
  // `unrepresentable: 'any'`: a transform or custom type documents as `{}` rather than failing the start.
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

const json = (schema: Record<string, unknown>) => ({ 'application/json': { schema } });
const refusal = (description: string) => ({ description, content: json({ $ref: '#/components/schemas/ProviderError' }) });

function operation(name: string, def: ProviderEndpointDef): Record<string, unknown> {
  const writes = def.method !== 'GET';
  const parameters = [
    ...[...def.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => ({
      name: m[1], in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 },
      description: "L'id dell'ordine (UUID) o il suo numero (es. FV-2026-K7M4Q9).",
    })),
    ...(writes ? [{
      name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN.source },
      description: 'Una chiave nuova per ogni richiesta (un UUID): ripetendo la stessa richiesta con la stessa chiave si riceve la prima risposta.',
    }] : []),
  ];
  return {
    operationId: name,
    summary: def.summary,
    description: `${def.description}\n\nScope: \`${def.scope}\`.`,
    tags: ['Provider'],
    security: [{ providerToken: [def.scope] }],
    'x-required-scope': def.scope,
    parameters,
    ...(writes ? { requestBody: { required: true, content: json(toJsonSchema(def.request, 'input')) } } : {}),
    responses: {
      200: {
        description: 'Fatto: `{ result: true, data }`.',
        ...(writes ? { headers: { [IDEMPOTENT_REPLAY_HEADER]: { description: '`true` on an answer replayed for an `Idempotency-Key`.', schema: { type: 'string', enum: ['true'] } } } } : {}),
        content: json(toJsonSchema(successEnvelope(def.response), 'output')),
      },
      ...(writes ? { 400: refusal(`\`${IDEMPOTENCY_KEY_HEADER}\` malformed (\`idempotency_key_invalid\`).`) } : {}),
      401: refusal('No token, or an unknown or revoked one (`provider_unauthorized`).'),
      403: refusal('The token lacks the scope (`provider_insufficient_scope`), or the move is the operators\' (`provider_transition_forbidden`).'),
      404: refusal('No signed order with this id or number (`not_found`).'),
      ...(writes ? { 409: refusal('Stale or refused move, slots refused for the order\'s status, or the same key still running; `current_status` where it applies.') } : {}),
      422: refusal('Invalid input (`validation_error` with `fields`), or a key reused for another request (`idempotency_key_reused`).'),
      429: refusal('Too many calls from this address (`rate_limited`).'),
    },
  };
}

export function providerOpenApiDocument(config: Pick<Config, 'productName'>): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of Object.entries(providerEndpoints) as Array<[string, ProviderEndpointDef]>) {
    (paths[def.path] ??= {})[def.method.toLowerCase()] = operation(name, def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${config.productName} provider API`,
      version: '1.0.0',
      description:
        'Server-to-server API for the provider\'s provisioning and CRM systems (docs/integration.md, "Provider API"). '
        + 'The order follows TMF622 Product Ordering (`state`), the slots TMF646 Appointment. Every call carries '
        + '`Authorization: Bearer <token>`; answers are `{ result: true, data }`, refusals `{ result: false, error: { code, message, fields? } }`.',
    },
    tags: [{ name: 'Provider', description: 'Orders, their workflow, appointment slots and customer notes.' }],
    components: {
      securitySchemes: {
        providerToken: {
          type: 'http', scheme: 'bearer', bearerFormat: 'pt_ + 43 base64url characters',
          description: `A token made with \`npm run cli -- create-provider-token\`. Scopes: ${PROVIDER_SCOPES.map((s) => `\`${s}\` (${PROVIDER_SCOPE_DESCRIPTIONS[s]})`).join('; ')}.`,
        },
      },
      schemas: { ProviderError: toJsonSchema(providerErrorEnvelopeSchema, 'output') },
    },
    security: [{ providerToken: [] }],
    paths,
  };
}

/** The readable page: the Swagger UI the public docs already serve (/api/docs/static), pointed at this document. */
export const PROVIDER_DOCS_PAGE = `<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="UTF-8">
<title>API del fornitore</title>
<link rel="stylesheet" type="text/css" href="/api/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/static/swagger-ui-bundle.js" charset="UTF-8"></script>
<script src="/api/provider/docs/ui.js" charset="UTF-8"></script>
</body>
</html>
`;

/** A file, not an inline script: the site's Content Security Policy allows only scripts of its own origin. */
export const PROVIDER_DOCS_SCRIPT = "window.onload = function () { window.ui = SwaggerUIBundle({ url: '/api/provider/docs', dom_id: '#swagger-ui', deepLinking: true }); };\n";
