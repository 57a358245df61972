/*
 * Personal data as a role without `orders.personal_data` sees it (the viewer): enough to recognise an
 * order on the phone with the customer, not enough to copy anything. Revealing is one audited call.
 */

/** `Mario Rossi` → `M*** R***`. */
export const maskName = (name: string): string =>
  name.split(/\s+/).filter(Boolean).map((w) => `${[...w][0] ?? ''}***`).join(' ');

/** `mario.rossi@example.it` → `m***@example.it`. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  return at <= 0 ? maskName(email) : `${email[0]}***${email.slice(at)}`;
};

/** Every character but the last `keep` (at most a third of it) as `*`: `RSSMRA80A01H501U` → `*************01U`. */
export const maskTail = (value: string, keep = 3): string => {
  const chars = [...value];
  const shown = Math.min(keep, Math.floor(chars.length / 3));
  return '*'.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('');
};

/** A labelled row's value: emails by their domain, everything else by its last characters at most. */
export const maskValue = (value: string): string => (value.includes('@') ? maskEmail(value) : value === '' ? '' : maskTail(value));
