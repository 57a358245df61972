import { describe, expect, it } from 'vitest';
import { defaultFormFields } from '../schemas/checkout-defaults';
import { formFieldsSchema } from '../schemas/form-fields';
import { PREMADE_PREPARED_FIELDS, holdsPersonalData, premadePreparedFields } from './premade-fields';

describe('pre-made fields', () => {
  it('a fresh form holds nothing personal (its defaults, true ones included)', () => {
    expect(holdsPersonalData(defaultFormFields())).toBe(false);
    expect(holdsPersonalData({ ...defaultFormFields(), customer_origin: 'premade', address: 'Via Roma', options: [{ id: 10 }], voip_activation_request: true })).toBe(false);
  });

  it.each([
    ['first_name', 'Anna'], ['mobile_phone_number', '3331234567'], ['cf', 'RSSMRA80A01H501U'], ['iban', 'IT60X0542811101000000123456'],
    ['document_number', 'CA12345AB'], ['birth_date', '1980-01-01'], ['marketing_consent', true], ['telephone_request', { old_number: '0612345678' }],
    ['a_field_added_later', 'x'],
  ])('any other field with a value is personal: %s', (key, value) => {
    expect(holdsPersonalData({ ...defaultFormFields(), [key]: value })).toBe(true);
  });

  it('shows only the prepared fields, each a form field (or one the server derives from the options)', () => {
    const all = { ...defaultFormFields(), first_name: 'Anna', cf: 'X', iban: 'Y', address: 'Via Roma', additional_variants: [] };
    expect(Object.keys(premadePreparedFields(all)).sort()).toEqual([...PREMADE_PREPARED_FIELDS].sort());
    const formKeys = Object.keys(formFieldsSchema.shape);
    expect(PREMADE_PREPARED_FIELDS.filter((k) => !formKeys.includes(k))).toEqual(['additional_variants']);
  });
});
