import type { z } from 'zod';
import type { ConsolePermission } from './roles';

/**
 * Who may call: `public` (sign-in and setup links: no session yet), `session` (any signed-in operator),
 * or a permission of the roles table. Every POST with a session also needs the `X-CSRF-Token` header.
 */
export type ConsoleAccess = 'public' | 'session' | ConsolePermission;

/**
 * One console call. GET reads its `request` from the query string, POST from a JSON body. `file` calls
 * answer a file (a document, a PDF, a zip, a CSV) instead of the envelope; their `response` is unused.
 */
export interface ConsoleEndpointDef<
  Path extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: Path;
  summary: string;
  access: ConsoleAccess;
  request: Req;
  response: Res;
  file?: boolean;
  /**
   * The request body is a file itself (raw bytes, streamed by the server), and `request` is read from the
   * query string. The client sends it with `upload()` (progress through XMLHttpRequest in a browser).
   */
  upload?: boolean;
}

export const cep = <P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  def: ConsoleEndpointDef<P, Req, Res>,
): ConsoleEndpointDef<P, Req, Res> => def;

