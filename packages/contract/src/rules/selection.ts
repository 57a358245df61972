import { OPTION_IDS, ROUTER_COLOURS, type RouterColour } from '../constants';
import type { AddedOption, Offer, Option } from '../schemas/offer';
import { sortOfferOptions } from './option-sorting';
import { upgradeFitsLine } from './line-speed';
import { chosenRouter, compatibleRepeaters, routersForSpeed } from './router-compatibility';

/*
 * SPEC §4 option rules as one check, run by the offer page while the visitor chooses and by the
 * server on every write of the order: what one accepts, the other accepts and prices the same.
 */

/** Every rule a selection can break, with the Italian text the visitor reads next to the option. */
export const SELECTION_RULES = {
  unknown_option: "Questa opzione non fa parte dell'offerta scelta.",
  not_public: 'Questa opzione non si può attivare online.',
  already_included: "Questa opzione è già inclusa nell'offerta.",
  duplicate_option: 'Questa opzione è stata scelta più di una volta.',
  one_router: 'Si può scegliere un solo router.',
  one_speed_upgrade: 'Si può scegliere un solo aumento di velocità.',
  speed_beyond_line: 'La linea al tuo indirizzo non raggiunge questa velocità.',
  one_voip: 'Si può scegliere una sola linea voce.',
  router_too_slow: 'Il router non gestisce la velocità scelta: scegli un router compatibile.',
  repeater_incompatible: 'Questo ripetitore non è compatibile con il router scelto.',
  unknown_colour: 'Colore non disponibile.',
  duplicate_cover: 'Questa cover è stata scelta più di una volta.',
  cover_is_router_colour: 'Il router ha già questo colore: scegli una cover di un altro colore.',
  covers_without_router: 'Le cover aggiuntive sono disponibili solo con un router a colori.',
} as const;
export type SelectionRule = keyof typeof SELECTION_RULES;

/** What the visitor proposes: option ids (prices, if any, are ignored) and extra router covers. */
export interface SelectionInput {
  options: readonly { id: number }[];
  additionalVariants?: readonly string[];
  /** The main router colour (SPEC §3 routerVariant); a cover of the same colour is refused. */
  routerVariant?: string;
}

/** A selection the rules accept, with the catalogue's prices, in the SPEC §9 order. */
export interface Selection {
  options: AddedOption[];
  additionalVariants: RouterColour[];
}

export interface SelectionViolation {
  /** `options.<option id>` or `additional_variants.<colour>`: the thing to change. */
  field: string;
  option_id: number | null;
  rule: SelectionRule;
  message: string;
}

export type SelectionResult = { ok: true; selection: Selection } | { ok: false; violations: SelectionViolation[] };

export interface SelectionContext {
  /** Hidden (agents-only) option ids the order may hold: those of a pre-made order. */
  allowHidden?: Iterable<number>;
  /** Mbit/s the address's line reaches (`lineFor`); unknown (undefined or null): no limit from the line. */
  lineSpeed?: number | null;
}

export const isRouterColour = (value: string): value is RouterColour => (ROUTER_COLOURS as readonly string[]).includes(value);

/** `'Blue'` (SPEC §3 default) and `'blue'` name the same colour; anything else is not a colour. */
export const routerColourOf = (routerVariant: string | undefined): RouterColour | null => {
  const lower = (routerVariant ?? '').trim().toLowerCase();
  return isRouterColour(lower) ? lower : null;
};

/** The router takes a colour and covers: the provider's own hardware does, the visitor's own router does not. */
export const routerTakesColours = (router: Pick<Option, 'id'> | null): boolean => router !== null && router.id !== OPTION_IDS.freeRouter;

const toAdded = (option: Option): AddedOption => ({
  id: option.id, category: option.category, recurrent_cost: option.recurrent_cost, cash_amount: option.cash_amount,
});

const optionViolation = (rule: SelectionRule, id: number): SelectionViolation =>
  ({ field: `options.${id}`, option_id: id, rule, message: SELECTION_RULES[rule] });
const coverViolation = (rule: SelectionRule, colour: string): SelectionViolation =>
  ({ field: `additional_variants.${colour}`, option_id: null, rule, message: SELECTION_RULES[rule] });

/** Catalogue options in the order the offer page lists them (SPEC §9), hidden ones after the public ones. */
const inSpecOrder = (offer: Offer, chosen: ReadonlySet<number>): Option[] => {
  const picked = offer.options.filter((o) => chosen.has(o.id));
  const visible = sortOfferOptions(picked);
  return [...visible, ...picked.filter((o) => !visible.includes(o))];
};

/**
 * Checks a proposed selection against the offer: options of the offer, public (or allowed for a
 * pre-made order), not already included, each once; at most one router, one speed upgrade and one
 * voice line; the speed upgrade within what the address's line reaches; the chosen router (added, else included) handles the chosen speed; repeaters pair
 * with the chosen router; covers are palette colours, each once, not the router's own colour, and
 * only on a router that takes colours. Returns the selection at catalogue prices, or every violation.
 */
