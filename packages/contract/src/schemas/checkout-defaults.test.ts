import { describe, expect, it } from 'vitest';
import { defaultFormFields, defaultPersistentState } from './checkout-defaults';
import { formFieldsSchema } from './form-fields';
import { persistentStateSchema } from './checkout-state';

describe('checkout defaults without zod', () => {
  it('a fresh form is what formFieldsSchema makes of nothing', () => {
    expect(defaultFormFields()).toStrictEqual(formFieldsSchema.parse({}));
  });

  it('a fresh persistent state is what persistentStateSchema makes of nothing', () => {
    expect(defaultPersistentState()).toStrictEqual(persistentStateSchema.parse({}));
  });

  it('each call is a new object a caller may change', () => {
    const a = defaultFormFields();
    a.options.push({} as never);
    a.telephone_request.operator = 'x';
    expect(defaultFormFields()).toStrictEqual(formFieldsSchema.parse({}));
  });
});
