import { DELIVERY_TARGET_LABELS, EVENT_TYPE_LABELS } from '../integration/events';
import { PROVIDER_SCOPE_LABELS } from '../integration/provider';
import { DOCUMENT_KIND_LABELS } from '../schemas/order';
import { CONSOLE_PERMISSION_LABELS, OPERATOR_ROLE_LABELS, OPERATOR_STATUS_LABELS } from './roles';
import type { AuditAction } from './schemas';
import { REFERENCE_FILE_KIND_LABELS } from './schemas-data';
import { LEAD_DELIVERY_STATUS_LABELS, MOBILE_ORDER_STATUS_LABELS, PREMADE_STATE_LABELS } from './schemas-sales';
import { CONSOLE_STATUS_LABELS, DOCUMENT_REJECTION_REASONS } from './workflow';

/*
 * The audit log in words a supervisor reads: each action, what it was done to, and its detail without
 * internal ids or codes. The server writes `summary` with these (the list and the CSV say the same); the
 * record's detail itself stays as written, for machines.
 */

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  sign_in: 'Accesso',
  sign_in_failed: 'Accesso non riuscito',
  sign_out: 'Uscita',
  sign_out_everywhere: 'Uscita da tutti i dispositivi',
  locked_out: 'Accesso bloccato',
  operator_created: 'Operatore creato',
  operator_updated: 'Operatore modificato',
  setup_link_issued: 'Link di attivazione emesso',
  setup_completed: 'Attivazione completata',
  two_factor_reset: 'Verifica in due passaggi reimpostata',
  recovery_code_used: 'Codice di recupero usato',
  personal_data_revealed: 'Dati personali mostrati',
  orders_exported: 'Ordini esportati',
  order_status_changed: 'Stato dell’ordine cambiato',
  order_note_added: 'Nota aggiunta',
  order_viewed: 'Ordine consultato',
  orders_listed: 'Elenco ordini consultato',
  review_queue_viewed: 'Coda di verifica consultata',
  lead_viewed: 'Contatto consultato',
  leads_listed: 'Elenco contatti consultato',
  premade_orders_listed: 'Elenco ordini precompilati consultato',
  mobile_orders_listed: 'Elenco ordini mobile consultato',
  access_refused: 'Accesso negato',
  document_viewed: 'Documento visualizzato',
  document_claimed: 'Documento preso in carico',
  document_approved: 'Documento approvato',
  document_rejected: 'Documento rifiutato',
  evidence_downloaded: 'Prove della firma scaricate',
  customer_file_downloaded: 'Contratto o prove scaricati dal cliente',
  premade_created: 'Ordine precompilato creato',
  coverage_overridden: 'Copertura non verificata indicata dall’operatore',
  premade_extended: 'Ordine precompilato prorogato',
  premade_expired: 'Ordine precompilato fatto scadere',
  mobile_order_created: 'Ordine mobile creato',
  lead_retried: 'Invio del contatto ritentato',
  lead_handled: 'Contatto gestito',
  leads_exported: 'Contatti esportati',
  reference_uploaded: 'File di riferimento caricato',
  privacy_searched: 'Ricerca privacy',
  privacy_exported: 'Dati del cliente esportati',
  personal_data_erased: 'Dati personali cancellati',
  provider_token_created: 'Token API del fornitore creato',
  provider_token_revoked: 'Token API del fornitore revocato',
  provider_auth_failed: 'API fornitore: token non valido',
  provider_access_denied: 'API fornitore: permesso mancante',
  provider_request_refused: 'API fornitore: richiesta rifiutata',
  provider_request_replayed: 'API fornitore: richiesta ripetuta',
  provider_order_read: 'API fornitore: ordine letto',
  appointment_slots_published: 'Fasce per l’appuntamento pubblicate',
  event_file_downloaded: 'File scaricato dal fornitore (evento)',
  event_redelivered: 'Evento inviato di nuovo',
  audit_exported: 'Registro attività esportato',
};