export function reconcileSelection(offer: Offer, input: SelectionInput, context: SelectionContext = {}): SelectionResult {
  const allowHidden = new Set(context.allowHidden ?? []);
  const byId = new Map(offer.options.map((o) => [o.id, o]));
  const violations: SelectionViolation[] = [];
  const chosen = new Set<number>();

  for (const { id } of input.options) {
    const option = byId.get(id);
    if (!option) violations.push(optionViolation('unknown_option', id));
    else if (option.hidden_public && !allowHidden.has(id)) violations.push(optionViolation('not_public', id));
    else if (option.included) violations.push(optionViolation('already_included', id));
    else if (chosen.has(id)) violations.push(optionViolation('duplicate_option', id));
    else chosen.add(id);
  }
  const options = [...chosen].map((id) => byId.get(id) as Option);

  const single = (category: Option['category'], rule: SelectionRule) => {
    const ofCategory = options.filter((o) => o.category === category);
    // Every one of them is named: which to keep is the visitor's choice.
    if (ofCategory.length > 1) for (const o of ofCategory) violations.push(optionViolation(rule, o.id));
  };
  single('router', 'one_router');
  single('speed_upgrade', 'one_speed_upgrade');
  single('voip', 'one_voip');

  const speedUpgrade = options.find((o) => o.category === 'speed_upgrade') ?? null;
  if (speedUpgrade && !upgradeFitsLine(speedUpgrade, context.lineSpeed)) violations.push(optionViolation('speed_beyond_line', speedUpgrade.id));
  const router = chosenRouter(offer.options, options);
  if (router && speedUpgrade && !routersForSpeed(offer.options, speedUpgrade).some((r) => r.id === router.id)) {
    // An added router is the one to change; with the included router, the speed upgrade is.
    violations.push(optionViolation('router_too_slow', router.included ? speedUpgrade.id : router.id));
  }
  const pairing = new Set(compatibleRepeaters(offer.options, router).map((r) => r.id));
  for (const o of options) if (o.category === 'repeater' && !pairing.has(o.id)) violations.push(optionViolation('repeater_incompatible', o.id));

  const mainColour = routerColourOf(input.routerVariant);
  const covers = new Set<RouterColour>();
  for (const raw of input.additionalVariants ?? []) {
    const colour = routerColourOf(raw);
    if (!colour) violations.push(coverViolation('unknown_colour', raw.slice(0, 20)));
    else if (covers.has(colour)) violations.push(coverViolation('duplicate_cover', colour));
    else if (colour === mainColour) violations.push(coverViolation('cover_is_router_colour', colour));
    else if (!routerTakesColours(router)) violations.push(coverViolation('covers_without_router', colour));
    else covers.add(colour);
  }

  if (violations.length > 0) return { ok: false, violations };
  return {
    ok: true,
    selection: {
      options: inSpecOrder(offer, chosen).map(toAdded),
      additionalVariants: ROUTER_COLOURS.filter((c) => covers.has(c)),
    },
  };
}

/**
 * The selection an offer starts with: nothing. A paid option is the visitor's own click (Codice del
 * Consumo art. 65 c. 2: consent to an extra payment never comes from a default), so the offer's total
 * starts at its own price.
 */
export function defaultSelection(_offer: Offer): Selection {
  return { options: [], additionalVariants: [] };
}

/**
 * The voice plan the offer page recommends (SPEC §3 "Defaults" group: 10, 32, 34, 61, the first the
 * offer sells publicly): shown first and marked, never chosen for the visitor.
 */
export function recommendedVoicePlan(offer: Offer): Option | null {
  return (OPTION_IDS.defaults as readonly number[])
    .map((id) => offer.options.find((o) => o.id === id && o.category === 'voip' && !o.hidden_public && !o.included))
    .find((o) => o !== undefined) ?? null;
}

/**
 * The nearest selection to the visitor's, for the offer page after each change: drops what the
 * offer does not sell and speed upgrades beyond the line, keeps the latest router, speed upgrade and voice line chosen, drops an added
 * router that cannot carry the speed, repeaters that do not pair with the router and covers that do
 * not apply. One thing is left for the visitor: when the included router cannot carry the chosen
 * speed, the result still fails `reconcileSelection` with `router_too_slow` until a router is picked.
 */
export function repairSelection(offer: Offer, input: SelectionInput, context: SelectionContext = {}): Selection {
  const allowHidden = new Set(context.allowHidden ?? []);
  const byId = new Map(offer.options.map((o) => [o.id, o]));
  let ids: number[] = [];
  for (const { id } of input.options) {
    const option = byId.get(id);
    if (!option || option.included || (option.hidden_public && !allowHidden.has(id))) continue;
    if (option.category === 'speed_upgrade' && !upgradeFitsLine(option, context.lineSpeed)) continue;
    // Radio categories: the later choice replaces the earlier one.
    if (option.category === 'router' || option.category === 'speed_upgrade' || option.category === 'voip') {
      ids = ids.filter((kept) => byId.get(kept)?.category !== option.category);
    }
    ids = [...ids.filter((kept) => kept !== id), id];
  }
  const speedUpgrade = ids.map((id) => byId.get(id) as Option).find((o) => o.category === 'speed_upgrade') ?? null;
  const allowedRouters = new Set(routersForSpeed(offer.options, speedUpgrade).map((r) => r.id));
  ids = ids.filter((id) => byId.get(id)?.category !== 'router' || allowedRouters.has(id));
  const router = chosenRouter(offer.options, ids.map((id) => byId.get(id) as Option));
  const pairing = new Set(compatibleRepeaters(offer.options, router).map((r) => r.id));
  ids = ids.filter((id) => byId.get(id)?.category !== 'repeater' || pairing.has(id));

  const mainColour = routerColourOf(input.routerVariant);
  const covers = new Set(routerTakesColours(router)
    ? (input.additionalVariants ?? []).map(routerColourOf).filter((c): c is RouterColour => c !== null && c !== mainColour)
    : []);
  return {
    options: inSpecOrder(offer, new Set(ids)).map(toAdded),
    additionalVariants: ROUTER_COLOURS.filter((c) => covers.has(c)),
  };
}
