/**
 * SPEC §2 route table with its meta. Shared by the web router (document title on navigation)
 * and the server (the served HTML already carries the route's title and social tags).
 */
export interface RouteMeta {
  /** react-router pattern, absolute. */
  path: string;
  /** `{product}` and `{brand}` are substituted. Absent → the default title. */
  title?: string;
  description?: string;
  layout: 'checkout' | 'full';
}

export const DEFAULT_TITLE = '{product} - Internet Ultra Veloce';
export const DEFAULT_DESCRIPTION =
  'Verifica la copertura della fibra {brand} al tuo indirizzo e attiva la tua offerta internet online in pochi minuti.';

export const COVERAGE_PATH = '/attiva/verifica-copertura';

export const ROUTES: readonly RouteMeta[] = [
  { path: '/attiva/verifica-copertura/:promo?', layout: 'checkout', title: 'Verifica copertura - {product}', description: DEFAULT_DESCRIPTION },
  { path: '/attiva/verifica-copertura/:promo?/from/:provenienza?', layout: 'checkout', title: 'Verifica copertura - {product}', description: DEFAULT_DESCRIPTION },
  { path: '/attiva/fill-order/pre/:ordercode', layout: 'checkout', title: 'Completa il tuo ordine - {product}', description: 'Completa l’ordine che abbiamo preparato per te e firmalo online.' },
  { path: '/attiva/offerta/:promo?', layout: 'checkout', title: 'La tua offerta - {product}', description: 'Scegli velocità, router, ripetitore e linea voce della tua offerta {brand}.' },
  { path: '/attiva/richiedi-offerta/:reason?', layout: 'checkout', title: 'Richiedi un’offerta - {product}', description: 'Lascia i tuoi dati: un consulente {brand} ti ricontatterà con un’offerta su misura.' },
  { path: '/attiva/step-1', layout: 'checkout', title: 'Dati di contatto - {product}' },
  { path: '/attiva/step-2', layout: 'checkout', title: 'Dati personali - {product}' },
  { path: '/attiva/step-3', layout: 'checkout', title: 'Indirizzi - {product}' },
  { path: '/attiva/step-4', layout: 'checkout', title: 'Pagamento - {product}' },
  { path: '/attiva/step-5', layout: 'checkout', title: 'Documento e riepilogo - {product}' },
  { path: '/attiva/firma', layout: 'checkout', title: 'Firma il contratto - {product}' },
  { path: '/error-404', layout: 'full', title: 'Pagina non trovata', description: 'La pagina che cerchi non esiste.' },
  { path: '/document-upload/:ordercode', layout: 'full', title: 'Carica documento', description: 'Carica il documento per completare la richiesta.' },
  { path: '/dati-portabilita/:ordercode?', layout: 'full', title: 'Dati portabilità - {product}', description: 'Inserisci i dati per la portabilità del tuo numero.' },
  { path: '/attiva-sim/:orderid?', layout: 'full', title: 'Attiva SIM - {product}', description: 'Attiva la tua SIM con il numero d’ordine e le ultime 5 cifre dell’ICCID.' },
  { path: '/recesso/:ordercode?', layout: 'full', title: 'Recesso entro 14 giorni - {brand}', description: 'Recedi online dal contratto entro 14 giorni dalla firma, con il numero d’ordine e un codice di conferma.' },
  { path: '/consensi/:ordercode?', layout: 'full', title: 'I tuoi consensi - {brand}', description: 'Cambia quando vuoi i consensi facoltativi (comunicazioni commerciali, profilazione, comunicazione a terzi) con il numero d’ordine e un codice.' },
  { path: '/ordine/:ordercode?', layout: 'full', title: 'Il tuo ordine - {brand}', description: 'Segui il tuo ordine {brand}: lo stato, i prossimi passi, i documenti e l’appuntamento con il tecnico.' },
  { path: '/firma-elettronica', layout: 'full', title: 'Firma elettronica avanzata - {brand}', description: 'Come funziona la firma elettronica avanzata con codice monouso, cosa conserviamo e come ottenerne copia.' },
  { path: '/accessibilita', layout: 'full', title: 'Dichiarazione di accessibilità - {brand}', description: 'Quanto è accessibile il sito di attivazione {brand}, cosa non lo è ancora, come segnalarci un problema e a chi rivolgersi.' },
  { path: '/mnp/:shortHash', layout: 'full', title: 'Portabilità mobile - {product}', description: 'Conferma o correggi i dati per la portabilità del tuo numero mobile.' },
];

export interface Branding { brand: string; product: string }

export const brandText = (text: string, b: Branding): string =>
  text.replaceAll('{product}', b.product).replaceAll('{brand}', b.brand);

export interface ResolvedMeta { title: string; description: string }

export const resolveMeta = (route: RouteMeta | undefined, b: Branding): ResolvedMeta => ({
  title: brandText(route?.title ?? DEFAULT_TITLE, b),
  description: brandText(route?.description ?? DEFAULT_DESCRIPTION, b),
});

/**
 * Matches a pathname against a route pattern with `:param` and `:param?` segments
 * (the subset of react-router syntax this table uses). Returns the params or null.
 */
export const matchRoute = (pattern: string, pathname: string): Record<string, string> | null => {
  const pat = pattern.split('/').filter(Boolean);
  const segs = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const params: Record<string, string> = {};
  let i = 0;
  for (let k = 0; k < pat.length; k++) {
    const p = pat[k] as string;
    const optional = p.endsWith('?');
    const seg = segs[i];
    if (p.startsWith(':')) {
      if (seg === undefined) { if (optional) continue; return null; }
      // An optional param must not swallow a literal segment that follows in the pattern.
      const next = pat[k + 1];
      if (optional && next !== undefined && !next.startsWith(':') && seg === next) continue;
      params[p.slice(1).replace(/\?$/, '')] = decodeURIComponent(seg);
      i++;
    } else {
      if (seg !== p) return null;
      i++;
    }
  }
  return i === segs.length ? params : null;
};

export const findRoute = (pathname: string): RouteMeta | undefined =>
  ROUTES.find((r) => matchRoute(r.path, pathname) !== null);
