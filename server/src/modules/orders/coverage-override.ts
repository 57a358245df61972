import type { ServiceCoverage } from '@checkout/contract';

/*
 * An order at an address the coverage data does not know is refused, unless staff prepared it (a pre-made
 * order) and said, on their own name and with a reason, which technology the line is: the override. It is
 * kept in the order's fields under a key no form field has (so no request can set it: the write schemas
 * drop unknown keys), audited when made, and shown in the console. It stops counting as soon as the order's
 * address is one the coverage data knows: the record decides from then on.
 */

export const COVERAGE_OVERRIDE_FIELD = 'coverage_override';

export interface CoverageOverride {
  technology: ServiceCoverage['technology'];
  reason: string;
  /** Who made it, and when (ISO). */
  operator: string;
  at: string;
}

const TECHNOLOGIES: ReadonlySet<string> = new Set(['FTTH', 'FTTC', 'FWA']);

/** The override an order's fields hold, or null. */
export function coverageOverrideOf(fields: Readonly<Record<string, unknown>>): CoverageOverride | null {
  const raw = fields[COVERAGE_OVERRIDE_FIELD];
  if (typeof raw !== 'object' || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (typeof o.technology !== 'string' || !TECHNOLOGIES.has(o.technology)) return null;
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return { technology: o.technology as CoverageOverride['technology'], reason: text(o.reason), operator: text(o.operator), at: text(o.at) };
}
