/*
 * Every answer carries its own request id (the X-Request-Id header, `error.request_id` in an error envelope).
 * Tests that prove two answers cannot be told apart compare them without it: the id is the request's, not the order's.
 */

/** The raw body with `error.request_id` taken out (key order kept: still a byte comparison). */
export function withoutRequestId(raw: string): string {
  const body = JSON.parse(raw) as { error?: Record<string, unknown> };
  if (body.error) delete body.error.request_id;
  return JSON.stringify(body);
}

/** The headers without the request id. */
export function headersWithoutRequestId<H extends Record<string, unknown>>(headers: H): Omit<H, 'x-request-id'> {
  const { 'x-request-id': _id, ...rest } = headers;
  return rest;
}
