import { z } from 'zod';

/** Every call carries the public api key in its body (SPEC §6, §7). */
export const apiKeyField = { api_key: z.string().min(1).max(200) };

export const apiErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  /** Field name → message, for errors that belong next to a form field. */
  fields: z.record(z.string(), z.string()).optional(),
  /** For a refused option selection: field (`options.<id>`) → the rule it broke (contract SELECTION_RULES). */
  rules: z.record(z.string(), z.string()).optional(),
  /** The request's id (also in the `X-Request-Id` header): support finds the failure in the server's logs by it. */
  request_id: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const failureEnvelope = z.object({ result: z.literal(false), error: apiErrorBody });
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

export const successEnvelope = <T extends z.ZodType>(data: T) => z.object({ result: z.literal(true), data });
