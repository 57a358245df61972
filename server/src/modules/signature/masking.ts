/** Destinations as evidence and answers show them: enough to recognise, not enough to reuse. */

/** `3331234567`, `+39 333 123 4567`, `00393331234567` → `+393331234567`; null when not an Italian mobile. */
export function toItalianE164(raw: string): string | null {
  let digits = raw.replace(/[^\d+]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (digits.startsWith('+39')) digits = digits.slice(3);
  else if (digits.startsWith('39') && digits.length >= 11) digits = digits.slice(2);
  return /^3\d{8,9}$/.test(digits) ? `+39${digits}` : null;
}

/** `+393331234567` → `+39 3** *** **67` (first and last two digits of the national number). */
export function maskPhone(e164: string): string {
  const national = e164.replace(/^\+39/, '').replace(/\D/g, '');
  if (national.length < 4) return '+39 ***';
  const masked = `${national[0]}${'*'.repeat(national.length - 3)}${national.slice(-2)}`;
  return `+39 ${masked.slice(0, 3)} ${masked.slice(3, 6)} ${masked.slice(6)}`;
}

/** `mario.rossi@example.com` → `m***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
