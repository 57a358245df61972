import { describe, expect, it } from 'vitest';
import { cfBirthYear, cfCheckCharacter, cfNameLetters, deOmocodise, isValidCfChecksum } from './codice-fiscale';

describe('codice fiscale checksum', () => {
  it.each([
    ['RSSMRA80A01H501U', true, 'the published example (Mario Rossi, Roma, 01/01/1980)'],
    ['rssmra80a01h501u', true, 'lower case'],
    ['RSS MRA 80A01 H501U', true, 'with spaces'],
    ['RSSMRA80A01H501A', false, 'wrong check character'],
    ['RSSMRA80A01H5O1U', false, 'a letter O where a digit or omocodia letter must be'],
    ['RSSMRA80A01H50', false, 'too short'],
    ['RSSMRA80Z01H501U', false, 'Z is not a month letter'],
    ['RSSMRAULALMHRLMU', false, 'omocodia letters but the wrong check character'],
  ])('%s → %s (%s)', (cf, valid) => {
    expect(isValidCfChecksum(cf)).toBe(valid);
  });

  it('accepts an omocodic CF and maps it back to the original', () => {
    // Last digit of the comune code 1 → M (omocodia), check character recomputed.
    const first15 = 'RSSMRA80A01H50M';
    const omocodic = first15 + cfCheckCharacter(first15);
    expect(isValidCfChecksum(omocodic)).toBe(true);
    expect(deOmocodise(omocodic)).toBe('RSSMRA80A01H501U');
  });
});

describe('cfNameLetters', () => {
  it.each([
    ['D’Angelo', 'DANGELO'], ["D'Angelo", 'DANGELO'], ['D‘Angelo', 'DANGELO'], ['Rossi-Bianchi', 'ROSSIBIANCHI'],
    ['Maria Grazia', 'MARIAGRAZIA'], ['Nicolò', 'NICOLO'], ['  Ève ', 'EVE'],
  ])('%s → %s', (name, letters) => {
    expect(cfNameLetters(name)).toBe(letters);
  });
});

describe('cfBirthYear', () => {
  it.each([
    [23, 8, 2, '2026-11-24', 1923],
    [26, 3, 24, '2026-11-24', 1926],
    [5, 1, 1, '2026-11-24', 2005],
    // 18 on the very day: of age.
    [8, 11, 24, '2026-11-24', 2008],
    // 18 tomorrow: not yet, so the century before.
    [8, 11, 25, '2026-11-24', 1908],
    [80, 1, 1, '2026-11-24', 1980],
  ])('%i (%i/%i) on %s → %i', (yy, month, day, today, year) => {
    expect(cfBirthYear(yy, month, day, today)).toBe(year);
  });
});
