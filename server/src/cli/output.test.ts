import { describe, expect, it } from 'vitest';
import { table, terminalSafe } from './output';

describe('terminalSafe', () => {
  it.each([
    ['ESC: colour, clear screen, window title', 'Mario\x1b[31m\x1b[2J\x1b]0;pwned\x07', 'Mario\\u001b[31m\\u001b[2J\\u001b]0;pwned\\u0007'],
    ['CR and LF forging a line', 'Anna\r\nOK  tutto a posto', 'Anna\\u000d\\u000aOK  tutto a posto'],
    ['tab, NUL, backspace, DEL', 'a\tb\u0000c\bd\u007f', 'a\\u0009b\\u0000c\\u0008d\\u007f'],
    ['C1: CSI and OSC on their own', 'x\u009b31my\u009d0;t\u009c', 'x\\u009b31my\\u009d0;t\\u009c'],
    ['bidi override (Trojan Source)', 'Rossi\u202eadmin\u202c', 'Rossi\\u202eadmin\\u202c'],
    ['bidi isolates and marks', '\u2066a\u2067b\u2068c\u2069\u200e\u200f\u061c', '\\u2066a\\u2067b\\u2068c\\u2069\\u200e\\u200f\\u061c'],
    ['line and paragraph separators', 'a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
  ])('%s', (_label, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });

  it('leaves printable text alone: accents, apostrophes, emoji, other scripts', () => {
    const text = "Nicolò D'Àmico — Ζωή 山田 🙂 <anna@example.com> 100 €";
    expect(terminalSafe(text)).toBe(text);
  });

  it('keeps a JSON line JSON, with the same values', () => {
    const value = { nome: 'Mario\x1b[2J\u009b31m\u202e' };
    const line = terminalSafe(JSON.stringify(value));
    // eslint-disable-next-line no-control-regex -- looking for control characters
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e]/);
    expect(JSON.parse(line)).toEqual(value);
  });
});

describe('table', () => {
  it('escapes every cell and aligns on what is printed', () => {
    const lines = table([['NOME', 'STATO'], ['A\x1b[2Jb', 'ok'], ['lungo nome', 'ok']]);
    expect(lines).toEqual(['NOME         STATO', 'A\\u001b[2Jb  ok', 'lungo nome   ok']);
  });
});
