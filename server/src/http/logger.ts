import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';

/** Body fields that are personal data or secrets; redacted wherever they appear in a log line (DESIGN §2: no personal data in logs). */
export const REDACTED_FIELDS = [
  'cf', 'holder_cf', 'iban', 'email', 'mobile_phone_number', 'phone_number', 'number_to_port', 'first_name', 'last_name',
  'holder_first_name', 'holder_last_name', 'birth_date', 'otp', 'api_key', 'document_number', 'iccid', 'old_iccid', 'password', 'token',
];

export const REDACT_PATHS = [
  'req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]',
  ...REDACTED_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/**
 * Order hashes and codes in URLs are bearer secrets: logs show the route's shape, not the value.
 * `/api/orders/AbC…/send-otp` → `/api/orders/:ref/send-otp`.
 */
export function maskUrl(url: string): string {
  return url
    .replace(/^\/api\/orders\/(?!new(?:[/?]|$)|activate-mobile-order(?:[/?]|$))[^/?]+/, '/api/orders/:ref')
    .replace(/^\/api\/medias\/[^/?]+/, '/api/medias/:id')
    .replace(/^\/(attiva\/fill-order\/pre|document-upload|dati-portabilita|attiva-sim|mnp)\/[^/?]+/, '/$1/:ref')
    .replace(/\?.*$/, '?…');
}

/** Fastify's logger options; bodies are never logged (Fastify does not by default, and nothing here adds them). */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // No IP address or user agent: both are personal data and the request id is enough to follow a call.
      req: (req: { method: string; url: string; id?: string }) => ({ method: req.method, url: maskUrl(req.url), id: req.id }),
    },
    ...(stream ? { stream } : {}),
  };
}
