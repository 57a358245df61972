import { defaultFormFields, endpoints } from '@checkout/contract';
import { describe, expect, it } from 'vitest';
import { parseStoredFields, parseWrittenFields, storedFieldsJson } from './stored-fields';

const { attachments: _a, health_card_attachment: _h, ...FRESH } = defaultFormFields();
/** What orders/new hands the service: the whole form, defaults filled in by the schema. */
const parsedBody = (extra: Record<string, unknown>) => {
  const { offer_id: _o, is_brand_customer: _b, attachments: _at, health_card_attachment: _hc, ...fields } =
    endpoints.newOrder.request.parse({ offer_id: 101, ...extra });
  return fields;
};

describe('stored order fields', () => {
  it('keep only what a fresh form would not have', () => {
    const fields = parsedBody({ first_name: 'Anna', marketing_consent: true, shipping_same_as_activation: false,
      telephone_request: { operator: 'TIM', operator_name: '', old_number: '', migration_code: '' } });
    expect(JSON.parse(storedFieldsJson(fields))).toEqual({
      first_name: 'Anna', marketing_consent: true, shipping_same_as_activation: false,
      telephone_request: { operator: 'TIM', operator_name: '', old_number: '', migration_code: '' },
    });
    expect(storedFieldsJson(parsedBody({}))).toBe('{}');
    // Not form fields: kept whatever their value.
    expect(JSON.parse(storedFieldsJson({ additional_variants: [], options: [{ id: 10 }] }))).toEqual({ additional_variants: [], options: [{ id: 10 }] });
  });

  it('read back as the whole form, the same as a row written whole', () => {
    const fields = parsedBody({ first_name: 'Anna', city: 'Roma', services_coverage: [], options: [] });
    expect(parseStoredFields(storedFieldsJson(fields))).toEqual({ ...FRESH, ...fields });
    expect(parseStoredFields(JSON.stringify(fields))).toEqual(parseStoredFields(storedFieldsJson(fields)));
    expect(parseStoredFields(storedFieldsJson(fields)).shipping_same_as_activation).toBe(true);
  });

  it('give each reader lists of its own, and read anything but an object as a fresh form', () => {
    const first = parseStoredFields('{}');
    (first.services_coverage as unknown[]).push('x');
    (first.telephone_request as Record<string, string>).operator = 'TIM';
    expect(parseStoredFields('{}')).toEqual(FRESH);
    expect(parseStoredFields('[1]')).toEqual(FRESH);
    expect(parseStoredFields('not json')).toEqual(FRESH);
  });

  it('as written: only the keys the row names', () => {
    expect(parseWrittenFields('{"address":"Via Roma"}')).toEqual({ address: 'Via Roma' });
    expect(parseWrittenFields('null')).toEqual({});
  });
});
