import { describe, expect, it } from 'vitest';
import { isValidCos, normaliseMigrationCode, validateMigrationCode } from './migration-code';

describe('validateMigrationCode', () => {
  it.each([
    // Example codes as published in consumer guides (COW WIN/WIZ, 10-digit COR).
    ['WIN0612345678001H', { valid: true, code: 'WIN0612345678001H', cos: '001', reason: null }],
    ['WIZ0826666777001F', { valid: true, cos: '001' }],
    ['win 0612345678 006 z', { valid: true, code: 'WIN0612345678006Z', cos: '006' }],
    ['WIN-0612345678-017-Z', { valid: true, cos: '017' }],
    ['ABC/12345678/222/K', { valid: true, cos: '222' }], // 8-character COR, number portability
    ['AB1123456789012999Q', { valid: true, cos: '999' }], // 12-character COR
    ['WIN0612345678018H', { valid: true, cos_accepted: false, cos: '018', reason: 'cos' }],
    ['WIN0612345678000H', { valid: true, cos_accepted: false, cos: '000', reason: 'cos' }],
    ['WIN1234567001H', { valid: false, cos: '001', reason: 'format' }], // COR of 7
    ['WIN1234567890123001H', { valid: false, reason: 'format' }], // COR of 13
    ['WIN06123456780011', { valid: false, reason: 'format' }], // check is a digit
    ['WIN0612345678001', { valid: false, cos: null, reason: 'format' }],
    ['', { valid: false, cos: null, reason: 'format' }],
  ])('%j', (input, expected) => {
    expect(validateMigrationCode(input)).toMatchObject(expected);
  });

  it('splits the parts', () => {
    expect(validateMigrationCode('WIN0612345678001H').parts).toEqual({ cow: 'WIN', cor: '0612345678', cos: '001', check: 'H' });
  });

  it('uses a pluggable check-character validator', () => {
    const onlyH = validateMigrationCode('WIN0612345678001Z', { checkCharacterValidator: (p) => p.check === 'H' });
    expect(onlyH).toMatchObject({ valid: false, reason: 'check', cos: '001' });
    expect(validateMigrationCode('WIN0612345678001H', { checkCharacterValidator: (p) => p.check === 'H' }).valid).toBe(true);
  });

  it('names the operator when its COW is known', () => {
    const operators = [{ id: 'demo-tel', name: 'Demo Tel', migration_code: 'DMO', virtual: false }];
    expect(validateMigrationCode('DMO0612345678001H', { operators })).toMatchObject({ valid: true, operator: 'Demo Tel', operator_id: 'demo-tel' });
    expect(validateMigrationCode('WIN0612345678001H', { operators })).toMatchObject({ operator: null });
  });
});

describe('isValidCos', () => {
  it.each([
    ['001', true], ['017', true], ['222', true], ['999', true], ['018', false], ['000', false], ['100', false], ['01', false], ['abc', false],
  ])('%s → %s', (cos, ok) => {
    expect(isValidCos(cos)).toBe(ok);
  });
});

describe('normaliseMigrationCode', () => {
  it('drops separators and uppercases', () => {
    expect(normaliseMigrationCode(' win-0612 345.678/001_h ')).toBe('WIN0612345678001H');
  });
});
