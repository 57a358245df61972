import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditDetailText, auditTargetLabel } from './audit';
import { AUDIT_ACTIONS } from './schemas';
import { CONSOLE_ORDER_STATUSES } from './workflow';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ORDER_ID = '01a21e9a-5b0c-4e6f-9a7d-2b3c4d5e6f70';

describe('the audit log in words', () => {
  it('names every action in Italian, none by its code', () => {
    for (const a of AUDIT_ACTIONS) {
      expect(AUDIT_ACTION_LABELS[a], a).toBeTruthy();
      expect(AUDIT_ACTION_LABELS[a]).not.toContain('_');
    }
  });

  // What each recording call writes, and what a supervisor reads.
  it.each([
    ['a move by an operator', { from: 'verified', to: 'activating', by: 'operator' }, 'Da: Verificato · A: In attivazione · Eseguito da: un operatore'],
    ['a move by the provider, with its reason', { from: 'signed', to: 'cancelled', by: 'provider', reason: 'Indirizzo errato' }, 'Da: Firmato · A: Annullato · Eseguito da: i sistemi del fornitore · Motivo: «Indirizzo errato»'],
    ['a rejection', { media_ids: [ORDER_ID], reason: 'unreadable', checklist: { names_match: true, not_expired: true, readable: false, photo_present: true } },
      'Motivo: Il documento non è leggibile · Verifiche: nomi corrispondenti: sì, non scaduto: sì, leggibile: no, foto presente: sì'],
    ['a document opened', { media_id: ORDER_ID, kind: 'identity_document' }, 'Tipo: Documento d’identità'],
    ['a contract file opened', { file: 'signed' }, 'File: contratto firmato'],
    ['the evidence the customer downloaded', { order_number: 'FV-2026-ABC234', file: 'evidence_bundle' }, 'File: prove della firma'],
    ['a list read', { filters: { status: 'in_review', documents_to_review: true }, search: { kind: 'fiscal_code', masked: 'RSS***' }, page: 1, shown: 25, total: 12000 },
      'Filtri: Stato: In verifica, Con documenti da verificare: sì · Ricerca: codice fiscale «RSS***» · Pagina: 1 · Righe mostrate: 25 · Totale: 12.000'],
    ['a list read with no filter', { filters: {}, page: 1, shown: 0, total: 0 }, 'Filtri: nessuno · Pagina: 1 · Righe mostrate: 0 · Totale: 0'],
    ['an operator changed', { email: 'b@example.it', from: { role: 'viewer', status: 'active' }, to: { role: 'backoffice', status: 'active' } },
      'Email: «b@example.it» · Da: Ruolo: Sola lettura, Stato: Attivo · A: Ruolo: Back office, Stato: Attivo'],
    ['a refused call', { method: 'POST', route: '/api/console/orders/{order_id}/transition', path: `/api/console/orders/${ORDER_ID}/transition`, reason: 'permission', permission: 'orders.transition', role: 'viewer' },
      'Operazione: «/api/console/orders/{order_id}/transition» · Motivo: il ruolo non lo permette · Permesso mancante: cambiare lo stato degli ordini · Ruolo: Sola lettura'],
    ['a sign-in', { second_factor: 'totp', client: 'known_device' }, 'Secondo fattore: app di autenticazione · Dispositivo: riconosciuto'],
    ['a failed sign-in', { reason: 'credentials', client: 'untrusted' }, 'Motivo: credenziali o codice errati · Dispositivo: non riconosciuto'],
    ['a listing from the command line', { filters: { status: 'active' }, shown: 2, via: 'cli' }, 'Filtri: Stato: Attivo · Righe mostrate: 2 · Tramite: riga di comando'],
    // The operator column names the token and the target column the order.
    ['a provider call', { provider_token: { id: ORDER_ID, name: 'CRM' }, order_number: 'FV-2026-ABC234' }, ''],
    ['an export of the log', { filters: { order_number: 'FV-2026-ABC234', operator_id: ORDER_ID, action: 'order_status_changed' } },
      'Filtri: Numero d’ordine: «FV-2026-ABC234», Azione: Stato dell’ordine cambiato'],
    ['a privacy search', { orders: [ORDER_ID, ORDER_ID], leads: 1, mobile_orders: 0 }, 'Ordini trovati: 2 · Contatti trovati: 1 · Ordini mobile trovati: 0'],
    ['a redelivery', { event_id: ORDER_ID, type: 'order.status_changed', target: 'webhook', outcome: 'delivered' }, 'Evento: Stato cambiato · Destinazione: Sistemi del fornitore · Esito: Consegnato'],
    ['a provider token made', { name: 'CRM Fibra', scopes: ['orders:read', 'appointments:write'], token_prefix: 'pt_AbC1234' },
      'Nome: «CRM Fibra» · Permessi: leggere gli ordini, pubblicare le fasce per gli appuntamenti · Inizio del token: «pt_AbC1234»'],
    ['a claim', { until: '2026-11-26T09:30:00.000Z' }, 'In carico fino al: 26/11/2026, 10:30'],
    ['nothing', {}, ''],
  ])('%s', (_, detail, text) => {
    expect(auditDetailText(detail)).toBe(text);
    expect(auditDetailText(detail)).not.toMatch(UUID);
  });

  it('says every order status in Italian', () => {
    for (const s of CONSOLE_ORDER_STATUSES) expect(auditDetailText({ to: s }), s).not.toContain(s);
  });

  it('keeps a key it does not know, readable, rather than hiding what was recorded', () => {
    expect(auditDetailText({ new_fact: 'x' })).toBe('new fact: «x»');
    expect(auditTargetLabel('order')).toBe('Ordine');
    expect(auditTargetLabel('something_new')).toBe('something_new');
  });
});
