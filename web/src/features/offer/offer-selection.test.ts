import { describe, expect, it } from 'vitest';
import { addOption, emptyOptionsState, selectSpeedUpgrade, toggleAdditionalVariant } from '@checkout/contract';
import { fixtureOffer } from './offer-fixture';
import {
  allowedRouters, chosenSpeed, defaultOffer, effectiveRouter, initialOptions, needsRouterChoice, optionChanges, reconcileOptions, repeatersFor,
  selectRouter, selectionProblem, toAddedOption, voicePlans,
} from './offer-selection';

const offer = fixtureOffer();
const opt = (id: number) => {
  const o = offer.options.find((x) => x.id === id);
  if (!o) throw new Error(`no option ${id}`);
  return toAddedOption(o);
};
const ids = (list: { id: number }[]) => list.map((o) => o.id);

describe('offer selection rules', () => {
  it('lists the recommended voice plan first, the others by SPEC §9 (monthly price descending)', () => {
    // Voce 50 made the dearest: the recommended plan still leads, the rest keep their order.
    const dearer = { ...offer, options: offer.options.map((o) => (o.id === 9 ? { ...o, recurrent_cost: 900 } : o)) };
    expect(ids(voicePlans(dearer).plans)).toEqual([10, 9, 8]);
    expect(voicePlans(dearer).recommended?.id).toBe(10);
    const without = { ...offer, options: offer.options.filter((o) => o.id !== 10) };
    expect(ids(voicePlans(without).plans)).toEqual([9, 8]);
    expect(voicePlans(without).recommended).toBeNull();
  });

  it('the included router first, then the others by price', () => {
    expect(ids(allowedRouters(offer, emptyOptionsState()))).toEqual([20, 27, 22, 23]);
  });

  it('a speed upgrade leaves out routers that cannot carry it, and the included one must be replaced', () => {
    const s = selectSpeedUpgrade(emptyOptionsState(), opt(50));
    expect(ids(allowedRouters(offer, s))).toEqual([27, 22, 23]);
    expect(effectiveRouter(offer, s)).toBeNull();
    expect(needsRouterChoice(offer, s)).toBe(true);
    expect(effectiveRouter(offer, selectRouter(s, offer.options.find((o) => o.id === 23)!))?.id).toBe(23);
  });

  it('repeaters follow the router', () => {
    expect(ids(repeatersFor(offer, emptyOptionsState()))).toEqual([40]);
    const top = selectRouter(emptyOptionsState(), offer.options.find((o) => o.id === 22)!);
    expect(ids(repeatersFor(offer, top))).toEqual([28, 41]);
    const own = selectRouter(emptyOptionsState(), offer.options.find((o) => o.id === 27)!);
    expect(repeatersFor(offer, own)).toEqual([]);
  });

  it('reconcile drops a repeater the new router does not pair with, and the covers of a router without colours', () => {
    let s = addOption(emptyOptionsState(), opt(40));
    s = toggleAdditionalVariant(s, 'wood');
    const own = reconcileOptions(offer, selectRouter(s, offer.options.find((o) => o.id === 27)!));
    expect(ids(own.options)).toEqual([27]);
    expect(own.additionalVariants).toEqual([]);
    expect(own.analyticsItems).toEqual([{ item_id: '27' }]);
  });

  it('reconcile drops a router too slow for a new speed upgrade', () => {
    const s = selectRouter(emptyOptionsState(), offer.options.find((o) => o.id === 27)!);
    const withSpeed = reconcileOptions(offer, selectSpeedUpgrade(s, opt(51)));
    expect(ids(withSpeed.options)).toEqual([27, 51]); // the visitor's own router has no limit
    expect(reconcileOptions(offer, { ...withSpeed, options: withSpeed.options.filter((o) => o.id !== 51) }).speedUpgrade).toBeNull();
  });

  it('reconcile drops options the offer does not have', () => {
    const s = addOption(emptyOptionsState(), { id: 999, category: 'other', recurrent_cost: 100, cash_amount: 0 });
    expect(reconcileOptions(offer, s).options).toEqual([]);
  });

  it('optionChanges lists what was added and removed', () => {
    const before = addOption(emptyOptionsState(), opt(50));
    const after = selectSpeedUpgrade(before, opt(51));
    expect(optionChanges(before, after)).toEqual({ added: [opt(51)], removed: [opt(50)] });
  });

  it('the preferred offer is selected first, else the first one', () => {
    const plain = { ...offer, id: 1, highlights: [] };
    expect(defaultOffer([plain, offer])?.id).toBe(101);
    expect(defaultOffer([plain])?.id).toBe(1);
    expect(defaultOffer([])).toBeUndefined();
  });
});

describe('chosenSpeed', () => {
  it('is the upgrade speed when one is chosen, else the offer speed', () => {
    expect(chosenSpeed(offer, emptyOptionsState())).toBe(1000);
    expect(chosenSpeed(offer, selectSpeedUpgrade(emptyOptionsState(), opt(51)))).toBe(10000);
  });
});

describe('what "Continua" checks: the contract\'s reconcileSelection', () => {
  it('an offer starts with no option chosen (a paid one is the visitor\'s click), which the rules accept', () => {
    const start = initialOptions(offer);
    expect(ids(start.options)).toEqual([]);
    expect(start.analyticsItems).toEqual([]);
    expect(selectionProblem(offer, start, 'Blue')).toBeNull();
  });

  it('a speed the included router cannot carry is router_too_slow until a router is chosen', () => {
    const fast = reconcileOptions(offer, selectSpeedUpgrade(initialOptions(offer), opt(50)));
    expect(selectionProblem(offer, fast)?.rule).toBe('router_too_slow');
    const withRouter = reconcileOptions(offer, selectRouter(fast, offer.options.find((o) => o.id === 22)!));
    expect(selectionProblem(offer, withRouter)).toBeNull();
  });

  it('names what the rules refuse with the contract\'s Italian message, the router first', () => {
    // Selections repairSelection would not leave behind (a stale store, a hand-made state).
    const sameColour = { ...emptyOptionsState(), additionalVariants: ['blue'] };
    expect(selectionProblem(offer, sameColour, 'Blue')).toMatchObject({
      rule: 'cover_is_router_colour', message: 'Il router ha già questo colore: scegli una cover di un altro colore.',
    });
    const both = { ...emptyOptionsState(), options: [opt(50)], additionalVariants: ['blue'] };
    expect(selectionProblem(offer, both, 'Blue')?.rule).toBe('router_too_slow');
    const twoVoips = { ...emptyOptionsState(), options: [opt(9), opt(10)] };
    expect(selectionProblem(offer, twoVoips)?.rule).toBe('one_voip');
  });
});
