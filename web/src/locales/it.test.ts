import { describe, expect, it } from 'vitest';
// The file as written (Vite's raw import): JSON.parse would already have dropped the duplicates.
import itJson from './it.json?raw';
import { CONSENT_NAMES, CONSENT_TEXTS } from '@checkout/contract';
import texts from './it.json';

/**
 * Keys written twice in one object of a JSON text: JSON.parse keeps the last silently, so a new
 * section named like an existing string ("summary") replaces it and the page prints i18next's
 * "returned an object instead of string".
 */
function duplicateKeys(text: string): string[] {
  const duplicates: string[] = [];
  const stack: Array<{ keys: Set<string>; path: string; isObject: boolean }> = [];
  let lastString = '';
  let lastKey = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      lastString = JSON.parse(text.slice(i, j + 1)) as string;
      i = j;
    } else if (ch === ':') {
      const top = stack.at(-1);
      if (top?.isObject) {
        if (top.keys.has(lastString)) duplicates.push(`${top.path}.${lastString}`);
        top.keys.add(lastString);
        lastKey = lastString;
      }
    } else if (ch === '{' || ch === '[') {
      const parent = stack.at(-1);
      stack.push({ keys: new Set(), path: parent ? `${parent.path}.${parent.isObject ? lastKey : '[]'}` : '', isObject: ch === '{' });
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    }
  }
  return duplicates;
}

describe('Italian texts', () => {
  it('finds a key written twice (the check itself)', () => {
    expect(duplicateKeys('{"a": {"b": "x", "b": {"c": "y"}}, "d": ["{\\"e\\""]}')).toEqual(['.a.b']);
  });

  it('write no key twice in one object', () => {
    expect(duplicateKeys(itJson)).toEqual([]);
  });

  it('label each consent box with the exact text the consent ledger records a version and hash of', () => {
    for (const name of CONSENT_NAMES) expect(texts.checkout.fields[name], name).toBe(CONSENT_TEXTS[name]);
  });
});
