import type { ServiceCoverage } from '../schemas/form-fields';
import type { Offer, Option } from '../schemas/offer';

/*
 * What the line at an address can carry, read from the coverage result, so that the offer page and the
 * server sell only speeds the address can get and say what the customer may really expect there
 * (AGCOM 156/23/CONS asks for the speed of the offer at the customer's address, not the technology's best).
 */

type Technology = ServiceCoverage['technology'];

/** Preference among available lines: fibre to the home, then to the cabinet, then wireless. */
const TECHNOLOGY_RANK: Readonly<Record<Technology, number>> = { FTTH: 0, FTTC: 1, FWA: 2 };

/**
 * FTTH lines run a provisioned profile (1, 2.5 or 10 Gbit/s): an offer faster than the profile would be
 * billed for a speed the line cannot give, so it is not sold there. FTTC and FWA speeds are "fino a"
 * figures that fall with the distance from the cabinet or the radio link: those offers are sold, with
 * the speed the address reaches.
 */
const PROFILE_TECHNOLOGIES: ReadonlySet<Technology> = new Set(['FTTH']);

/** The address's line an offer would run on: the best available service of a technology the offer uses, or null. */
export function lineFor(offer: Pick<Offer, 'technologies'>, services: readonly ServiceCoverage[]): ServiceCoverage | null {
  const usable = services.filter((s) => s.available && offer.technologies.includes(s.technology));
  usable.sort((a, b) => TECHNOLOGY_RANK[a.technology] - TECHNOLOGY_RANK[b.technology] || b.max_download - a.max_download);
  return usable[0] ?? null;
}

/** The offer can be sold on this line: there is one, and a fibre-to-the-home profile is not slower than the offer. */
export const offerFitsLine = (offer: Pick<Offer, 'max_download_speed'>, line: ServiceCoverage | null): boolean =>
  line !== null && (!PROFILE_TECHNOLOGIES.has(line.technology) || offer.max_download_speed <= line.max_download);

/** A speed upgrade the line can carry (Mbit/s of the upgrade within the line's maximum). */
export const upgradeFitsLine = (upgrade: Pick<Option, 'max_download_speed'>, lineSpeed: number | null | undefined): boolean =>
  lineSpeed === null || lineSpeed === undefined || (upgrade.max_download_speed ?? 0) <= lineSpeed;

/**
 * The download speed (Mbit/s) the customer may expect at the address: the offer's (or the chosen speed
 * upgrade's) speed, capped by what the line reaches. Without a known line, the offer's own figure.
 */
export function expectedSpeed(
  offer: Pick<Offer, 'max_download_speed'>, line: ServiceCoverage | null, upgrade: Pick<Option, 'max_download_speed'> | null = null,
): number {
  const sold = upgrade?.max_download_speed ?? offer.max_download_speed;
  return line ? Math.min(sold, line.max_download) : sold;
}
