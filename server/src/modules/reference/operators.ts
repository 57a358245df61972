import type { operatorSchema } from '@checkout/contract';
import type { z } from 'zod';
/*
 * Operators a customer may come from (fixed line: migration; mobile: number portability).
 * `migration_code` is the COW (first 3 characters of the codice di migrazione, AGCOM 274/07/CONS)
 * only where a reliable source confirms it. No public list maps COW codes to operators (AGCOM assigns
 * several codes to one operator, and some bills print per-line codes), so every entry is null until a
 * provider fills them in from its own migration data. Open Fiber and FiberCop are wholesale networks,
 * not retail operators, so they are not listed.
 */
/** An operator as the lists answer it (`id` kebab-case and stable: stored in orders; `virtual`: an MVNO). */
export type Operator = z.output<typeof operatorSchema>;

const op = (id: string, name: string, virtual = false, migration_code: string | null = null): Operator =>
  ({ id, name, migration_code, virtual });

export const FIXED_OPERATORS: readonly Operator[] = [
  op('tim', 'TIM'),
  op('vodafone', 'Vodafone'),
  op('windtre', 'WindTre'),
  op('fastweb', 'Fastweb'),
  op('iliad', 'Iliad'),
  op('tiscali', 'Tiscali'),
  op('sky-wifi', 'Sky Wifi'),
  op('eolo', 'Eolo'),
  op('opnet', 'Opnet (ex Linkem)'),
  op('aruba', 'Aruba Fibra'),
  op('convergenze', 'Convergenze'),
  op('optima', 'Optima Italia'),
  op('altro', 'Altro operatore'),
];

export const MOBILE_OPERATORS: readonly Operator[] = [
  op('tim', 'TIM'),
  op('vodafone', 'Vodafone'),
  op('windtre', 'WindTre'),
  op('iliad', 'Iliad'),
  op('ho-mobile', 'ho. Mobile', true),
  op('kena-mobile', 'Kena Mobile', true),
  op('very-mobile', 'Very Mobile', true),
  op('fastweb', 'Fastweb', true),
  op('postemobile', 'PosteMobile', true),
  op('coopvoce', 'CoopVoce', true),
  op('lycamobile', 'Lycamobile', true),
  op('spusu', 'Spusu', true),
  op('1mobile', '1Mobile', true),
  op('noitel', 'Noitel', true),
  op('digi-mobil', 'Digi Mobil', true),
  op('optima-mobile', 'Optima Mobile', true),
  op('tiscali-mobile', 'Tiscali Mobile', true),
  op('altro', 'Altro operatore', true),
];

export const listFixedOperators = (): Operator[] => FIXED_OPERATORS.map((o) => ({ ...o }));
export const listMobileOperators = (): Operator[] => MOBILE_OPERATORS.map((o) => ({ ...o }));

/** The fixed-line operator whose COW this is, if known. */
export const findOperatorByCow = (cow: string, operators: readonly Operator[] = FIXED_OPERATORS): Operator | null =>
  operators.find((o) => o.migration_code !== null && o.migration_code === cow.toUpperCase()) ?? null;
