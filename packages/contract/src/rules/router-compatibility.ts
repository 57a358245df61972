import type { AddedOption, Option } from '../schemas/offer';

/** SPEC §4 router option logic. */

const routers = (offerOptions: readonly Option[]) => offerOptions.filter((option) => option.category === 'router');

/** The router added to the order, otherwise the router the offer includes; null when neither. */
export const chosenRouter = (offerOptions: readonly Option[], addedOptions: readonly Pick<AddedOption, 'id' | 'category'>[]): Option | null => {
  const all = routers(offerOptions);
  for (const added of addedOptions) {
    if (added.category !== 'router') continue;
    const router = all.find((option) => option.id === added.id);
    if (router) return router;
  }
  return all.find((option) => option.included) ?? null;
};

/** Repeaters that work with the router: their compatible_with_tag is the router's compatibility_tag. */
export const compatibleRepeaters = (offerOptions: readonly Option[], router: Pick<Option, 'compatibility_tag'> | null): Option[] => {
  const tag = router?.compatibility_tag;
  // A router without a tag pairs with nothing (null must not match repeaters without a tag).
  if (tag === null || tag === undefined) return [];
  return offerOptions.filter((option) => option.category === 'repeater' && option.compatible_with_tag === tag);
};

/**
 * Routers that can carry the chosen speed upgrade (max_download_speed at least the upgrade's);
 * every router when no upgrade is chosen. An AddedOption has no speed: it is looked up by id.
 * A router with no declared maximum is not limited.
 */
export const routersForSpeed = (
  offerOptions: readonly Option[],
  speedUpgrade: { id: number; max_download_speed?: number | null } | null,
): Option[] => {
  const all = routers(offerOptions);
  if (!speedUpgrade) return all;
  const speed = speedUpgrade.max_download_speed
    ?? offerOptions.find((option) => option.id === speedUpgrade.id)?.max_download_speed
    ?? null;
  if (speed === null) return all;
  return all.filter((router) => router.max_download_speed === null || router.max_download_speed >= speed);
};
