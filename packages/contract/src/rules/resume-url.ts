import { COVERAGE_PATH } from '../routes';

/**
 * Where a returning visitor resumes (SPEC §2, §4): the furthest step reached, the signature
 * page after step 5's data, otherwise the coverage check (with the promo when one is set).
 */
export const resumeUrl = (maxStep: number, promo?: string | null): string => {
  if (Number.isInteger(maxStep) && maxStep >= 1 && maxStep <= 4) return `/attiva/step-${maxStep}`;
  if (maxStep === 5) return '/attiva/firma';
  return promo ? `${COVERAGE_PATH}/${encodeURIComponent(promo)}` : COVERAGE_PATH;
};