/** What a record is about (its `target_type`): the privacy tools' subjects are an email or a codice fiscale. */
export const AUDIT_TARGET_LABELS: Record<string, string> = {
  order: 'Ordine',
  mobile_order: 'Ordine mobile',
  operator: 'Operatore',
  session: 'Sessione',
  lead: 'Contatto',
  leads: 'Contatti',
  provider_token: 'Token API',
  reference_job: 'File di riferimento',
  email: 'Email',
  fiscal_code: 'Codice fiscale',
};

/** Detail keys in words; a key listed in HIDDEN_KEYS is an id or a machine's fact, never shown. */
const KEY_LABELS: Record<string, string> = {
  from: 'Da', to: 'A', by: 'Eseguito da', reason: 'Motivo', customer_message: 'Messaggio al cliente', until: 'In carico fino al',
  filters: 'Filtri', search: 'Ricerca', page: 'Pagina', shown: 'Righe mostrate', total: 'Totale', personal_columns: 'Colonne con dati personali',
  kind: 'Tipo', file: 'File', email: 'Email', role: 'Ruolo', status: 'Stato', state: 'Stato', expires_at: 'Scadenza', sessions: 'Sessioni chiuse',
  second_factor: 'Secondo fattore', client: 'Dispositivo', scope: 'Ambito', retry_after_seconds: 'Attesa in secondi', failures: 'Tentativi non riusciti',
  remaining: 'Codici di recupero rimasti', permission: 'Permesso mancante', code: 'Errore', name: 'Nome', scopes: 'Permessi',
  token_prefix: 'Inizio del token', provider_token: 'Token API', filename: 'Nome del file', size_bytes: 'Dimensione in byte', skip_bad: 'Righe errate saltate',
  orders: 'Ordini trovati', leads: 'Contatti trovati', mobile_orders: 'Ordini mobile trovati', rows: 'Righe cancellate', slots: 'Fasce',
  withdrawn: 'Fasce ritirate', customer_notified: 'Cliente avvisato', customer_visible: 'Visibile al cliente', type: 'Evento', target: 'Destinazione',
  outcome: 'Esito', days: 'Giorni', valid_days: 'Giorni di validità', offer_id: 'Offerta n.', technology: 'Tecnologia',
  customer_type: 'Cliente', promo: 'Promo', documents_to_review: 'Con documenti da verificare', delivery_status: 'Consegna', handled: 'Gestito',
  // A document review's checklist.
  checklist: 'Verifiche', names_match: 'nomi corrispondenti', not_expired: 'non scaduto', readable: 'leggibile', photo_present: 'foto presente',
  truncated: 'Dettagli troppo lunghi, non conservati', fields: 'Campi', route: 'Operazione', action: 'Azione', order_number: 'Numero d’ordine',
  // A read from the command line (no operator).
  via: 'Tramite',
};
/** Ids, hashes and request plumbing: never shown, at any depth. */
const HIDDEN_KEYS = new Set([
  'order_id', 'media_id', 'media_ids', 'timeline_id', 'event_id', 'document_id', 'lead_id', 'operator_id', 'target_id', 'id',
  'sha256', 'method', 'path',
]);
/**
 * Shown elsewhere on the record's line: its order (the target column names it) and the provider's token
 * (the operator column does). Inside a list's filters an order number is a filter, and shown.
 */
const SHOWN_ELSEWHERE = new Set(['order_number', 'provider_token']);

