import { ORDER_STEP_NAMES, resumeUrl, stepSchemaFor, type FormFields } from '@checkout/contract';

export const STEP_PATHS = ['/attiva/step-1', '/attiva/step-2', '/attiva/step-3', '/attiva/step-4', '/attiva/step-5'] as const;
export const SIGNATURE_PATH = '/attiva/firma';
export const OFFER_PATH = '/attiva/offerta';

export const stepFromPath = (pathname: string): number => Number(/\/step-([1-5])\/?$/.exec(pathname)?.[1] ?? 1);
export const stepPath = (step: number): string => (step >= 6 ? SIGNATURE_PATH : STEP_PATHS[Math.max(0, Math.min(4, step - 1))] ?? STEP_PATHS[0]);

export interface StepGuardInput {
  step: number;
  maxStep: number;
  /** An order exists (steps 2-5 write to it). */
  hasOrder: boolean;
  promo?: string | null;
}

/**
 * Where a visit to step N must go instead, or null to stay. maxStep is the step the visitor has
 * reached and not yet sent (each sent step raises it by one), so it is the first incomplete one: a step
 * beyond it goes back there (SPEC §2 resume rule; nothing reached yet resumes the coverage check). Step 1
 * stays open, it is where an order starts. Steps 2-5 without an order go back to step 1, which creates it.
 */
export const stepRedirect = ({ step, maxStep, hasOrder, promo = null }: StepGuardInput): string | null => {
  if (step > Math.max(1, maxStep)) return resumeUrl(maxStep, promo);
  if (step >= 2 && !hasOrder) return STEP_PATHS[0];
  return null;
};

/**
 * The first of steps 1..`before - 1` whose data, as this browser keeps it, does not pass that step's
 * contract schema (the rules the server applied when it was sent), or null when they all do. It names
 * the step to complete when the server says the order is not ready to sign.
 */
export const firstIncompleteStep = (fields: FormFields, before: number): number | null => {
  const names = ORDER_STEP_NAMES.slice(0, Math.max(0, Math.min(ORDER_STEP_NAMES.length, before - 1)));
  const index = names.findIndex((name) => !stepSchemaFor(name, fields.customer_type).safeParse(fields).success);
  return index === -1 ? null : index + 1;
};
