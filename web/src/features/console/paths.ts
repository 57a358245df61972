export const SIGN_IN_PATH = '/console/accesso';
export const HOME_PATH = '/console/ordini';

/** Why the sign-in page opens (its message). */
export type SignInReason = 'scaduta' | 'uscito' | 'uscito-ovunque';

/** The sign-in page, remembering where to come back to. */
export const signInUrl = (returnTo: string | null, reason?: SignInReason): string => {
  const params = new URLSearchParams();
  if (reason) params.set('motivo', reason);
  if (returnTo && returnTo !== HOME_PATH) params.set('da', returnTo);
  const qs = params.toString();
  return qs ? `${SIGN_IN_PATH}?${qs}` : SIGN_IN_PATH;
};

/** A return path from the query string, kept only when it is a console page on this site. */
export const safeReturnTo = (value: string | null): string => {
  if (!value || !value.startsWith('/console/') || value.startsWith('//') || value.includes('\\') || value.startsWith(SIGN_IN_PATH)) return HOME_PATH;
  return value;
};
