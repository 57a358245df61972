import { ERROR_CODES } from '@checkout/contract';
import type { FailureEnvelope } from '@checkout/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES } from './errors';
import { REQUEST_ID_HEADER } from './request-id';

/** 4xx statuses Fastify or a plugin may raise → our code and Italian message. */
const BY_STATUS: Record<number, { code: string; message: string }> = {
  400: { code: ERROR_CODES.badRequest, message: MESSAGES.badRequest },
  401: { code: ERROR_CODES.unauthorized, message: MESSAGES.unauthorized },
  404: { code: ERROR_CODES.notFound, message: MESSAGES.notFound },
  408: { code: ERROR_CODES.requestTimeout, message: MESSAGES.requestTimeout },
  413: { code: ERROR_CODES.payloadTooLarge, message: MESSAGES.payloadTooLarge },
  414: { code: ERROR_CODES.uriTooLong, message: MESSAGES.uriTooLong },
  415: { code: ERROR_CODES.unsupportedMediaType, message: MESSAGES.unsupportedMediaType },
  429: { code: ERROR_CODES.rateLimited, message: MESSAGES.rateLimited },
  431: { code: ERROR_CODES.headersTooLarge, message: MESSAGES.headersTooLarge },
};

const envelope = (code: string, message: string, fields?: Record<string, string>): FailureEnvelope => ({
  result: false,
  error: fields ? { code, message, fields } : { code, message },
});

/** The one place an error becomes a response (DESIGN §6.8). No 5xx for bad input: only for bugs. */
export function toFailure(error: unknown): { status: number; body: FailureEnvelope; unexpected: boolean } {
  if (error instanceof AppError) return { status: error.status, body: { result: false, error: error.toBody() }, unexpected: false };
  const fe = error as Partial<FastifyError> | null;
  if (fe && typeof fe === 'object') {
    // Schema validation of a route that uses Fastify's own validator (querystring, params…).
    if (Array.isArray(fe.validation)) {
      const fields: Record<string, string> = {};
      for (const v of fe.validation) {
        const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
        const key = [v.instancePath.replace(/^\//, '').replaceAll('/', '.'), missing].filter(Boolean).join('.') || '_body';
        fields[key] ??= missing ? 'Campo obbligatorio.' : 'Valore non valido.';
      }
      return { status: 422, body: envelope(ERROR_CODES.validation, MESSAGES.validation, fields), unexpected: false };
    }
    const status = fe.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const known = BY_STATUS[status];
      if (status === 400 && (fe.name === 'SyntaxError' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')) {
        return { status, body: envelope(ERROR_CODES.badRequest, MESSAGES.badJson), unexpected: false };
      }
      return { status, body: envelope(known?.code ?? ERROR_CODES.badRequest, known?.message ?? MESSAGES.badRequest), unexpected: false };
    }
  }
  return { status: 500, body: envelope(ERROR_CODES.internal, MESSAGES.internal), unexpected: true };
}

/**
 * A body over the limit is refused before it is read, and Fastify then closes the connection: a client
 * still sending it (Node's, a script's) meets a reset instead of the answer. Up to this many declared
 * bytes the connection stays open and Node reads the rest and throws it away after the answer (bounded
 * by the request timeout, nothing kept), so the client reads the 413 envelope; beyond, it is closed.
 */
export const DRAIN_REFUSED_BODY_BYTES = 16 * 1024 * 1024;

/** The envelope with the request's id, which support looks up in the logs. */
const withRequestId = (body: FailureEnvelope, requestId: string): FailureEnvelope => ({ ...body, error: { ...body.error, request_id: requestId } });

export function errorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body, unexpected } = toFailure(error);
  void reply.header(REQUEST_ID_HEADER, request.id);
  if (status === 413 && Number(request.headers['content-length']) <= DRAIN_REFUSED_BODY_BYTES) reply.removeHeader('connection');
  if (unexpected) request.log.error({ err: error }, 'unexpected error');
  else request.log.debug({ code: body.error.code, status }, 'request failed');
  // A refusal that says when to come back says it in the header too (RFC 9110 §10.2.3), as the per-route limiter does.
  const seconds = error instanceof AppError ? error.extra.retry_after_seconds : undefined;
  if (typeof seconds === 'number') void reply.header('retry-after', String(seconds));
  return reply.code(status).send(withRequestId(body, request.id));
}

/** Any method on an unknown `/api/*` path (or a non-GET elsewhere): the 404 envelope. */
export function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).send(withRequestId(envelope(ERROR_CODES.notFound, MESSAGES.notFound), reply.request.id));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(errorHandler);
}
