const decimal = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/**
 * A download speed in Mbit/s as the checkout writes it: 300 → '300 Mbit/s', 1000 → '1 Gbit/s',
 * 2500 → '2,5 Gbit/s'. A plain space, so that the text reads (and matches) as it looks.
 */
export const formatSpeed = (mbps: number): string =>
  mbps >= 1000 ? `${decimal.format(mbps / 1000)} Gbit/s` : `${decimal.format(mbps)} Mbit/s`;
