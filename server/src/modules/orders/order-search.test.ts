import { describe, expect, it } from 'vitest';
import { foldName, ibanKey, orderSearchColumns, phoneDigits, streetKey } from './order-search';

describe('order search columns', () => {
  it.each([
    ['Mario Rossi', 'mario rossi'],
    ['  Niccolò   D’Amico ', 'niccolo damico'],
    ['ÉLODIE Bianchi', 'elodie bianchi'],
    // Every apostrophe people type is the same key, and no apostrophe at all too.
    ['D’Angelo', 'dangelo'], ["D'Angelo", 'dangelo'], ['D‘Angelo', 'dangelo'], ['Dʼangelo', 'dangelo'], ['D`Angelo', 'dangelo'], ['D´Angelo', 'dangelo'],
    ['dangelo', 'dangelo'],
    ['Acme S.r.l.', 'acme srl'],
    ['Rossi-Bianchi & Figli (Roma)', 'rossi bianchi figli roma'],
  ])('folds %j to %j', (input, expected) => expect(foldName(input)).toBe(expected));

  it.each([
    ['Via Roma 1', 'roma 1'],
    ['P.zza Sant’Andrea 3/B', 'santandrea 3 b'],
    ['Viale Giovanni XXIII', 'giovanni xxiii'],
    ['Corso', 'corso'],
    ['Roma 1', 'roma 1'],
  ])('keys the street %j as %j', (input, expected) => expect(streetKey(input)).toBe(expected));

  it.each([
    ['+39 333 123 4567', '3331234567'],
    ['0039 333-123-4567', '3331234567'],
    ['333 1234567', '3331234567'],
    ['06 1234 5678', '0612345678'],
    ['39 06 1234', '39061234'],
    ['+39 333 12', '33312'],
  ])('keeps the national digits of %j', (input, expected) => expect(phoneDigits(input)).toBe(expected));

  it('reverses an IBAN so its last digits are a prefix', () => {
    expect(ibanKey('it60 x054 2811 1010 0000 0123 456')).toBe('6543210000001011182450X06TI');
    expect(ibanKey('IT60X0542811101000000123456').startsWith(ibanKey('3456'))).toBe(true);
  });

  it('makes the columns of a private customer', () => {
    expect(orderSearchColumns({
      first_name: 'Mario', last_name: 'Rossi', cf: 'rssmra80a01h501u', email: 'Mario.Rossi@Example.IT',
      mobile_phone_number: '+39 333 123 4567', technology: 'FTTH', promo: 'summer', address: 'Via del Corso', number: '10',
      iban: 'IT60X0542811101000000123456',
    })).toEqual({
      search_name: 'mario rossi', search_name_rev: 'rossi mario', search_fiscal_code: 'RSSMRA80A01H501U',
      search_email: 'mario.rossi@example.it', search_phone: '3331234567', search_street: 'del corso 10',
      search_iban_rev: '6543210000001011182450X06TI', technology: 'FTTH', promo: 'SUMMER', provenienza: null,
    });
  });

  it('finds a business by its name and by its contact person', () => {
    const c = orderSearchColumns({ ragione_sociale: 'L’Acme S.r.l.', first_name: 'Anna', last_name: 'Verdi', company_tax_code: '12345678901' });
    expect([c.search_name, c.search_name_rev, c.search_fiscal_code]).toEqual(['lacme srl', 'anna verdi', '12345678901']);
  });

  it('leaves nulls where nothing was given', () => {
    expect(Object.values(orderSearchColumns({}))).toEqual([null, null, null, null, null, null, null, null, null, null]);
    expect(orderSearchColumns({ number: '1' }).search_street).toBeNull();
  });
});
