import { formatItalianNumber } from './italian-number';

/** 2990 → "29,90 €" (Italian format; the space is a no-break space, as Intl writes it). */
export const formatEuro = (cents: number): string => `${formatItalianNumber(cents / 100, 2, 2)}\u00a0€`;
