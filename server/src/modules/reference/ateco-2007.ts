/*
 * ATECO 2007 codes that ATECO 2025 renumbered, for the classes of the starter set. Businesses still
 * read their old code off the visura camerale, so a search for "62.01" must lead to 62.10.
 * Source: ISTAT, "Tavola di raccordo ATECO 2007 - ATECO 2025" (NACE Rev. 2 → Rev. 2.1 correspondence);
 * only one-to-one or one-to-few moves are listed, codes that kept their number need no entry.
 */
export const ATECO_2007_TO_2025: Readonly<Record<string, readonly string[]>> = {
  '45.20': ['95.31'],
  '56.10': ['56.11', '56.12'],
  '61.20': ['61.10'],
  '61.30': ['61.10'],
  '62.01': ['62.10'],
  '62.02': ['62.20'],
  '62.03': ['62.20'],
  '62.09': ['62.90'],
  '63.11': ['63.10'],
  '95.11': ['95.10'],
  '95.12': ['95.10'],
  '96.01': ['96.10'],
  '96.02': ['96.21', '96.22'],
  '96.03': ['96.30'],
};
