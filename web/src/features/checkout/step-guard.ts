import { resumeUrl } from '@checkout/contract';

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
 * Where a visit to step N must go instead, or null to stay: a step beyond the next one
 * (N > maxStep + 1) resumes where the visitor really is (SPEC §2 resume rule); steps 2-5 without an
 * order go back to step 1, which creates it.
 */
export const stepRedirect = ({ step, maxStep, hasOrder, promo = null }: StepGuardInput): string | null => {
  if (step > maxStep + 1) return resumeUrl(maxStep, promo);
  if (step >= 2 && !hasOrder) return STEP_PATHS[0];
  return null;
};
