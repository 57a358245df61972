import type { PortabilityFormValues } from '@checkout/contract';
import { useCheckoutStore } from '../../state/checkout-store';

/** The portability fields of an order, as the page's form holds them (the contract's form schema). */
export type PortabilityValues = PortabilityFormValues;

export const PORTABILITY_NAMES = [
  'portability_internet', 'portability_phone', 'portability_operator', 'portability_operator_name',
  'portability_old_number', 'portability_migration_code',
] as const satisfies readonly (keyof PortabilityValues)[];

/** Spaces, dots and dashes people copy from a bill are dropped; the code is upper case. */
export const normalisePortability = (v: PortabilityValues): PortabilityValues => ({
  ...v,
  portability_operator: v.portability_operator.trim(),
  portability_old_number: v.portability_phone ? v.portability_old_number.replace(/[\s\-./()]/g, '').replace(/^(\+|00)39(?=0)/, '') : '',
  portability_migration_code: v.portability_migration_code.replace(/\s+/g, '').toUpperCase(),
});

/** The values this browser already has for the order, when the order is the one of its checkout. */
export const storedPortability = (hash: string): PortabilityValues | null => {
  const s = useCheckoutStore.getState();
  if (s.persistent.currentOrderData.hash !== hash) return null;
  const f = s.fields;
  return {
    portability_internet: f.portability_internet, portability_phone: f.portability_phone,
    portability_operator: f.portability_operator, portability_operator_name: f.portability_operator_name,
    portability_old_number: f.portability_old_number, portability_migration_code: f.portability_migration_code,
  };
};
