import { describe, expect, it } from 'vitest';
import { stepPaymentSchema } from '../schemas/order-steps';
import { sepaHolderProblems } from './sepa-holder';

const IBAN = 'IT60X0542811101000000123456';
const parse = (v: Record<string, unknown>) => stepPaymentSchema.safeParse({ iban: IBAN, ...v });
const fieldsOf = (v: Record<string, unknown>) => {
  const r = parse(v);
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
};

describe('the SEPA holder', () => {
  it('is a person by default, who needs a first and a last name', () => {
    expect(parse({ sepa_first_name: 'Mario', sepa_last_name: 'Rossi' }).data?.sepa_holder_type).toBe('person');
    expect(fieldsOf({})).toEqual(['sepa_first_name', 'sepa_last_name']);
  });

  it('may be the company, named with its tax code (no person\'s name needed)', () => {
    expect(fieldsOf({ sepa_holder_type: 'company' })).toEqual(['sepa_company_name', 'sepa_tax_code']);
    const ok = parse({ sepa_holder_type: 'company', sepa_company_name: 'Studio Tecnico Aurelio S.r.l.', sepa_tax_code: 'IT 00743110157' });
    expect(ok.success).toBe(true);
    expect(ok.data?.sepa_tax_code).toBe('00743110157');
    expect(sepaHolderProblems(ok.data!, 'business')).toEqual({});
  });

  it('is refused as a company for a private customer', () => {
    expect(sepaHolderProblems({ sepa_holder_type: 'company', sepa_tax_code: '00743110157' }, 'privato')).toHaveProperty('sepa_holder_type');
  });

  it('needs, for a business customer, the signing person\'s own codice fiscale: a person\'s name with the company\'s P.IVA identifies nobody', () => {
    expect(sepaHolderProblems({ sepa_holder_type: 'person', sepa_tax_code: '' }, 'business')).toHaveProperty('sepa_tax_code');
    expect(sepaHolderProblems({ sepa_holder_type: 'person', sepa_tax_code: '00743110157' }, 'business')).toHaveProperty('sepa_tax_code');
    expect(sepaHolderProblems({ sepa_holder_type: 'person', sepa_tax_code: 'RSSMRA80A01H501U' }, 'business')).toEqual({});
    // A private customer's account is the customer's: the tax code is not asked.
    expect(sepaHolderProblems({ sepa_holder_type: 'person', sepa_tax_code: '' }, 'privato')).toEqual({});
  });

  it('checks the company\'s partita IVA and a codice fiscale\'s check character', () => {
    expect(sepaHolderProblems({ sepa_holder_type: 'company', sepa_tax_code: '00743110158' }, 'business')).toHaveProperty('sepa_tax_code');
    expect(sepaHolderProblems({ sepa_holder_type: 'person', sepa_tax_code: 'RSSMRA80A01H501X' }, 'business')).toHaveProperty('sepa_tax_code');
  });
});
