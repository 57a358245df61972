import { describe, expect, it } from 'vitest';
import { operatorSchema } from '@checkout/contract';
import { findOperatorByCow, listFixedOperators, listMobileOperators } from './operators';
import type { Operator } from './operators';

describe.each([
  ['fixed', listFixedOperators()],
  ['mobile', listMobileOperators()],
])('%s operators', (_kind, list) => {
  it('have unique kebab-case ids and the contract shape', () => {
    expect(new Set(list.map((o) => o.id)).size).toBe(list.length);
    for (const o of list) {
      expect(o.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(operatorSchema.parse(o)).toEqual(o);
      expect(o.migration_code === null || /^[A-Z0-9]{3}$/.test(o.migration_code)).toBe(true);
    }
  });
});

describe('operators', () => {
  it('lists the big four and the virtual operators as such', () => {
    const mobile = listMobileOperators();
    for (const id of ['tim', 'vodafone', 'windtre', 'iliad']) expect(mobile.find((o) => o.id === id)?.virtual).toBe(false);
    for (const id of ['ho-mobile', 'kena-mobile', 'very-mobile', 'postemobile', 'coopvoce', 'lycamobile', 'spusu', '1mobile', 'noitel']) {
      expect(mobile.find((o) => o.id === id)?.virtual, id).toBe(true);
    }
    expect(listFixedOperators().some((o) => o.id === 'open-fiber')).toBe(false);
  });

  it('answers copies, so callers cannot change the table', () => {
    const first = listFixedOperators();
    (first[0] as Operator).name = 'changed';
    expect(listFixedOperators()[0]?.name).toBe('TIM');
  });

  it.each([
    ['ABC', 'demo'],
    ['abc', 'demo'],
    ['XYZ', null],
  ])('findOperatorByCow(%j) → %j', (cow, id) => {
    const table: Operator[] = [{ id: 'demo', name: 'Demo', migration_code: 'ABC', virtual: false }];
    expect(findOperatorByCow(cow, table)?.id ?? null).toBe(id);
  });

  it('knows no COW by default (none is publicly confirmed)', () => {
    expect(findOperatorByCow('WIN')).toBeNull();
  });
});
