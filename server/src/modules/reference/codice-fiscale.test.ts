import { describe, expect, it } from 'vitest';
import { cfDecodedSchema } from '@checkout/contract';
import { cfMatchesPerson, decodeCf, generateCf, looksLikeCf, parseIsoDate } from './codice-fiscale';
import type { CfPerson } from './codice-fiscale';

const mario: CfPerson = {
  first_name: 'Mario', last_name: 'Rossi', sex: 'M', birth_date: '1980-01-01', birth_city: 'Roma', birth_province: 'RM', birth_country: '',
};

describe('decodeCf', () => {
  it.each([
    ['RSSMRA80A01H501U', { valid: true, sex: 'M', birth_date: '1980-01-01', birth_city: 'Roma', birth_province: 'RM', birth_country: 'IT', omocodia: false }],
    ['rssmra80a01h501u', { cf: 'RSSMRA80A01H501U', valid: true, birth_city: 'Roma' }],
    [' RSSMRA 80A01 H501U ', { cf: 'RSSMRA80A01H501U', valid: true }],
    // Omocodia: the last digit of the place code replaced by M (1), new check character.
    ['RSSMRA80A01H50MM', { valid: true, sex: 'M', birth_date: '1980-01-01', birth_city: 'Roma', omocodia: true }],
    // Female: day + 40.
    ['RSSMRA80A41H501Y', { valid: true, sex: 'F', birth_date: '1980-01-01', birth_city: 'Roma', omocodia: false }],
    // Born abroad: Z112 Germania.
    ['MLLHNS75H20Z112V', { valid: true, sex: 'M', birth_date: '1975-06-20', birth_city: null, birth_province: null, birth_country: 'DE' }],
    ['RSSMRA80A01H501A', { valid: false, sex: null, birth_date: null, birth_city: null }],
    ['RSSMRA80A01H50MX', { valid: false }],
    ['RSSMRA80A32H501U', { valid: false }],
    ['00743110157', { valid: true, sex: null, birth_date: null }],
    ['00743110158', { valid: false }],
    ['NOTACF', { valid: false }],
  ])('%j', async (cf, expected) => {
    const decoded = await decodeCf(cf);
    expect(cfDecodedSchema.parse(decoded)).toEqual(decoded);
    expect(decoded).toMatchObject(expected);
  });
});

describe('looksLikeCf', () => {
  it.each([
    ['RSSMRA80A01H501U', true], ['RSSMRA80A01H50MM', true], ['RSSMRA80A01H501A', true], ['00743110157', true],
    ['RSSMRA80Z01H501U', false], ['RSSMRA80A01H501', false], ['hello', false], ['', false],
  ])('%j → %s', (cf, ok) => {
    expect(looksLikeCf(cf)).toBe(ok);
  });
});

describe('generateCf', () => {
  it.each<[string, Partial<CfPerson>, string]>([
    ['Mario Rossi, Roma', {}, 'RSSMRA80A01H501U'],
    ['accents and case of the comune', { birth_city: 'ROMA', birth_province: 'rm' }, 'RSSMRA80A01H501U'],
    ['Maria Rossi', { first_name: 'Maria', sex: 'F' }, 'RSSMRA80A41H501Y'],
    ['Italy given as country', { birth_country: 'IT' }, 'RSSMRA80A01H501U'],
    ['born in Germany (by code)', { first_name: 'Hans', last_name: 'Müller', birth_date: '1975-06-20', birth_city: '', birth_province: '', birth_country: 'DE' }, 'MLLHNS75H20Z112V'],
    ['born in Germany (by name)', { first_name: 'Hans', last_name: 'Müller', birth_date: '1975-06-20', birth_city: '', birth_country: 'Germania' }, 'MLLHNS75H20Z112V'],
    ['comune without accent', { birth_city: 'forli', birth_province: 'FC' }, 'RSSMRA80A01D704D'],
  ])('%s', async (_label, patch, cf) => {
    expect(await generateCf({ ...mario, ...patch })).toEqual({ ok: true, cf });
  });

  it.each<[string, Partial<CfPerson>, string]>([
    ['unknown comune', { birth_city: 'Atlantide', birth_province: '' }, 'birth_city'],
    ['no comune', { birth_city: '', birth_province: '' }, 'birth_city'],
    ['ambiguous comune', { birth_city: 'Castro', birth_province: '' }, 'birth_city'],
    ['unknown country', { birth_country: 'Narnia' }, 'birth_country'],
    ['impossible date', { birth_date: '1980-02-30' }, 'birth_date'],
    ['future date', { birth_date: '2999-01-01' }, 'birth_date'],
    ['no letters in the surname', { last_name: '123' }, 'last_name'],
  ])('%s → field error on %s', async (_label, patch, field) => {
    const result = await generateCf({ ...mario, ...patch });
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.fields).toHaveProperty(field);
  });

  it('tells two comuni with the same name apart by province', async () => {
    const bg = await generateCf({ ...mario, birth_city: 'Castro', birth_province: 'BG' });
    const le = await generateCf({ ...mario, birth_city: 'Castro', birth_province: 'LE' });
    expect(bg.ok && bg.cf.slice(11, 15)).toBe('C337');
    expect(le.ok && le.cf.slice(11, 15)).toBe('M261');
  });
});

