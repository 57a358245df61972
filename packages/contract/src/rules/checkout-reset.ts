import { FIELDS_SCHEMA_VERSION } from '../constants';
import { defaultFormFields, defaultPersistentState } from '../schemas/checkout-defaults';
import { persistentStateSchema } from '../schemas/checkout-state';
import { formFieldsSchema, type FormFields } from '../schemas/form-fields';
import type { CheckoutSnapshot } from './new-order';
import { z } from 'zod';

// The resets need no zod (a first screen uses them); rehydrate parses, so it stays here with the schemas.
export {
  FIELDS_KEPT_ON_NEW_ORDER, resetCoverage, startNewOrder, type CheckoutSnapshot, type StartNewOrderOptions,
} from './new-order';

const snapshotSchema = z.object({
  fields: formFieldsSchema.default(() => defaultFormFields()),
  state: persistentStateSchema.default(() => defaultPersistentState()),
});

const defaults = (): CheckoutSnapshot => ({ fields: defaultFormFields(), state: defaultPersistentState() });

/**
 * DESIGN §6.2: the stored checkout is parsed on rehydrate; another field-schema version or
 * anything that does not parse resets everything (SPEC §4).
 */
export const rehydrate = (version: unknown, stored: unknown): CheckoutSnapshot => {
  if (version !== FIELDS_SCHEMA_VERSION) return defaults();
  const parsed = snapshotSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaults();
};

/** The same rule for the form fields alone. */
export const rehydrateFields = (version: unknown, stored: unknown): FormFields => {
  if (version !== FIELDS_SCHEMA_VERSION) return defaultFormFields();
  const parsed = formFieldsSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultFormFields();
};
