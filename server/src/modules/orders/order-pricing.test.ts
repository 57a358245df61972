import { ROUTER_COLOURS } from '@checkout/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';
import { priceOrderContent } from './order-pricing';

// Without an address (the line stated by staff, coverage-override.ts) or a promo code, pricing reads nothing from the database.
const noDatabase = {} as Db;
const NOW = new Date('2026-03-01T10:00:00Z');
const STAFF_LINE = { coverage_override: { technology: 'FTTH', reason: 'prova', operator: 'test', at: '' } };
const price = (fields: Record<string, unknown>) => priceOrderContent(noDatabase, 101, 'privato', { ...STAFF_LINE, ...fields }, NOW);

describe('orders: the price of a content without a promo code, kept per catalogue', () => {
  it('is computed once for the same content and shared, frozen, between the orders that have it', async () => {
    const first = await price({ routerVariant: 'blue', options: [] });
    const second = await price({ routerVariant: 'blue', options: [], first_name: 'Mario' });
    expect(second.priced).toBe(first.priced);
    expect(Object.isFrozen(first.priced.lines[0])).toBe(true);
    expect(() => { (first.priced.totals as { monthly: number }).monthly = 0; }).toThrow(TypeError);
  });

  it('is computed for each distinct selection: options, covers and router colour', async () => {
    const plain = await price({ routerVariant: 'blue', options: [{ id: 22 }] });
    const upgraded = await price({ routerVariant: 'blue', options: [{ id: 22 }, { id: 50 }] });
    expect(upgraded.priced.totals.monthly).toBe(plain.priced.totals.monthly + 500);
    expect(upgraded.options.map((o) => o.id).sort()).toEqual([22, 50]);
    const [a, b] = ROUTER_COLOURS;
    const covered = await price({ routerVariant: a, options: [{ id: 22 }], additional_variants: [b] });
    const otherColour = await price({ routerVariant: b, options: [{ id: 22 }], additional_variants: [a] });
    expect(covered.additionalVariants).toEqual([b]);
    expect(otherColour.additionalVariants).toEqual([a]);
    expect(covered.priced.totals.oneOff).toBe(plain.priced.totals.oneOff + 500);
  });

  it('refuses a refused selection every time (a refusal is not kept as a price)', async () => {
    for (let i = 0; i < 2; i++) {
      const err = await price({ options: [{ id: 45 }] }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(422);
    }
  });
});
