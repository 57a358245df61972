import { describe, expect, it } from 'vitest';
import { foldName, orderSearchColumns, phoneDigits } from './order-search';

describe('order search columns', () => {
  it.each([
    ['Mario Rossi', 'mario rossi'],
    ['  Niccolò   D’Amico ', 'niccolo d’amico'],
    ['ÉLODIE Bianchi', 'elodie bianchi'],
  ])('folds %j to %j', (input, expected) => expect(foldName(input)).toBe(expected));

  it.each([
    ['+39 333 123 4567', '3331234567'],
    ['0039 333-123-4567', '3331234567'],
    ['333 1234567', '3331234567'],
    ['06 1234 5678', '0612345678'],
    ['39 06 1234', '39061234'],
  ])('keeps the national digits of %j', (input, expected) => expect(phoneDigits(input)).toBe(expected));

  it('makes the columns of a private customer', () => {
    expect(orderSearchColumns({
      first_name: 'Mario', last_name: 'Rossi', cf: 'rssmra80a01h501u', email: 'Mario.Rossi@Example.IT',
      mobile_phone_number: '+39 333 123 4567', technology: 'FTTH', promo: 'summer',
    })).toEqual({
      search_name: 'mario rossi', search_name_rev: 'rossi mario', search_fiscal_code: 'RSSMRA80A01H501U',
      search_email: 'mario.rossi@example.it', search_phone: '3331234567', technology: 'FTTH', promo: 'SUMMER',
    });
  });

  it('finds a business by its name and by its contact person', () => {
    const c = orderSearchColumns({ ragione_sociale: 'Acme S.r.l.', first_name: 'Anna', last_name: 'Verdi', company_tax_code: '12345678901' });
    expect([c.search_name, c.search_name_rev, c.search_fiscal_code]).toEqual(['acme s.r.l.', 'anna verdi', '12345678901']);
  });

  it('leaves nulls where nothing was given', () => {
    expect(Object.values(orderSearchColumns({}))).toEqual([null, null, null, null, null, null, null]);
  });
});
