import { migrationCodeOutcome, type MigrationCodeOutcome } from '@checkout/contract';

/**
 * Service classes (COS) a migration code may carry: 001-017 for lines with services, 222 and 999 for
 * pure number portability (AGCOM 274/07/CONS, TOOLING.md); the range the server accepts. Same rule
 * as the checkout's step 3, here for the pages outside the checkout (features do not share code).
 */
export const ACCEPTED_MIGRATION_COS: readonly string[] = [
  ...Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(3, '0')),
  '222', '999',
];

/** SPEC §5/§8 outcome of validate-migration-code; a class out of range is 'invalid_cos' even when the server says `valid: false`. */
export const migrationOutcome = (result: { valid: boolean; cos: string | null }): MigrationCodeOutcome => {
  if (!result.valid && result.cos !== null && /^\d{3}$/.test(result.cos) && !ACCEPTED_MIGRATION_COS.includes(result.cos)) return 'invalid_cos';
  return migrationCodeOutcome(result, ACCEPTED_MIGRATION_COS);
};
