/**
 * An order hash as the server issues it (24 URL-safe characters). A code of another shape cannot
 * be an order: the page says so at once instead of after a call.
 */
export const looksLikeOrderHash = (value: string): boolean => /^[A-Za-z0-9_-]{24}$/.test(value);

/**
 * What the upload page may be opened with: the order hash (the checkout's own browser), or the tracking
 * page's two-hour upload link, a longer token of the same alphabet.
 */
export const looksLikeUploadRef = (value: string): boolean => looksLikeOrderHash(value) || /^[A-Za-z0-9_-]{30,100}$/.test(value);
