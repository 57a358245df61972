/**
 * Search key for Italian place names and descriptions: `Forlì` → `forli`,
 * `Sant'Angelo` → `sant angelo`, `Bolzano/Bozen` → `bolzano bozen`.
 * NFD splits accented letters so the diacritics can be dropped; apostrophes
 * (straight and typographic), hyphens and slashes separate words.
 */
export const normaliseName = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`´\-‐–—/]/g, ' ')
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The words of a normalised string (empty for an empty string). */
export const tokens = (normalised: string): string[] => (normalised === '' ? [] : normalised.split(' '));

/**
 * True when the query words prefix-match a run of successive name words,
 * starting at any word: `sant ang` matches `sant angelo lodigiano`, `bozen` matches `bolzano bozen`.
 */
export const tokensPrefixMatch = (nameTokens: readonly string[], queryTokens: readonly string[]): boolean => {
  if (queryTokens.length === 0) return false;
  for (let start = 0; start + queryTokens.length <= nameTokens.length; start++) {
    let ok = true;
    for (let i = 0; i < queryTokens.length; i++) {
      if (!(nameTokens[start + i] as string).startsWith(queryTokens[i] as string)) { ok = false; break; }
    }
    if (ok) return true;
  }
  return false;
};
