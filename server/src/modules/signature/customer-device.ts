import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveLinkKey } from '../../infra/signed-links';
import type { ClientInfo } from './client-info';

/*
 * The customer's device cookie (OWASP's device-cookie idea, as the console's sign-in has it): a random id
 * signed with a key of this server, given to a browser with the answer to a right one-time code. A browser whose
 * cookie typed a right code for a number or address asks for that destination's codes out of a budget of
 * its own, which strangers asking by order number cannot spend (destination-limit.ts). The cookie opens
 * nothing by itself: every code is still checked.
 *
 * `<id>.<HMAC>`, both base64url; HttpOnly, Secure (Chromium keeps it over http://localhost too),
 * SameSite=Strict, sent only to the API, kept a year. The database keeps a SHA-256 of the id, never the id.
 */
export const CUSTOMER_DEVICE_COOKIE = 'checkout_device';
const MAX_AGE_SECONDS = 365 * 86_400;
const OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: '/api' } as const;
const SHAPE = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export interface CustomerDevices {
  /** Who asked: address, browser, and its device when the cookie is genuine. */
  clientOf: (req: FastifyRequest) => ClientInfo;
  /**
   * Runs a call that checks a code as a device: the browser's own, or a new one whose cookie goes with the
   * answer only when the call succeeds (a refusal sets nothing, so refusals stay alike).
   */
  asDevice: <T>(req: FastifyRequest, reply: FastifyReply, run: (client: ClientInfo) => Promise<T>) => Promise<T>;
}

export function createCustomerDevices(pepper: string): CustomerDevices {
  const key = deriveLinkKey(pepper, 'checkout customer device cookie v1');
  const mac = (id: string): Buffer => createHmac('sha256', key).update(id).digest();
  const deviceKeyOf = (id: string): string => createHash('sha256').update(`customer-device:${id}`).digest('hex');

  /** The id of a genuine cookie (signature compared in constant time); null for anything else. */
  function idOf(req: FastifyRequest): string | null {
    const header = req.headers.cookie;
    if (!header || header.length > 8192) return null;
    const match = SHAPE.exec(parseCookie(header)[CUSTOMER_DEVICE_COOKIE] ?? '');
    if (!match) return null;
    const [, id = '', signature = ''] = match;
    const given = Buffer.from(signature, 'base64url');
    const expected = mac(id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  const baseOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: (req.headers['user-agent'] ?? '').slice(0, 400) });

  return {
    clientOf(req) {
      const id = idOf(req);
      return { ...baseOf(req), device: id ? deviceKeyOf(id) : null };
    },
    async asDevice(req, reply, run) {
      const known = idOf(req);
      const id = known ?? randomBytes(16).toString('base64url');
      const answer = await run({ ...baseOf(req), device: deviceKeyOf(id) });
      if (!known) {
        reply.header('Set-Cookie', stringifySetCookie({
          name: CUSTOMER_DEVICE_COOKIE, value: `${id}.${mac(id).toString('base64url')}`, ...OPTIONS, maxAge: MAX_AGE_SECONDS,
        }));
      }
      return answer;
    },
  };
}
