/**
 * The cluster a promo is judged by: the order's `cluster`, else its Open Fiber cluster; null when neither.
 * A module of its own: the coverage check reads it on its first screen, which needs none of the pricing rules.
 */
export const promoClusterOf = (fields: { cluster?: unknown; openfiber_cluster?: unknown }): string | null =>
  [fields.cluster, fields.openfiber_cluster].find((c): c is string => typeof c === 'string' && c.trim() !== '') ?? null;
