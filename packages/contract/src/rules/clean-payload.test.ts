import { describe, expect, it } from 'vitest';
import { cleanPayload, isPlainObject } from './clean-payload';

describe('cleanPayload', () => {
  it.each([
    ['flat', { a: 1, _b: 2 }, { a: 1 }],
    ['nested', { a: { _x: 1, y: { _z: 2, w: 3 } } }, { a: { y: { w: 3 } } }],
    ['arrays of objects', { list: [{ _a: 1, b: 2 }, 3, 'x'] }, { list: [{ b: 2 }, 3, 'x'] }],
    ['underscore inside a name is kept', { a_b: 1, __proto_like: 2 }, { a_b: 1 }],
    ['falsy values are kept', { a: 0, b: '', c: null, d: false }, { a: 0, b: '', c: null, d: false }],
    ['top-level array', [{ _a: 1 }, { b: 1 }], [{}, { b: 1 }]],
    ['primitive', 'text', 'text'],
    ['null', null, null],
  ])('%s', (_name, input, expected) => {
    expect(cleanPayload(input)).toEqual(expected);
  });

  it('does not touch the input and leaves non-plain objects alone', () => {
    const date = new Date(0);
    const blob = new Blob(['x']);
    const input = { _a: 1, date, blob };
    const output = cleanPayload(input);
    expect(input).toHaveProperty('_a');
    expect(output.date).toBe(date);
    expect(output.blob).toBe(blob);
  });

  it.each([
    [{}, true], [Object.create(null), true], [new Date(), false], [[], false], [null, false], ['x', false],
  ])('isPlainObject(%o) = %s', (value, expected) => {
    expect(isPlainObject(value)).toBe(expected);
  });
});
