import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, nulCharacterFields } from './nul-characters';

describe('nulCharacterFields', () => {
  it.each([
    ['a plain body', { a: 'x', b: 1, c: [{ d: 'y' }], e: null }, {}],
    ['a top-level field', { a: 'x\u0000' }, { a: NUL_MESSAGE }],
    ['a nested field', { a: { b: { c: 'x\u0000y' } } }, { 'a.b.c': NUL_MESSAGE }],
    ['an array element', { a: ['ok', { b: '\u0000' }] }, { 'a.1.b': NUL_MESSAGE }],
    ['a bare string body', 'x\u0000', { _body: NUL_MESSAGE }],
  ])('%s', (_name, body, fields) => expect(nulCharacterFields(body)).toEqual(fields));
});
