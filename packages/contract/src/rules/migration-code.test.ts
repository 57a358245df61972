import { describe, expect, it } from 'vitest';
import { migrationCodeOutcome, parseMigrationCodeFormat } from './migration-code';

describe('migrationCodeOutcome', () => {
  it.each([
    [{ valid: false, cos: '001' }, undefined, 'invalid'],
    [{ valid: false, cos: '001' }, ['001'], 'invalid'],
    // SPEC §5: a code the server calls not valid is 'invalid' whatever its class, accepted or not.
    [{ valid: false, cos: '005' }, ['001', '002'], 'invalid'],
    [{ valid: false, cos: null }, ['001'], 'invalid'],
    [{ valid: true, cos: '001' }, undefined, 'valid'],
    [{ valid: true, cos: null }, undefined, 'valid'],
    [{ valid: true, cos: '001' }, ['001', '002'], 'valid'],
    [{ valid: true, cos: '1' }, [1, 2], 'valid'],
    [{ valid: true, cos: '005' }, ['001', '002'], 'invalid_cos'],
    [{ valid: true, cos: null }, ['001'], 'invalid_cos'],
    [{ valid: true, cos: '001' }, [], 'invalid_cos'],
  ] as const)('%o with %o → %s', (result, accepted, expected) => {
    expect(migrationCodeOutcome(result, accepted)).toBe(expected);
  });
});

describe('parseMigrationCodeFormat', () => {
  it.each([
    ['TLC12345678001A', { cow: 'TLC', cor: '12345678', cos: '001', check: 'A' }],
    ['tlc 1234 5678 001 a', { cow: 'TLC', cor: '12345678', cos: '001', check: 'A' }],
    ['WI1ABCDEFGHIJKL222Z', { cow: 'WI1', cor: 'ABCDEFGHIJKL', cos: '222', check: 'Z' }],
    ['TLC1234567001A', null], // COR 7
    ['TLC1234567890123001A', null], // COR 13
    ['TLC12345678001', null], // no check letter
    ['TLC12345678AB1A', null], // COS not digits
    ['TLC123456780011', null], // check is a digit
    ['TL-12345678001A', null],
    ['', null],
  ])('%j', (code, expected) => {
    expect(parseMigrationCodeFormat(code)).toEqual(expected);
  });
});
