import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints } from '@checkout/contract';
import { buildTestApp, describeEachDialect } from '../../../test/support/dialects';
import type { TestApp } from '../../../test/support/dialects';
import { searchComuni } from './comuni';
import { referenceModule } from './routes';

const KEY = 'demo-public-key';

type Name = keyof typeof endpoints;

describeEachDialect('reference calls', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(dialect, { modules: [referenceModule] }); });
  afterAll(async () => t.close());

  const call = (name: Name, body: Record<string, unknown>, withKey = true) =>
    t.app.inject({ method: 'POST', url: endpoints[name].path, payload: withKey ? { api_key: KEY, ...body } : body });

  // Every call with good input: 200, the envelope, and data in the contract's shape
  // (registerEndpoint also checks the response schema in tests).
  it.each<[Name, Record<string, unknown>, (data: never) => void]>([
    ['provinces', {}, (data: { sigla: string }[]) => { expect(data).toHaveLength(107); expect(data.some((p) => p.sigla === 'RM')).toBe(true); }],
    ['countries', {}, (data: { code: string }[]) => { expect(data[0]?.code).toBe('IT'); }],
    ['getAteco', { search: 'parrucch' }, (data: { code: string }[]) => { expect(data.map((e) => e.code)).toContain('96.21'); }],
    ['getAteco', { search: '62.1' }, (data: { code: string }[]) => { expect(data.map((e) => e.code)).toEqual(['62.10']); }],
    ['telephoneOperators', {}, (data: { id: string }[]) => { expect(data.map((o) => o.id)).toContain('tim'); }],
    ['mobileOperators', {}, (data: { id: string; virtual: boolean }[]) => { expect(data.find((o) => o.id === 'ho-mobile')?.virtual).toBe(true); }],
    ['searchComuni', { search: 'forli' }, (data: { name: string }[]) => { expect(data[0]?.name).toBe('Forlì'); }],
    ['searchComuni', { search: 'zzzz' }, (data: unknown[]) => { expect(data).toEqual([]); }],
    ['cfLookup', { cf: 'rssmra80a01h501u' }, (data: object) => {
      expect(data).toEqual({ cf: 'RSSMRA80A01H501U', valid: true, sex: 'M', birth_date: '1980-01-01', birth_city: 'Roma', birth_province: 'RM', birth_country: 'IT', omocodia: false });
    }],
    ['cfLookup', { cf: 'RSSMRA80A01H501A' }, (data: object) => { expect(data).toMatchObject({ valid: false, sex: null }); }],
    ['cfGenerator', { first_name: 'Mario', last_name: 'Rossi', sex: 'M', birth_date: '1980-01-01', birth_city: 'Roma', birth_province: 'RM' }, (data: object) => {
      expect(data).toEqual({ cf: 'RSSMRA80A01H501U' });
    }],
    ['cfGenerator', { first_name: 'Hans', last_name: 'Müller', sex: 'M', birth_date: '1975-06-20', birth_country: 'DE' }, (data: object) => {
      expect(data).toEqual({ cf: 'MLLHNS75H20Z112V' });
    }],
    ['ibanValidation', { iban: 'it60 x054 2811 1010 0000 0123 456' }, (data: object) => {
      expect(data).toEqual({ valid: true, iban: 'IT60X0542811101000000123456', country: 'IT', abi: '05428', cab: '11101', bank_name: null });
    }],
    ['ibanValidation', { iban: 'IT61X0542811101000000123456' }, (data: object) => { expect(data).toMatchObject({ valid: false }); }],
    ['validateMigrationCode', { migration_code: 'WIN 0612345678 001 H' }, (data: object) => { expect(data).toEqual({ valid: true, cos: '001', operator: null }); }],
    ['validateMigrationCode', { migration_code: 'WIN0612345678018H' }, (data: object) => { expect(data).toEqual({ valid: true, cos: '018', operator: null }); }],
  ])('%s %j → 200', async (name, body, check) => {
    const res = await call(name, body);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.result).toBe(true);
    check(json.data as never);
  });

  // Bad input: 422 with a field error naming the field.
  it.each<[Name, Record<string, unknown>, string]>([
    ['getAteco', {}, 'search'],
    ['getAteco', { search: '' }, 'search'],
    ['searchComuni', { search: '   ' }, 'search'],
    ['searchComuni', { search: 'x'.repeat(101) }, 'search'],
    ['cfLookup', {}, 'cf'],
    ['cfLookup', { cf: 'RSSMRA80A01H501UX' }, 'cf'],
    ['cfLookup', { cf: 'hello' }, 'cf'],
    ['cfGenerator', { first_name: 'Mario', last_name: 'Rossi', sex: 'X', birth_date: '1980-01-01', birth_city: 'Roma' }, 'sex'],
    ['cfGenerator', { first_name: 'Mario', last_name: 'Rossi', sex: 'M', birth_date: '01/01/1980', birth_city: 'Roma' }, 'birth_date'],
    ['cfGenerator', { first_name: 'Mario', last_name: 'Rossi', sex: 'M', birth_date: '1980-01-01', birth_city: 'Atlantide' }, 'birth_city'],
    ['cfGenerator', { first_name: 'Mario', last_name: 'Rossi', sex: 'M', birth_date: '1980-01-01', birth_country: 'Narnia' }, 'birth_country'],
    ['ibanValidation', { iban: '' }, 'iban'],
    ['ibanValidation', { iban: 'not an iban' }, 'iban'],
    ['validateMigrationCode', { migration_code: '' }, 'migration_code'],
    ['validateMigrationCode', { migration_code: 'WIN#06123' }, 'migration_code'],
  ])('%s %j → 422 on %s', async (name, body, field) => {
    const res = await call(name, body);
    expect(res.statusCode, res.body).toBe(422);
    const json = res.json();
    expect(json).toMatchObject({ result: false, error: { code: 'validation_error' } });
    expect(json.error.fields).toHaveProperty(field);
  });

  it('search-comuni answers a repeated query from its cache: same bytes and headers, key and body still checked', async () => {
    const first = await call('searchComuni', { search: 'Rom' });
    const again = await call('searchComuni', { search: 'Rom' });
    expect(again.body).toBe(first.body);
    expect(again.body).toBe(JSON.stringify({ result: true, data: searchComuni('Rom') }));
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(again.headers['cache-control']).toBe('no-store');
    expect((await call('searchComuni', { search: 'Rom' }, false)).statusCode).toBe(401);
    expect((await call('searchComuni', { search: 'Rom', extra: 'x'.repeat(10) })).statusCode).toBe(200);
    expect((await call('searchComuni', { search: 'x'.repeat(101) })).statusCode).toBe(422);
  });

  it.each(Object.keys({
    provinces: 1, countries: 1, getAteco: 1, telephoneOperators: 1, mobileOperators: 1,
    cfLookup: 1, cfGenerator: 1, ibanValidation: 1, validateMigrationCode: 1, searchComuni: 1,
  }) as Name[])('%s without the api key → 401', async (name) => {
    const res = await call(name, { search: 'roma', cf: 'RSSMRA80A01H501U', iban: 'IT60X0542811101000000123456', migration_code: 'WIN0612345678001H' }, false);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: false, error: { code: 'invalid_api_key' } });
  });
});
