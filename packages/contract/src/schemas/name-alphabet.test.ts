import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADDRESS_TEXT_MESSAGE, COMPANY_NAME_MESSAGE, PERSON_NAME_MESSAGE } from '../italian/person-name';
import { leadSchema } from './lead';
import {
  stepAddressSchema, stepContactSchema, stepDocumentSchema, stepPaymentSchema, stepPersonalBusinessSchema, stepPersonalPrivatoSchema,
} from './order-steps';

/** Each field that prints a name or an address, with the alphabet its schema holds it to. */
const FIELDS: Array<[schema: string, field: string, message: string, z.ZodType]> = [
  ['step-contact', 'first_name', PERSON_NAME_MESSAGE, stepContactSchema],
  ['step-contact', 'last_name', PERSON_NAME_MESSAGE, stepContactSchema],
  ['step-personal privato', 'first_name', PERSON_NAME_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'last_name', PERSON_NAME_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'birth_city', ADDRESS_TEXT_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'country', ADDRESS_TEXT_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'nationality', ADDRESS_TEXT_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'residenza_indirizzo', ADDRESS_TEXT_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'residenza_civico', ADDRESS_TEXT_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal privato', 'residenza_comune', ADDRESS_TEXT_MESSAGE, stepPersonalPrivatoSchema],
  ['step-personal business', 'ragione_sociale', COMPANY_NAME_MESSAGE, stepPersonalBusinessSchema],
  ['step-personal business', 'forma_giuridica', COMPANY_NAME_MESSAGE, stepPersonalBusinessSchema],
  ['step-personal business', 'tipo_impresa', COMPANY_NAME_MESSAGE, stepPersonalBusinessSchema],
  ['step-personal business', 'nome_albo', COMPANY_NAME_MESSAGE, stepPersonalBusinessSchema],
  ['step-personal business', 'sede_legale_indirizzo', ADDRESS_TEXT_MESSAGE, stepPersonalBusinessSchema],
  ['step-personal business', 'sede_legale_civico', ADDRESS_TEXT_MESSAGE, stepPersonalBusinessSchema],
  ['step-personal business', 'sede_legale_comune', ADDRESS_TEXT_MESSAGE, stepPersonalBusinessSchema],
  ['step-address', 'address', ADDRESS_TEXT_MESSAGE, stepAddressSchema],
  ['step-address', 'number', ADDRESS_TEXT_MESSAGE, stepAddressSchema],
  ['step-address', 'city', ADDRESS_TEXT_MESSAGE, stepAddressSchema],
  ['step-address', 'shipping_recipient', COMPANY_NAME_MESSAGE, stepAddressSchema],
  ['step-address', 'shipping_care_of', COMPANY_NAME_MESSAGE, stepAddressSchema],
  ['step-address', 'shipping_address', ADDRESS_TEXT_MESSAGE, stepAddressSchema],
  ['step-address', 'shipping_number', ADDRESS_TEXT_MESSAGE, stepAddressSchema],
  ['step-address', 'shipping_city', ADDRESS_TEXT_MESSAGE, stepAddressSchema],
  ['step-address', 'portability_operator_name', COMPANY_NAME_MESSAGE, stepAddressSchema],
  ['step-payment', 'sepa_first_name', PERSON_NAME_MESSAGE, stepPaymentSchema],
  ['step-payment', 'sepa_last_name', PERSON_NAME_MESSAGE, stepPaymentSchema],
  ['step-document', 'document_issuer', COMPANY_NAME_MESSAGE, stepDocumentSchema],
  ['step-document', 'document_issue_comune', ADDRESS_TEXT_MESSAGE, stepDocumentSchema],
  ['lead', 'nome', COMPANY_NAME_MESSAGE, leadSchema],
  ['lead', 'cognome', COMPANY_NAME_MESSAGE, leadSchema],
  ['lead', 'comune', ADDRESS_TEXT_MESSAGE, leadSchema],
  ['lead', 'indirizzo', ADDRESS_TEXT_MESSAGE, leadSchema],
  ['lead', 'civico', ADDRESS_TEXT_MESSAGE, leadSchema],
];

/** House numbers hold at most 10 characters: they get the short examples. */
const fits = (field: string) => (value: string): boolean => !/civico|number/.test(field) || value.length <= 10;

/** The messages a schema gives one field for a body holding `value` there. */
const messagesOn = (schema: z.ZodType, field: string, value: string): string[] => {
  const result = schema.safeParse({ [field]: value });
  return result.success ? [] : result.error.issues.filter((i) => i.path.join('.') === field).map((i) => i.message);
};

describe('names and addresses in the step and lead schemas', () => {
  it.each(FIELDS)('%s: %s refuses emoji and symbols with its message', (_schema, field, message, schema) => {
    for (const value of ['😀😀😀', 'Bianchi 🚀 S.r.l.', 'Roma ★', 'x\u0007y'].filter(fits(field))) expect(messagesOn(schema, field, value), value).toEqual([message]);
  });

  it.each(FIELDS)('%s: %s takes what people type there', (_schema, field, message, schema) => {
    const typed = message === PERSON_NAME_MESSAGE ? ['Maria Grazia', 'D’Angelo', 'Rossi-Bianchi', 'Ștefan']
      : message === COMPANY_NAME_MESSAGE ? ['Bianchi & Figli S.r.l.', 'D’Angelo (Roma) s.n.c.', 'Comune di Roma']
      : ['Via Sant’Andrea', '10/A', '12 bis', 'Forlì-Cesena', 'Bolzano/Bozen'];
    for (const value of typed.filter(fits(field))) expect(messagesOn(schema, field, value), value).toEqual([]);
  });

  it.each(FIELDS)('%s: %s refuses what a spreadsheet would run as a formula (a leading = + - @)', (_schema, field, message, schema) => {
    for (const value of ['=SUM(A1)', '+SUM(A1)', '-SUM(A1)', '@SUM(A1)', '\u2013SUM(A1)']) expect(messagesOn(schema, field, value), value).toEqual([message]);
  });

  it('says only "Campo obbligatorio." for an empty required name', () => {
    expect(messagesOn(stepContactSchema, 'first_name', '  ')).toEqual(['Campo obbligatorio.']);
  });

  it('keeps a name as typed (trimmed), typographic apostrophe included', () => {
    const parsed = stepPaymentSchema.parse({ sepa_first_name: ' Maria Grazia ', sepa_last_name: 'D’Angelo', iban: 'IT60X0542811101000000123456' });
    expect(parsed).toMatchObject({ sepa_first_name: 'Maria Grazia', sepa_last_name: 'D’Angelo' });
  });
});
