import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpStep, totpUri } from './totp';
import { looksLikeRecoveryCode, newRecoveryCode, normaliseRecoveryCode } from './recovery-codes';

// RFC 6238 appendix B, SHA-1: the secret "12345678901234567890" in base32; 6-digit codes are the last six of the 8-digit ones.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it.each([
    [59, '287082'], [1_111_111_109, '081804'], [1_111_111_111, '050471'], [1_234_567_890, '005924'], [2_000_000_000, '279037'], [20_000_000_000, '353130'],
  ])('at %i s the code is %s (RFC 6238)', (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
    expect(totpStep(RFC_SECRET, code, new Date(seconds * 1000))).toBe(Math.floor(seconds / 30));
  });

  it('accepts the step before and after, not two away, and only six digits', () => {
    const at = new Date(1_234_567_890_000);
    const step = Math.floor(1_234_567_890 / 30);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(totpStep(RFC_SECRET, ' 005924', at)).toBeNull();
    expect(totpStep(RFC_SECRET, '5924', at)).toBeNull();
  });

  it('makes 160-bit base32 secrets and an otpauth URI naming the account and issuer', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const uri = totpUri(secret, 'anna@example.it', 'Fibra Viva Console');
    expect(uri).toMatch(/^otpauth:\/\/totp\/Fibra%20Viva%20Console:anna%40example\.it\?/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toContain('issuer=Fibra%20Viva%20Console');
  });
});

describe('recovery codes', () => {
  it('are xxxx-xxxx-xx of unambiguous letters and digits, told apart from TOTP codes', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{2}$/);
    expect(new Set(codes).size).toBe(200);
    expect(normaliseRecoveryCode(' ABCD efgh-JK ')).toBe('abcdefghjk');
    expect(looksLikeRecoveryCode('abcd-efgh-jk')).toBe(true);
    expect(looksLikeRecoveryCode('123456')).toBe(false);
    expect(looksLikeRecoveryCode('1234567890')).toBe(false);
  });
});
