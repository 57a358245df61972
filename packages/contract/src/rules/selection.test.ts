import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ROUTER_COLOURS } from '../constants';
import { offerSchema, type Offer } from '../schemas/offer';
import { defaultSelection, recommendedVoicePlan, reconcileSelection, repairSelection, type SelectionRule } from './selection';

const option = (id: number, category: string, extra: Record<string, unknown> = {}) => ({
  id, name: `Opzione ${id}`, category, recurrent_cost: 100 * id, cash_amount: 0, contract_code: `C${id}`, ...extra,
});

/** The demo catalogue's shape: an included Wi-Fi 6 router (1 Gbit/s), two Wi-Fi 7 routers, the visitor's own router. */
const offer: Offer = offerSchema.parse({
  id: 101, name: 'Casa 1 Giga', customer_type: 'privato', technologies: ['FTTH'], recurrent_cost: 2690, cash_amount: 3990,
  max_download_speed: 1000,
  options: [
    option(20, 'router', { included: true, recurrent_cost: 0, max_download_speed: 1000, compatibility_tag: 'base' }),
    option(22, 'router', { recurrent_cost: 0, cash_amount: 14900, max_download_speed: 10000, compatibility_tag: 'wifi7' }),
    option(23, 'router', { recurrent_cost: 300, max_download_speed: 10000, compatibility_tag: 'wifi7' }),
    option(27, 'router', { recurrent_cost: 0 }),
    option(40, 'repeater', { recurrent_cost: 150, compatible_with_tag: 'base' }),
    option(28, 'repeater', { recurrent_cost: 200, compatible_with_tag: 'wifi7' }),
    option(50, 'speed_upgrade', { recurrent_cost: 500, max_download_speed: 2500 }),
    option(51, 'speed_upgrade', { recurrent_cost: 1000, max_download_speed: 10000 }),
    option(8, 'voip', { recurrent_cost: 0 }),
    option(9, 'voip', { recurrent_cost: 200 }),
    option(10, 'voip', { recurrent_cost: 500 }),
    option(2, 'other', { recurrent_cost: 500 }),
    option(45, 'other', { hidden_public: true, recurrent_cost: 0, cash_amount: 4900 }),
  ],
});

const ids = (...list: number[]) => list.map((id) => ({ id }));
const rulesOf = (result: ReturnType<typeof reconcileSelection>): Array<[string, SelectionRule]> =>
  result.ok ? [] : result.violations.map((v) => [v.field, v.rule]);

describe('reconcileSelection', () => {
  it.each<[string, Parameters<typeof reconcileSelection>[1], Array<[string, SelectionRule]>]>([
    ['an option the offer does not have', { options: ids(9999) }, [['options.9999', 'unknown_option']]],
    ['an agents-only option', { options: ids(45) }, [['options.45', 'not_public']]],
    ['the included router added again', { options: ids(20) }, [['options.20', 'already_included']]],
    ['the same option twice', { options: ids(2, 2) }, [['options.2', 'duplicate_option']]],
    ['two routers', { options: ids(22, 23) }, [['options.22', 'one_router'], ['options.23', 'one_router']]],
    ['two speed upgrades', { options: ids(22, 50, 51) }, [['options.50', 'one_speed_upgrade'], ['options.51', 'one_speed_upgrade']]],
    ['three voice plans', { options: ids(8, 9, 10) }, [['options.8', 'one_voip'], ['options.9', 'one_voip'], ['options.10', 'one_voip']]],
    ['a speed the included router cannot carry', { options: ids(50) }, [['options.50', 'router_too_slow']]],
    ['a repeater for another router', { options: ids(22, 40) }, [['options.40', 'repeater_incompatible']]],
    ['a repeater for the included router with a Wi-Fi 7 one', { options: ids(28) }, [['options.28', 'repeater_incompatible']]],
    ['a cover of no palette colour', { options: [], additionalVariants: ['purple'] }, [['additional_variants.purple', 'unknown_colour']]],
    ['the same cover twice', { options: [], additionalVariants: ['wood', 'Wood'] }, [['additional_variants.wood', 'duplicate_cover']]],
    ['a cover of the router\'s own colour', { options: [], additionalVariants: ['blue'], routerVariant: 'Blue' }, [['additional_variants.blue', 'cover_is_router_colour']]],
    ['covers for the visitor\'s own router', { options: ids(27), additionalVariants: ['wood'] }, [['additional_variants.wood', 'covers_without_router']]],
  ])('refuses %s', (_name, input, expected) => {
    expect(rulesOf(reconcileSelection(offer, input))).toEqual(expected);
  });

  it('refuses a speed upgrade beyond what the address\'s line reaches, and accepts it where the line carries it', () => {
    const input = { options: ids(22, 51) };
    expect(rulesOf(reconcileSelection(offer, input, { lineSpeed: 1000 }))).toEqual([['options.51', 'speed_beyond_line']]);
    expect(rulesOf(reconcileSelection(offer, input, { lineSpeed: 2500 }))).toEqual([['options.51', 'speed_beyond_line']]);
    expect(reconcileSelection(offer, input, { lineSpeed: 10000 }).ok).toBe(true);
    // A line nobody looked up limits nothing (e.g. a pre-made order without an address).
    expect(reconcileSelection(offer, input, { lineSpeed: null }).ok).toBe(true);
  });

  it('accepts a full order: router that carries the upgrade, its repeater, one voice plan, covers; catalogue prices in SPEC order', () => {
    const result = reconcileSelection(offer, {
      options: [{ id: 10 }, { id: 28 }, { id: 51 }, { id: 22 }, { id: 2 }],
      additionalVariants: ['wood', 'Marble'],
      routerVariant: 'Blue',
    });
    expect(result).toEqual({
      ok: true,
      selection: {
        // Non-voip by monthly then one-off cost, voip after them (SPEC §9).
        options: [
          { id: 22, category: 'router', recurrent_cost: 0, cash_amount: 14900 },
          { id: 28, category: 'repeater', recurrent_cost: 200, cash_amount: 0 },
          { id: 2, category: 'other', recurrent_cost: 500, cash_amount: 0 },
          { id: 51, category: 'speed_upgrade', recurrent_cost: 1000, cash_amount: 0 },
          { id: 10, category: 'voip', recurrent_cost: 500, cash_amount: 0 },
        ],
        additionalVariants: ['marble', 'wood'],
      },
    });
  });

  it('lets a pre-made order carry the agents-only options it was made with', () => {
    expect(reconcileSelection(offer, { options: ids(45) }, { allowHidden: [45] }).ok).toBe(true);
  });

  it('accepts the visitor\'s own router with any speed upgrade (no declared maximum)', () => {
    expect(reconcileSelection(offer, { options: ids(27, 51) }).ok).toBe(true);
  });
});

