/*
 * Personal data as a role without `orders.personal_data` (viewer) sees it: enough to tell two records
 * apart on screen, not enough to contact anyone.
 */

const maskWord = (word: string): string => (word === '' ? '' : `${word.charAt(0).toUpperCase()}***`);

/** `Giulia Rossi` → `G*** R***` */
export const maskName = (name: string): string => name.trim().split(/\s+/).filter(Boolean).map(maskWord).join(' ');

/** `giulia.rossi@example.it` → `g***@e***.it` */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 1) return email === '' ? '' : '***';
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${email.charAt(0)}***@${domain.charAt(0)}***${tld}`;
};

/** `347 123 4567` → `*** *** **67` */
export const maskDigits = (value: string): string => {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return value === '' ? '' : '***';
  return `*** *** **${digits.slice(-2)}`;
};

/** Anything else personal (an address, a link holding an order's capability): only that there is one. */
export const maskOther = (value: string): string => (value === '' ? '' : '***');

/** What an audit record keeps of a typed search: its last characters (at most 3, at most a third), the rest `*`. */
export const maskTail = (value: string): string => {
  const chars = [...value];
  const shown = Math.min(3, Math.floor(chars.length / 3));
  return '*'.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('');
};
