import { describe, expect, it } from 'vitest';
import { generateOtp, hashOtp, otpMatches } from './otp-code';

describe('one-time code', () => {
  it('is 6 digits, leading zeros kept, and not constant', () => {
    const codes = Array.from({ length: 200 }, generateOtp);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('matches only the same code, id, document and pepper', () => {
    const stored = hashOtp('pepper-pepper-pepper', 'id-1', 'sha-a', '012345');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('012345');
    expect(otpMatches('pepper-pepper-pepper', 'id-1', 'sha-a', '012345', stored)).toBe(true);
    for (const [pepper, id, sha, code] of [
      ['pepper-pepper-pepper', 'id-1', 'sha-a', '012346'],
      ['pepper-pepper-pepper', 'id-2', 'sha-a', '012345'],
      ['pepper-pepper-pepper', 'id-1', 'sha-b', '012345'],
      ['other-pepper-pepper!', 'id-1', 'sha-a', '012345'],
    ] as const) expect(otpMatches(pepper, id, sha, code, stored)).toBe(false);
    expect(otpMatches('pepper-pepper-pepper', 'id-1', 'sha-a', '012345', 'abcd')).toBe(false);
  });
});
