import { migrationCodeOutcome, type MigrationCodeOutcome } from '@checkout/contract';

/**
 * Service classes (COS) a migration code may carry for this checkout: 001-017 for lines with
 * services, 222 and 999 for pure number portability (AGCOM 274/07/CONS, TOOLING.md). The same
 * range the server accepts.
 */
export const ACCEPTED_COS: readonly string[] = [
  ...Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(3, '0')),
  '222', '999',
];

/**
 * SPEC §5/§8 outcome of validate-migration-code. The server also answers `valid: false` when only the
 * class is out of range; that case is told apart ('invalid_cos') so the visitor knows which part to check.
 */
export const migrationCheck = (result: { valid: boolean; cos: string | null }): MigrationCodeOutcome => {
  if (!result.valid && result.cos !== null && /^\d{3}$/.test(result.cos) && !ACCEPTED_COS.includes(result.cos)) return 'invalid_cos';
  return migrationCodeOutcome(result, ACCEPTED_COS);
};
