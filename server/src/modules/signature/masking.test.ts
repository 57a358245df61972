import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone, toItalianE164 } from './masking';

describe('destinations', () => {
  it.each([
    ['3331234567', '+393331234567'],
    ['+39 333 123 4567', '+393331234567'],
    ['0039 333 1234567', '+393331234567'],
    ['393331234567', '+393331234567'],
    ['333123456', '+39333123456'],
    ['0612345678', null],
    ['+44 7700 900123', null],
    ['', null],
  ])('toItalianE164(%s) = %s', (raw, expected) => expect(toItalianE164(raw)).toBe(expected));

  it.each([
    ['+393331234567', '+39 3** *** **67'],
    ['+39333123456', '+39 3** *** *56'],
  ])('maskPhone(%s) = %s', (e164, masked) => expect(maskPhone(e164)).toBe(masked));

  it.each([
    ['mario.rossi@example.com', 'm***@example.com'],
    ['a@b.it', 'a***@b.it'],
    ['broken', '***'],
  ])('maskEmail(%s) = %s', (email, masked) => expect(maskEmail(email)).toBe(masked));
});
