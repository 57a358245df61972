/*
 * AGCOM 292/18/CONS: only fibre to the home or building may be called "fibra"; a line mixing fibre with
 * copper or radio must say so. The words the customer reads for each access technology.
 */
const WORDING: Readonly<Record<string, string>> = {
  FTTH: 'fibra (FTTH, fibra ottica fino a casa)',
  FTTB: 'fibra (FTTB, fibra ottica fino all’edificio)',
  FTTC: 'fibra misto rame (FTTC)',
  FWA: 'fibra misto radio (FWA)',
};

/** The AGCOM wording of a technology (`FTTC` → "fibra misto rame (FTTC)"); an unknown one is named as it is. */
export const technologyWording = (technology: string): string => WORDING[technology.trim().toUpperCase()] ?? technology;