describe('cfMatchesPerson', () => {
  it.each<[string, string, Partial<CfPerson>, string[]]>([
    ['the same person', 'RSSMRA80A01H501U', mario, []],
    ['omocodic CF of the same person', 'RSSMRA80A01H50MM', mario, []],
    ['only the given fields', 'RSSMRA80A01H501U', { last_name: 'Rossi' }, []],
    ['another first name', 'RSSMRA80A01H501U', { ...mario, first_name: 'Luigi' }, ['first_name']],
    ['another sex', 'RSSMRA80A01H501U', { ...mario, sex: 'F' }, ['sex']],
    ['another date', 'RSSMRA80A01H501U', { ...mario, birth_date: '1981-01-01' }, ['birth_date']],
    ['another comune', 'RSSMRA80A01H501U', { ...mario, birth_city: 'Milano', birth_province: 'MI' }, ['birth_city']],
    ['born abroad', 'MLLHNS75H20Z112V', { last_name: 'Müller', first_name: 'Hans', sex: 'M', birth_date: '1975-06-20', birth_country: 'DE' }, []],
    ['wrong country', 'MLLHNS75H20Z112V', { birth_country: 'FR' }, ['birth_country']],
  ])('%s', async (_label, cf, person, mismatches) => {
    expect(await cfMatchesPerson(cf, person)).toEqual({ matches: mismatches.length === 0, mismatches });
  });
});

describe('parseIsoDate', () => {
  it.each([
    ['1980-01-01', [1980, 1, 1]], ['2024-02-29', [2024, 2, 29]], ['2023-02-29', null], ['01/01/1980', null], ['', null],
  ])('%j → %j', (s, expected) => {
    expect(parseIsoDate(s)).toEqual(expected);
  });
});

describe('names and centuries as a contract holder has them', () => {
  it.each([
    ['MRTNTN23M02D969P', '1923-08-02'],
    ['FOXDRA26C24H872Y', '1926-03-24'],
    ['RSSMRA80A01H501U', '1980-01-01'],
  ])('%s is read in the century that makes its holder of age: %s', async (cf, birthDate) => {
    expect((await decodeCf(cf, new Date('2026-11-24T10:00:00Z'))).birth_date).toBe(birthDate);
  });

  it.each([
    ['D’Angelo', 'Maria Grazia'], ["D'Angelo", 'Maria Grazia'], ['D‘Angelo', 'Maria Grazia'], ['Rossi-Bianchi', 'Luca'], ['Rossi Bianchi', 'Luca'],
  ])('%s %s: the CF is computed and matched from the letters alone', async (lastName, firstName) => {
    const person = { first_name: firstName, last_name: lastName, sex: 'F' as const, birth_date: '1985-04-12', birth_city: 'Napoli', birth_province: 'NA' };
    const generated = await generateCf(person);
    expect(generated.ok).toBe(true);
    if (!generated.ok) return;
    expect(generated.cf.slice(0, 3)).toBe(lastName.startsWith('D') ? 'DNG' : 'RSS');
    expect(await cfMatchesPerson(generated.cf, person)).toEqual({ matches: true, mismatches: [] });
  });
});
