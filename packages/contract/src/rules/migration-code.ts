/**
 * Codice di migrazione (AGCOM 274/07/CONS): COW (operator, 3 alphanumerics) + COR (line,
 * 8-12 characters) + COS (service class, 3 digits) + 1 check letter. The check algorithm has no
 * reliable public source (TOOLING.md), so only the format is checked here; the server says `valid`.
 */

export type MigrationCodeOutcome = 'valid' | 'invalid' | 'invalid_cos';

const cosKey = (cos: string | number) => String(cos).trim().padStart(3, '0');

/** SPEC §5/§8: invalid when the server says so; 'invalid_cos' when a list is supplied and the class is not in it. */
export const migrationCodeOutcome = (
  result: { valid: boolean; cos: string | null },
  acceptedCos?: readonly (string | number)[],
): MigrationCodeOutcome => {
  if (!result.valid) return 'invalid';
  if (acceptedCos !== undefined) {
    if (result.cos === null || !acceptedCos.some((cos) => cosKey(cos) === cosKey(result.cos ?? ''))) return 'invalid_cos';
  }
  return 'valid';
};

export interface MigrationCodeParts { cow: string; cor: string; cos: string; check: string }

/** Spaces removed, upper case: how the code is compared and sent. */
export const normaliseMigrationCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

const FORMAT = /^([A-Z0-9]{3})([A-Z0-9]{8,12})(\d{3})([A-Z])$/;

/** The parts of a well-formed code, or null. */
export const parseMigrationCodeFormat = (code: string): MigrationCodeParts | null => {
  const match = FORMAT.exec(normaliseMigrationCode(code));
  if (!match) return null;
  const [, cow = '', cor = '', cos = '', check = ''] = match;
  return { cow, cor, cos, check };
};

/**
 * Service classes (COS) a migration code may carry for this checkout: 001-017 for lines with
 * services, 222 and 999 for pure number portability (AGCOM 274/07/CONS). The range the server accepts.
 */
export const ACCEPTED_MIGRATION_COS: readonly string[] = [
  ...Array.from({ length: 17 }, (_, i) => String(i + 1).padStart(3, '0')),
  '222', '999',
];

/**
 * The outcome the screens show for a validate-migration-code answer (SPEC §5): 'invalid' whenever the
 * server says the code is not valid, whatever its class; 'invalid_cos' for a valid code whose class
 * this checkout does not take over, so the visitor knows which part to check.
 */
export const checkoutMigrationOutcome = (result: { valid: boolean; cos: string | null }): MigrationCodeOutcome =>
  migrationCodeOutcome(result, ACCEPTED_MIGRATION_COS);
