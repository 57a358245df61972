import { describe, expect, it } from 'vitest';
import { checkoutMigrationOutcome as migrationCheck } from './migration-code';

describe('checkoutMigrationOutcome', () => {
  it.each([
    [{ valid: true, cos: '001' }, 'valid'],
    [{ valid: true, cos: '999' }, 'valid'],
    [{ valid: true, cos: '050' }, 'invalid_cos'],
    [{ valid: true, cos: null }, 'invalid_cos'],
    [{ valid: false, cos: '050' }, 'invalid'], // SPEC §5: invalid whatever the class
    [{ valid: false, cos: '001' }, 'invalid'],
    [{ valid: false, cos: null }, 'invalid'],
  ] as const)('%j → %s', (result, outcome) => {
    expect(migrationCheck(result)).toBe(outcome);
  });
});
