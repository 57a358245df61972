/**
 * An order hash as the server issues it (24 URL-safe characters). A code of another shape cannot
 * be an order: the page says so at once instead of after a call.
 */
export const looksLikeOrderHash = (value: string): boolean => /^[A-Za-z0-9_-]{24}$/.test(value);
