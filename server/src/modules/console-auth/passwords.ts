import { hash, verify } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

/*
 * Operator passwords: argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane), as a PHC string
 * that carries its own salt and parameters, so stronger settings later still verify old hashes.
 */
// `Algorithm` is a const enum the binding declares but does not export at run time: 2 is Argon2id.
const ARGON2_ID = 2 as Algorithm.Argon2id;
const ARGON2 = { algorithm: ARGON2_ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

/** A hash of no password anyone has: verified against when the email is unknown, so both answers take as long. */
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches `stored`; with no stored hash (unknown or not yet set up), false after the same work. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('not-a-password-of-anyone', ARGON2);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/*
 * The common and breached passwords zxcvbn-ts ships (about 49,000, the most used first, from leaked
 * password lists), compared without case. Imported on first use: a process that never sets a password
 * (every checkout process) never parses the list.
 */
let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())));
  return (await common).has(password.toLowerCase());
}