describe('defaultSelection', () => {
  it('chooses nothing: no paid option comes from a default (Codice del Consumo art. 65 c. 2)', () => {
    expect(defaultSelection(offer)).toEqual({ options: [], additionalVariants: [] });
  });
});

describe('recommendedVoicePlan', () => {
  it('is the first SPEC "Defaults" voice plan the offer sells publicly', () => {
    expect(recommendedVoicePlan(offer)?.id).toBe(10);
  });

  it('is none when the offer sells none of them publicly', () => {
    expect(recommendedVoicePlan({ ...offer, options: offer.options.filter((o) => o.id !== 10) })).toBeNull();
    expect(recommendedVoicePlan({ ...offer, options: offer.options.map((o) => (o.id === 10 ? { ...o, hidden_public: true } : o)) })).toBeNull();
  });
});

describe('repairSelection', () => {
  it('drops a speed upgrade the address\'s line cannot carry, keeps one it can', () => {
    expect(repairSelection(offer, { options: ids(22, 51) }, { lineSpeed: 2500 }).options.map((o) => o.id)).toEqual([22]);
    expect(repairSelection(offer, { options: ids(22, 50) }, { lineSpeed: 2500 }).options.map((o) => o.id)).toEqual([22, 50]);
  });

  it('keeps the latest radio choice, drops what no longer fits', () => {
    const repaired = repairSelection(offer, { options: ids(23, 40, 8, 22, 9, 9999, 45), additionalVariants: ['wood'] });
    // 22 replaced 23, 9 replaced 8; the base repeater does not pair with a Wi-Fi 7 router.
    expect(repaired.options.map((o) => o.id)).toEqual([22, 9]);
    expect(repaired.additionalVariants).toEqual(['wood']);
  });

  it('drops an added router that cannot carry a new speed, leaving the router choice to the visitor', () => {
    const repaired = repairSelection(offer, { options: ids(27, 51) });
    expect(repaired.options.map((o) => o.id)).toEqual([27, 51]);
    const slow = repairSelection(offer, { options: ids(50) });
    expect(rulesOf(reconcileSelection(offer, { options: slow.options }))).toEqual([['options.50', 'router_too_slow']]);
  });

  it('always ends in a selection the rules accept, except a router still to choose for the speed (property)', () => {
    const optionIds = offer.options.map((o) => o.id).concat([9999]);
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...optionIds), { maxLength: 12 }),
      fc.array(fc.constantFrom(...ROUTER_COLOURS, 'purple'), { maxLength: 6 }),
      fc.constantFrom(...ROUTER_COLOURS),
      (chosen, covers, colour) => {
        const input = { options: ids(...chosen), additionalVariants: covers, routerVariant: colour };
        const repaired = repairSelection(offer, input);
        const check = reconcileSelection(offer, { ...repaired, routerVariant: colour });
        const rules = check.ok ? [] : check.violations.map((v) => v.rule);
        expect(rules.every((r) => r === 'router_too_slow')).toBe(true);
        // Repairing is idempotent.
        expect(repairSelection(offer, { ...repaired, routerVariant: colour })).toEqual(repaired);
      },
    ));
  });
});
