import { describe, expect, it } from 'vitest';
import { isValidApiKey } from './api-key';

describe('the api key check', () => {
  const key = 'demo-public-key';

  it('accepts the configured key, and another app its own', () => {
    expect(isValidApiKey(key, 'demo-public-key')).toBe(true);
    expect(isValidApiKey('other-key', 'other-key')).toBe(true);
    expect(isValidApiKey(key, 'other-key')).toBe(false);
  });

  it.each([
    ['a key of the same length', 'demo-public-kez'],
    ['a prefix', 'demo-public-ke'],
    ['a longer key', 'demo-public-key '],
    ['the same characters in another case', 'DEMO-PUBLIC-KEY'],
    ['as many characters but more bytes', 'demo-public-kéy'.slice(0, 15)],
    ['an empty string', ''],
    ['a number', 123],
    ['nothing', undefined],
    ['an array holding the key', ['demo-public-key']],
  ])('refuses %s', (_label, given) => {
    expect(isValidApiKey(key, given)).toBe(false);
  });
});
