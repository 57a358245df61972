import { formatItalianNumber } from './italian-number';

const decimal = (n: number): string => formatItalianNumber(n, 1);

/**
 * A speed in Mbit/s as the checkout writes it: 300 → '300 Mbit/s', 2500 → '2,5 Gbit/s' (a plain space).
 * A module of its own: the coverage check prints speeds on its first screen, which needs none of the pricing rules.
 */
export const formatSpeed = (mbps: number): string =>
  mbps >= 1000 ? `${decimal(mbps / 1000)} Gbit/s` : `${decimal(mbps)} Mbit/s`;
