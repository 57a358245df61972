import { describe, expect, it } from 'vitest';
import { searchTermOf } from './search-term';

/* What the search box reads each kind of text as; the list's tests check what each finds. */
describe('search term', () => {
  it.each([
    ['', null],
    ['   ', null],
    ["D'Angelo", { by: 'name', prefix: 'dangelo', streetPrefix: 'dangelo', premade: null, emailPrefix: null }],
    ['D’Angelo', { by: 'name', prefix: 'dangelo', streetPrefix: 'dangelo', premade: null, emailPrefix: null }],
    ['dangelo', { by: 'name', prefix: 'dangelo', streetPrefix: 'dangelo', premade: 'DANGELO', emailPrefix: 'dangelo' }],
    ['Niccolò  Rossi', { by: 'name', prefix: 'niccolo rossi', streetPrefix: 'niccolo rossi', premade: null, emailPrefix: null }],
    ['P.zza Garibaldi 3', { by: 'name', prefix: 'pzza garibaldi 3', streetPrefix: 'garibaldi 3', premade: null, emailPrefix: null }],
    ['Mario.Rossi@Example.it', { by: 'email', prefix: 'mario.rossi@example.it' }],
    ['rssmra80a01h501u', { by: 'fiscal_code', value: 'RSSMRA80A01H501U' }],
    ['12345678901', { by: 'tax_or_phone', value: '12345678901', phonePrefix: '12345678901', ibanSuffix: '10987654321' }],
    ['fv-2026-abc123', { by: 'order_number', value: 'FV-2026-ABC123' }],
    ['+39 333 123-45', { by: 'phone', prefix: '33312345', ibanSuffix: '5432133393' }],
    ['3456', { by: 'phone', prefix: '3456', ibanSuffix: '6543' }],
    ['it60 x054 2811 1010 0000 0123 456', { by: 'iban', suffix: '6543210000001011182450X06TI', hash: null }],
    ['IT60-X054-2811-1010-0000-0123-456', { by: 'iban', suffix: '6543210000001011182450X06TI', hash: null }],
  ] as const)('reads %j', (q, expected) => {
    expect(searchTermOf(q)).toEqual(expected);
  });

  it('keeps a 24-character text that reads as an IBAN an order hash too', () => {
    expect(searchTermOf('ES9121000418450200051332')).toMatchObject({ by: 'iban', hash: 'ES9121000418450200051332' });
    expect(searchTermOf('aB3dE5fG7hJ9kL1mN3pQ5rS7')).toMatchObject({ by: 'hash', value: 'aB3dE5fG7hJ9kL1mN3pQ5rS7' });
  });
});
