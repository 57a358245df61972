const euros = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });
// Four-digit years: a code valid until 2100 must not read as 01/01/00.
const day = { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Rome' } as const;
const dateTime = new Intl.DateTimeFormat('it-IT', { ...day, hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('it-IT', day);

/** Integer cents as euros, Italian style (`29,90 €`). */
export const formatEuros = (cents: number): string => euros.format(cents / 100);

/** An ISO-8601 instant in Rome's time (`26/11/2026, 10:15`); the text itself when it does not parse. */
export const formatDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
};

export const formatDate = (iso: string | null | undefined): string => {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateOnly.format(d);
};

/** A wait in seconds as Italian words (`2 minuti`, `45 secondi`). */
export const formatWait = (seconds: number): string => {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 secondo' : `${s} secondi`;
  const m = Math.ceil(s / 60);
  return m === 1 ? '1 minuto' : `${m} minuti`;
};

/** `JBSWY3DPEHPK3PXP` → `['JBSW', 'Y3DP', 'EHPK', '3PXP']`: a key read and typed four characters at a time. */
export const groupsOfFour = (text: string): string[] => text.match(/.{1,4}/g) ?? [];