/** Codes a detail may hold, in words; free text (a reason an operator wrote, a file name) is shown as written. */
const VALUE_LABELS: Record<string, string> = {
  ...OPERATOR_STATUS_LABELS, ...MOBILE_ORDER_STATUS_LABELS, ...PREMADE_STATE_LABELS, ...LEAD_DELIVERY_STATUS_LABELS,
  // An order's statuses win over the other lists' words for the same code.
  ...CONSOLE_STATUS_LABELS,
  ...OPERATOR_ROLE_LABELS, ...DOCUMENT_KIND_LABELS, ...REFERENCE_FILE_KIND_LABELS, ...DOCUMENT_REJECTION_REASONS,
  ...CONSOLE_PERMISSION_LABELS, ...EVENT_TYPE_LABELS, ...DELIVERY_TARGET_LABELS,
  // Who moved an order.
  operator: 'un operatore', provider: 'i sistemi del fornitore', customer: 'il cliente',
  // Sign-in.
  totp: 'app di autenticazione', recovery_code: 'codice di recupero', untrusted: 'non riconosciuto', known_device: 'riconosciuto',
  credentials: 'credenziali o codice errati', code_reused: 'codice già usato', device: 'dispositivo', address: 'indirizzo IP',
  // A console refusal's reason, and the provider's token refusals.
  csrf: 'richiesta senza il token di sicurezza', permission: 'il ruolo non lo permette', rule: 'le regole dell’operazione non lo permettono',
  missing: 'token mancante', malformed: 'token non valido', unknown: 'token sconosciuto', revoked: 'token revocato',
  console_forbidden: 'operazione non permessa al ruolo', console_csrf: 'token di sicurezza mancante',
  // A delivery sent again: how it went.
  retried: 'da ritentare', released: 'rilasciato', lost: 'perso', skipped: 'non inviato',
  // What the search box was given (its text is kept masked).
  fiscal_code: 'codice fiscale', tax_or_phone: 'partita IVA o telefono', order_number: 'numero d’ordine', phone: 'telefono',
  hash: 'codice dell’ordine', name: 'nome', code_or_number: 'codice o numero d’ordine',
  // The customer's type.
  privato: 'privato', business: 'business',
  // Where a read came from.
  cli: 'riga di comando',
};

/** Codes whose words depend on the key (`signed` is a status, and a file under `file`). */
const KEY_VALUE_LABELS: Record<string, Record<string, string>> = {
  // The audit log's own export: the action it was filtered by.
  action: AUDIT_ACTION_LABELS,
  file: {
    summary: 'sintesi contrattuale', signed: 'contratto firmato', contract: 'contratto', signed_contract: 'contratto firmato',
    evidence: 'prove della firma', evidence_bundle: 'prove della firma', document: 'documento',
  },
  // A provider token's permissions.
  scopes: PROVIDER_SCOPE_LABELS,
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const romeTime = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

const labelOf = (key: string): string => KEY_LABELS[key] ?? key.replaceAll('_', ' ');

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sì' : 'no';
  if (typeof value === 'number') return value.toLocaleString('it-IT');
  if (typeof value === 'string') {
    const own = KEY_VALUE_LABELS[key];
    if (own && Object.hasOwn(own, value)) return own[value] as string;
    if (Object.hasOwn(VALUE_LABELS, value)) return VALUE_LABELS[value] as string;
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return romeTime.format(new Date(value));
    return `«${value}»`;
  }
  if (Array.isArray(value)) {
    // A list of ids (the orders a privacy search found) says how many.
    if (key === 'orders') return value.length.toLocaleString('it-IT');
    return value.map((v) => valueText(key, v)).join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // The provider's token: its name.
    if (key === 'provider_token') return valueText('name', record.name);
    // The search box: its kind and its text, masked.
    if (key === 'search') return `${valueText('kind', record.kind)}${typeof record.masked === 'string' ? ` «${record.masked}»` : ''}`;
    const inner = detailParts(record, false);
    return inner.length === 0 ? 'nessuno' : inner.join(', ');
  }
  return String(value);
}

function detailParts(detail: Record<string, unknown>, top: boolean): string[] {
  return Object.entries(detail)
    .filter(([k, v]) => !HIDDEN_KEYS.has(k) && !(top && SHOWN_ELSEWHERE.has(k)) && v !== undefined)
    .map(([k, v]) => `${labelOf(k)}: ${valueText(k, v)}`);
}

/**
 * A record's detail in Italian words: `Da: Verificato · A: In attivazione · Eseguito da: un operatore`.
 * Ids (the target says what the record is about) and request plumbing are left out; a key this build does
 * not know keeps its name, so nothing recorded is hidden by an older reader.
 */
export const auditDetailText = (detail: Record<string, unknown>): string => detailParts(detail, true).join(' · ');

/** A target type in words; an unknown one keeps its own text. */
export const auditTargetLabel = (type: string): string => AUDIT_TARGET_LABELS[type] ?? type;
