import { describe, expect, it } from 'vitest';
import {
  ageOn, documentDateProblems, isoDateSchema, isRealIsoDate, mobilePhoneSchema, normaliseMobileNumber, ORDER_STEP_NAMES,
  isOrderStepName, stepAddressSchema, stepPersonalBusinessSchema, stepPortabilitySchema, stepSchemaFor,
} from './order-steps';
import { ORDER_STEP_NAMES as FROM_ORDER } from './order';

describe('order step schemas', () => {
  it('keeps ORDER_STEP_NAMES importable from order.ts', () => {
    expect(FROM_ORDER).toBe(ORDER_STEP_NAMES);
    expect(ORDER_STEP_NAMES).toEqual(['step-contact', 'step-personal', 'step-address', 'step-payment', 'step-document']);
  });

  it('accepts step-portability as an amendment step with the portability rules of step-address', () => {
    expect(isOrderStepName('step-portability')).toBe(true);
    expect(ORDER_STEP_NAMES).not.toContain('step-portability');
    expect(stepSchemaFor('step-portability', 'business')).toBe(stepPortabilitySchema);
    expect(stepPortabilitySchema.parse({})).toMatchObject({ portability_internet: false, portability_phone: false, portability_migration_code: '' });
    const ok = stepPortabilitySchema.parse({
      portability_phone: true, portability_operator: 'tim', portability_old_number: '+39 06 1234567', portability_migration_code: 'tlc 0612345678 001 a',
    });
    expect(ok).toMatchObject({ portability_old_number: '061234567', portability_migration_code: 'TLC0612345678001A' });
    const bad = stepPortabilitySchema.safeParse({ portability_internet: true, portability_phone: true, portability_old_number: '333' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['portability_migration_code', 'portability_old_number', 'portability_operator']);
  });

  it.each([
    ['+39 333 123 4567', '3331234567'],
    ['0039-333.123.4567', '3331234567'],
    ['3331234567', '3331234567'],
  ])('normalises the mobile number %s', (input, out) => {
    expect(normaliseMobileNumber(input)).toBe(out);
    expect(mobilePhoneSchema.parse(input)).toBe(out);
  });

  it.each(['061234567', '+44 7700 900123', '33312'])('refuses %s as an Italian mobile', (input) => {
    expect(mobilePhoneSchema.safeParse(input).success).toBe(false);
  });

  it.each([
    ['2024-02-29', true], ['2023-02-29', false], ['1899-12-31', false], ['01/01/1980', false],
  ])('isRealIsoDate(%s) is %s', (s, ok) => expect(isRealIsoDate(s)).toBe(ok));

  it.each([
    ['1980-01-01', '2026-03-01', 46], ['2008-03-02', '2026-03-01', 17], ['2008-03-01', '2026-03-01', 18],
  ])('ageOn(%s, %s) = %i', (birth, today, age) => expect(ageOn(birth, today)).toBe(age));

  it('judges document dates against today', () => {
    expect(documentDateProblems('2020-01-01', '2030-01-01', '2026-03-01')).toEqual({});
    expect(Object.keys(documentDateProblems('2026-03-02', '2026-03-01', '2026-03-01')).sort()).toEqual(['document_expiry_date', 'document_issue_date']);
  });

  it('converts dd/mm/yyyy dates of a step to yyyy-mm-dd', () => {
    const parsed = stepSchemaFor('step-document', 'privato').parse({
      document_type: 'patente', document_number: 'u1 234567', document_issue_date: '15/06/2020', document_expiry_date: '15/06/2030',
      document_issuer: 'MIT-UCO', document_issue_comune: 'Roma', document_issue_province: 'rm',
    });
    expect(parsed).toMatchObject({ document_number: 'U1234567', document_issue_date: '2020-06-15', document_expiry_date: '2030-06-15', document_issue_province: 'RM' });
  });

  it('allows SDI 0000000 only with a PEC', () => {
    const base = {
      ragione_sociale: 'X', forma_giuridica: 'S.r.l.', partita_iva: '00743110157', company_tax_code: '00743110157', provincia_rea: 'MI',
      numero_rea: '1', ateco: '62.01', sede_legale_indirizzo: 'Via A', sede_legale_civico: '1', sede_legale_comune: 'Milano',
      sede_legale_cap: '20121', sede_legale_provincia: 'MI', sdi: '0000000',
    };
    expect(stepPersonalBusinessSchema.safeParse({ ...base, pec: 'x@pec.it' }).success).toBe(true);
    const without = stepPersonalBusinessSchema.safeParse(base);
    expect(without.success).toBe(false);
    expect(without.error?.issues[0]?.path).toEqual(['sdi']);
  });

  it('asks for the shipping address only when it differs', () => {
    const base = { address: 'Via A', number: '1', city: 'Roma', zip_code: '00100', province: 'RM' };
    expect(stepAddressSchema.safeParse(base).success).toBe(true);
    const issues = stepAddressSchema.safeParse({ ...base, shipping_same_as_activation: false }).error?.issues.map((i) => i.path[0]);
    expect(issues).toEqual(expect.arrayContaining(['shipping_recipient', 'shipping_address', 'shipping_zip', 'shipping_province']));
  });
});

describe('dates', () => {
  const messageOf = (value: string) => {
    const r = isoDateSchema.safeParse(value);
    return r.success ? null : r.error.issues[0]?.message;
  };

  it('says a well-typed day the calendar lacks does not exist, rather than blame the format', () => {
    expect(messageOf('31/02/2030')).toBe('La data 31/02/2030 non esiste.');
    expect(messageOf('29/02/2027')).toBe('La data 29/02/2027 non esiste.');
    expect(messageOf('31/04/2030')).toBe('La data 31/04/2030 non esiste.');
    expect(messageOf('29/02/2028')).toBeNull();
  });

  it('still calls a wrong shape, or a year before 1900, a format error', () => {
    expect(messageOf('31-02-2030')).toBe('Data non valida: usare il formato gg/mm/aaaa.');
    expect(messageOf('1/2/2030')).toBe('Data non valida: usare il formato gg/mm/aaaa.');
    expect(messageOf('01/01/1850')).toBe('Data non valida: usare il formato gg/mm/aaaa.');
  });
});
