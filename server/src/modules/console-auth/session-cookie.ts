import { CONSOLE_API_PREFIX } from '@checkout/contract';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * The session cookie: HttpOnly (no script reads it), Secure (Chromium keeps a Secure cookie set over
 * http://127.0.0.1 and http://localhost too, checked with the Debian build the end-to-end tests run, so
 * development and e2e need no exception), SameSite=Strict
 * (no other site's page sends it), and scoped to the console's API path. No Max-Age: it ends with the
 * browser, and the server ends it sooner (idle and absolute expiry, sign-out).
 */
export const SESSION_COOKIE = 'console_session';

const OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: CONSOLE_API_PREFIX } as const;

export function readSessionToken(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return null;
  const value = parseCookie(header)[SESSION_COOKIE];
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

export function setSessionCookie(reply: FastifyReply, token: string): void {
  reply.header('Set-Cookie', stringifySetCookie({ name: SESSION_COOKIE, value: token, ...OPTIONS }));
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('Set-Cookie', stringifySetCookie({ name: SESSION_COOKIE, value: '', ...OPTIONS, expires: new Date(0), maxAge: 0 }));
}
