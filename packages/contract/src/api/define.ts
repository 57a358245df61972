import type { z } from 'zod';

/**
 * One call of SPEC §7, defined once: the server registers it, the client calls it,
 * OpenAPI documents it. `path` keeps SPEC's `{param}` placeholders and trailing slashes.
 */
export interface EndpointDef<
  Path extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  path: Path;
  summary: string;
  tag: string;
  /** Body fields besides `api_key`. */
  request: Req;
  /** The `data` of a successful envelope. */
  response: Res;
  /** multipart/form-data instead of JSON (document upload). */
  multipart?: boolean;
  /** Body fields whose `dd/mm/yyyy` dates the client converts before sending (SPEC §5). */
  convertDates?: boolean;
  /**
   * The call carries money: euros on the wire, cents inside (schemas built with `euros`). The
   * server encodes its answer with `response`, the client encodes the body's fields with `request`.
   */
  amounts?: boolean;
}

export const defineEndpoint = <P extends string, Req extends z.ZodType, Res extends z.ZodType>(
  def: EndpointDef<P, Req, Res>,
): EndpointDef<P, Req, Res> => def;

/** Names of `{placeholders}` in a path template. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

/** `/api/orders/{order_hash}/x` → `/api/orders/:order_hash/x` (Fastify's syntax). */
export const toRoutePattern = (path: string): string => path.replace(/\{([a-z_]+)\}/g, ':$1');

export const fillPath = (path: string, params: Record<string, string | number>): string =>
  path.replace(/\{([a-z_]+)\}/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
