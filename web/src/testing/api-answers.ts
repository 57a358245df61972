/*
 * What the API answers, as the page tests' stubbed fetch returns it: the envelope of DESIGN §3 over a
 * real Response, so the contract client reads it exactly as it reads the server.
 */

/** A JSON answer with the given status. */
export const answer = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A refusal: `{ result: false, error: { code, message } }`. */
export const refusal = (status: number, code: string, message: string): Response =>
  answer(status, { result: false, error: { code, message } });
