import { ERROR_CODES } from '@checkout/contract';
import type { ApiErrorBody, ServerErrorCode } from '@checkout/contract';
import type { z } from 'zod';

/**
 * An expected failure: a code the client can branch on, the HTTP status, an Italian message
 * a person can read, and optional field → message pairs for forms (DESIGN §6.8).
 */
export class AppError extends Error {
  /** Fastify and plugins read `statusCode`. */
  readonly statusCode: number;

  constructor(
    readonly code: ServerErrorCode,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    /**
     * What the screen needs besides the message, top-level in `error`: numbers such as `attempts_left`,
     * or `rules` (field → the rule it broke) for a refused option selection, or `current_status` of an
     * order someone else moved first.
     */
    readonly extra: Record<string, number | string | Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = status;
  }

  toBody(): ApiErrorBody {
    const body = this.fields ? { code: this.code, message: this.message, fields: this.fields } : { code: this.code, message: this.message };
    return { ...body, ...this.extra };
  }
}

export const MESSAGES = {
  badRequest: 'Richiesta non valida.',
  badJson: 'Richiesta non valida: il corpo non è un JSON corretto.',
  validation: 'Alcuni dati non sono validi: controlla i campi evidenziati.',
  unauthorized: 'Chiave API mancante o non valida.',
  notFound: 'Risorsa non trovata.',
  payloadTooLarge: 'La richiesta è troppo grande.',
  requestTimeout: 'La richiesta è arrivata troppo lentamente ed è stata interrotta. Riprova.',
  uriTooLong: "L'indirizzo della richiesta è troppo lungo.",
  headersTooLarge: 'Le intestazioni della richiesta sono troppo grandi.',
  unsupportedMediaType: 'Tipo di contenuto non supportato: usare application/json.',
  rateLimited: 'Troppe richieste: riprova tra qualche istante.',
  shuttingDown: 'Il servizio si sta riavviando: riprova tra qualche secondo.',
  serverBusy: 'Il servizio è molto richiesto in questo momento: riprova tra pochi secondi.',
  notReady: 'Servizio non pronto',
  internal: 'Si è verificato un errore imprevisto. Riprova più tardi.',
} as const;

export const notFound = (message: string = MESSAGES.notFound): AppError => new AppError(ERROR_CODES.notFound, 404, message);

/**
 * Italian messages for zod issues, passed per parse (`schema.safeParse(v, { error: italianErrorMap })`).
 * A message written in the schema itself still wins (zod 4 precedence: schema > per-parse > global).
 */
export const italianErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Campo obbligatorio.' : 'Valore non valido.';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'Campo obbligatorio.' : `Inserire almeno ${issue.minimum} caratteri.`;
      if (issue.origin === 'array') return `Selezionare almeno ${issue.minimum} elementi.`;
      return `Il valore deve essere almeno ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return `Inserire al massimo ${issue.maximum} caratteri.`;
      if (issue.origin === 'array') return `Selezionare al massimo ${issue.maximum} elementi.`;
      return `Il valore deve essere al massimo ${issue.maximum}.`;
    case 'invalid_format':
      return issue.format === 'email' ? 'Indirizzo email non valido.' : 'Formato non valido.';
    case 'invalid_value':
      return 'Valore non ammesso.';
    case 'unrecognized_keys':
      return 'Campi non previsti.';
    default:
      return 'Valore non valido.';
  }
};

/** zod issues → `{ 'a.b': 'messaggio' }` (the first issue of a path wins; `_body` for the body as a whole). */
export function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.map(String).join('.') || '_body'] ??= issue.message;
  return fields;
}

export const validationError = (error: z.ZodError): AppError =>
  new AppError(ERROR_CODES.validation, 422, MESSAGES.validation, zodFields(error));

/** Parses with Italian messages; a failure throws the 422 `AppError`. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value, { error: italianErrorMap });
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
