import {
  addOption,
  chosenRouter,
  compatibleRepeaters,
  defaultSelection,
  lineFor,
  reconcileSelection,
  repairSelection,
  publicOptions,
  recommendedVoicePlan,
  routerTakesColours,
  routersForSpeed,
  sortOptions,
  sortVoipOptions,
  upgradeFitsLine,
  type AddedOption,
  type Offer,
  type Option,
  type OptionsState,
  type SelectionContext,
  type SelectionViolation,
  type ServiceCoverage,
} from '@checkout/contract';

/**
 * The offer page's option logic on top of the contract rules (SPEC §4): which routers and
 * repeaters may be shown, and keeping the selection consistent after every change.
 */

export const toAddedOption = (option: Option): AddedOption => ({
  id: option.id,
  category: option.category,
  recurrent_cost: option.recurrent_cost,
  cash_amount: option.cash_amount,
});

const ofCategory = (offer: Offer, category: Option['category']) => publicOptions(offer.options).filter((o) => o.category === category);

/** Routers that can carry the chosen speed, the included one first, then by price (SPEC §9). */
export const allowedRouters = (offer: Offer, state: OptionsState): Option[] => {
  const allowed = routersForSpeed(publicOptions(offer.options), state.speedUpgrade);
  return [...allowed.filter((r) => r.included), ...sortOptions(allowed.filter((r) => !r.included))];
};

/**
 * The router the order will ship: the contract's chosen router (added, else included) when it
 * carries the chosen speed; null when the visitor still has to pick one.
 */
export const effectiveRouter = (offer: Offer, state: OptionsState): Option | null => {
  const router = chosenRouter(offer.options, state.options);
  if (!router) return null;
  return allowedRouters(offer, state).some((r) => r.id === router.id) ? router : null;
};

/**
 * What the contract's `reconcileSelection` refuses in this selection: the very check the server makes
 * on every write of the order (a 422 with `error.rules`). Empty when 'Continua' may go on.
 */
export const selectionViolations = (
  offer: Offer, state: Pick<OptionsState, 'options' | 'additionalVariants'>, routerVariant?: string, context: SelectionContext = {},
): SelectionViolation[] => {
  const result = reconcileSelection(offer, { options: state.options, additionalVariants: state.additionalVariants, routerVariant }, context);
  return result.ok ? [] : result.violations;
};

/**
 * The one violation the page names when 'Continua' is pressed: the router choice first (the only thing
 * `repairSelection` leaves to the visitor), else the first the rules found; null when the rules accept.
 */
export const selectionProblem = (
  offer: Offer, state: Pick<OptionsState, 'options' | 'additionalVariants'>, routerVariant?: string, context: SelectionContext = {},
): SelectionViolation | null => {
  const violations = selectionViolations(offer, state, routerVariant, context);
  return violations.find((v) => v.rule === 'router_too_slow') ?? violations[0] ?? null;
};

/** The included router cannot carry the chosen speed and no other router is chosen yet (contract rule `router_too_slow`). */
export const needsRouterChoice = (offer: Offer, state: OptionsState, routerVariant?: string): boolean =>
  selectionViolations(offer, state, routerVariant).some((v) => v.rule === 'router_too_slow');

/** Whether the router takes a colour (the contract's `routerTakesColours`): the provider's own hardware does, the visitor's own router does not. */
export const routerHasColours = (router: Option | null): boolean => routerTakesColours(router);

/** The speed upgrades the address's line can carry (all of them when the line is unknown). */
export const speedUpgrades = (offer: Offer, context: SelectionContext = {}): Option[] =>
  sortOptions(ofCategory(offer, 'speed_upgrade').filter((u) => upgradeFitsLine(u, context.lineSpeed)));

/**
 * The selection rules' view of the address: the speed its line reaches for this offer (from the
 * coverage result kept with the checkout). No coverage result (a pre-made order): no limit.
 */
export const lineContextOf = (offer: Offer, services: readonly ServiceCoverage[]): SelectionContext =>
  services.length === 0 ? {} : { lineSpeed: lineFor(offer, services)?.max_download ?? null };
export const repeatersFor = (offer: Offer, state: OptionsState): Option[] =>
  sortOptions(compatibleRepeaters(publicOptions(offer.options), effectiveRouter(offer, state)));
export const otherOptions = (offer: Offer): Option[] => sortOptions(ofCategory(offer, 'other'));

/** Mbit/s the order will have: the chosen upgrade's speed, else the offer's own. */
export const chosenSpeed = (offer: Offer, state: OptionsState): number => {
  const id = state.speedUpgrade?.id;
  return (id !== undefined ? offer.options.find((o) => o.id === id)?.max_download_speed : null) ?? offer.max_download_speed;
};

/** Picking a router: the included one means "no router added"; another one replaces any added router. */
export const selectRouter = (state: OptionsState, router: Option): OptionsState => {
  if (router.included) {
    const kept = state.options.filter((o) => o.category !== 'router');
    const removed = new Set(state.options.filter((o) => o.category === 'router').map((o) => String(o.id)));
    return { ...state, options: kept, analyticsItems: state.analyticsItems.filter((i) => !removed.has(i.item_id)) };
  }
  return addOption(state, toAddedOption(router));
};

/**
 * After any change: the contract's `repairSelection` (the same rules the server enforces) drops what
 * the offer does not sell, a router that cannot carry the speed, repeaters that do not pair with the
 * router and covers that do not apply; speedUpgrade and the analytics items follow the options.
 */
export const reconcileOptions = (offer: Offer, state: OptionsState, routerVariant?: string, context: SelectionContext = {}): OptionsState => {
  const repaired = repairSelection(offer, { options: state.options, additionalVariants: state.additionalVariants, routerVariant }, context);
  const ids = new Set(repaired.options.map((o) => String(o.id)));
  return {
    options: repaired.options,
    speedUpgrade: repaired.options.find((o) => o.category === 'speed_upgrade') ?? null,
    additionalVariants: repaired.additionalVariants,
    analyticsItems: state.analyticsItems.filter((i) => ids.has(i.item_id)),
  };
};

/** The voice plans the offer sells: the recommended one (contract `recommendedVoicePlan`) first, then by SPEC §9's order. */
export const voicePlans = (offer: Offer): { plans: Option[]; recommended: Option | null } => {
  const recommended = recommendedVoicePlan(offer);
  const rest = sortVoipOptions(ofCategory(offer, 'voip').filter((o) => o.id !== recommended?.id));
  return { plans: recommended ? [recommended, ...rest] : rest, recommended };
};

/** The options an offer starts with: none (contract `defaultSelection`), so its total is the offer's own price. */
export const initialOptions = (offer: Offer): OptionsState => {
  const { options } = defaultSelection(offer);
  return { options, speedUpgrade: null, additionalVariants: [], analyticsItems: options.map((o) => ({ item_id: String(o.id) })) };
};

/** What a change added and removed (for the add_to_cart / remove_from_cart events). */
export const optionChanges = (before: OptionsState, after: OptionsState): { added: AddedOption[]; removed: AddedOption[] } => {
  const beforeIds = new Set(before.options.map((o) => o.id));
  const afterIds = new Set(after.options.map((o) => o.id));
  return {
    added: after.options.filter((o) => !beforeIds.has(o.id)),
    removed: before.options.filter((o) => !afterIds.has(o.id)),
  };
};

/** The offer shown selected when the visitor has not chosen yet: the preferred one, else the first. */
export const defaultOffer = (offers: readonly Offer[]): Offer | undefined =>
  offers.find((o) => o.highlights.includes('preferred')) ?? offers[0];
