import { describe, expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords';

describe('operator passwords', () => {
  it.each(['123456', 'password', 'qwertyuiop', '1qaz2wsx3edc', 'QWERTY123456', 'Iloveyou'])('refuses the common %s', async (p) => {
    expect(await isCommonPassword(p)).toBe(true);
  });

  it.each(['Capo-ufficio-2026-sicura', 'tre gatti sul tetto di Bari'])('accepts %s', async (p) => {
    expect(await isCommonPassword(p)).toBe(false);
  });

  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('Capo-ufficio-2026-sicura');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashPassword('Capo-ufficio-2026-sicura')).not.toBe(hash);
    expect(await verifyPassword(hash, 'Capo-ufficio-2026-sicura')).toBe(true);
    expect(await verifyPassword(hash, 'capo-ufficio-2026-sicura')).toBe(false);
    expect(await verifyPassword(null, 'Capo-ufficio-2026-sicura')).toBe(false);
    expect(await verifyPassword('not a phc string', 'x')).toBe(false);
  });
});
