import { describe, expect, it } from 'vitest';
import { formFieldsSchema } from './form-fields';
import { orderWriteSchema } from './order';

describe('orders/new body as sent', () => {
  it('keeps only the fields the body names: an absent field is left to the fresh form, not filled in', () => {
    expect(orderWriteSchema.parse({ offer_id: 101, first_name: 'Anna' })).toStrictEqual({ offer_id: 101, first_name: 'Anna', is_brand_customer: false });
  });

  it('reads every form field it names as the form does', () => {
    const fresh: Record<string, unknown> = formFieldsSchema.parse({});
    // The body's options carry euros (addedOptionWireSchema), not the form's cents.
    const keys = Object.keys(fresh).filter((key) => key !== 'options');
    for (const key of keys) {
      for (const value of [fresh[key], 12345, 'x'.repeat(600), '', null, true]) {
        const form = formFieldsSchema.safeParse({ [key]: value });
        const sent = orderWriteSchema.safeParse({ offer_id: 101, [key]: value });
        expect(sent.success, `${key}: ${JSON.stringify(value)}`).toBe(form.success);
        if (form.success && sent.success) expect((sent.data as Record<string, unknown>)[key], key).toStrictEqual(form.data[key as keyof typeof form.data]);
      }
    }
    expect(orderWriteSchema.safeParse({ offer_id: 101, first_name: 'x'.repeat(101) }).success).toBe(false);
  });
});
