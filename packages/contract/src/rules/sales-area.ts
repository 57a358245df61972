/*
 * Where an offer is sold. The catalogue may limit an offer to some areas: the Open Fiber clusters of the
 * buildings where it is sold (Ultra 10G runs on Open Fiber's 10G network, in clusters A and B). The list
 * stays on the server (never public): the coverage check answers only the offers sold at the address
 * (`offer_ids`, which the offer page shows), and every write of an order asks the same rule again, with
 * the cluster of the address's building from the coverage data, never the order's copy of it.
 */

/** `'C'`, `' c '`, `'Cluster C'` → `'C'`; empty, null or undefined → null. */
export const normaliseCluster = (cluster: string | null | undefined): string | null => {
  const c = (cluster ?? '').trim().toUpperCase().replace(/^CLUSTER\s*/, '');
  return c === '' ? null : c;
};

/** An offer as far as its areas go: `clusters` absent means sold wherever its technologies are. */
export interface OfferAreas {
  clusters?: readonly string[] | undefined;
}

/**
 * The offer can be sold in the building's cluster: it has no area limit, or the cluster is known and one
 * of its areas. A building outside Open Fiber's network has no cluster, so it gets no area-limited offer.
 */
export const offerSoldInArea = (offer: OfferAreas, cluster: string | null | undefined): boolean => {
  if (offer.clusters === undefined) return true;
  const c = normaliseCluster(cluster);
  return c !== null && offer.clusters.some((area) => normaliseCluster(area) === c);
};
