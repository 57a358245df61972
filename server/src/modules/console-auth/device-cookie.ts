import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { consoleEndpoints } from '@checkout/contract';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { newToken } from './secrets';

/*
 * The device cookie (OWASP, "Slow Down Online Guessing Attacks with Device Cookies",
 * https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies): a browser that
 * has signed in as an operator gets a cookie naming that operator and a random nonce, signed with an HMAC.
 * Presented again with that operator's email it marks a known browser, which the waits that strangers cause
 * do not hold (sign-in.ts). The cookie opens nothing by itself: the password and the code are still checked.
 *
 * `<operator id>.<nonce>.<HMAC-SHA256 of both>`, all base64url but the id. HttpOnly, Secure and SameSite=Strict
 * as the session cookie, sent only to the sign-in call, kept 180 days (each sign-in with it renews them).
 */
export const DEVICE_COOKIE = 'console_device';
const DEVICE_COOKIE_DAYS = 180;
const MAX_AGE_SECONDS = DEVICE_COOKIE_DAYS * 86_400;
/** How long a device cookie counts after the sign-in that set or renewed it. */
export const DEVICE_COOKIE_MS = MAX_AGE_SECONDS * 1000;

const OPTIONS = { httpOnly: true, secure: true, sameSite: 'strict', path: consoleEndpoints.signIn.path } as const;

/** What a well-signed device cookie says; whether its nonce is still good is the database's to say. */
export interface DeviceClaim {
  operatorId: string;
  nonce: string;
}

/**
 * The HMAC key: derived from OTP_PEPPER (the server secret production requires), so it differs from the key
 * of the code hashes. Without OTP_PEPPER (development, tests) a key of this process: cookies of an earlier
 * run, or of another process, are then just unknown browsers.
 */
let processKey: Buffer | undefined;
export function deviceCookieKey(config: Pick<Config, 'otpPepper'>): Buffer {
  if (config.otpPepper) return createHmac('sha256', config.otpPepper).update('console device cookie v1').digest();
  processKey ??= randomBytes(32);
  return processKey;
}

const mac = (key: Buffer, operatorId: string, nonce: string): Buffer => createHmac('sha256', key).update(`${operatorId}.${nonce}`).digest();

/** A new cookie value for `operatorId`, and its nonce (the database keeps only the nonce's hash). */
export function newDeviceCookie(key: Buffer, operatorId: string): { value: string; nonce: string } {
  const nonce = newToken();
  return { value: `${operatorId}.${nonce}.${mac(key, operatorId, nonce).toString('base64url')}`, nonce };
}

const SHAPE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** The claim of a cookie value whose signature is right (compared in constant time); null for anything else. */
export function verifyDeviceCookie(key: Buffer, value: string): DeviceClaim | null {
  const m = SHAPE.exec(value);
  if (!m) return null;
  const [, operatorId = '', nonce = '', signature = ''] = m;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, operatorId, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { operatorId, nonce } : null;
}

export function readDeviceCookie(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header || header.length > 8192) return null;
  return parseCookie(header)[DEVICE_COOKIE] ?? null;
}

export function setDeviceCookie(reply: FastifyReply, value: string): void {
  reply.header('Set-Cookie', stringifySetCookie({ name: DEVICE_COOKIE, value, ...OPTIONS, maxAge: MAX_AGE_SECONDS }));
}
