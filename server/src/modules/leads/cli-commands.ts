import { LEAD_DELIVERY_STATUSES } from '@checkout/contract';
import type { LeadDeliveryStatus } from '@checkout/contract';
import { intOption, optionValue, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { table } from '../../cli/output';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { recordCliRead } from '../audit';
import { retryPolicyFor, runDeliveryPass } from '../events';
import { createLeadWebhookHandler, leadWebhookTarget } from './lead-webhook';
import { selectLeadsPage } from './repository';
import { leadDeliveryState } from './service';

export const LIST_LEADS_USAGE = `list-leads [--status ${LEAD_DELIVERY_STATUSES.join('|')}] [--limit N] [--json]`;
export const DELIVER_LEADS_USAGE = 'deliver-leads --once [--json]';

/** `list-leads`: newest first, with the state of each one's delivery to the lead webhook (the outbox's). */
export async function listLeadsCommand(db: Db, args: string[], out: Out): Promise<number> {
  const p = parseCliArgs(args, { status: 'string', limit: 'string', json: 'boolean' });
  const status = optionValue(p, 'status');
  if (status !== undefined && !(LEAD_DELIVERY_STATUSES as readonly string[]).includes(status)) {
    throw new UsageError(`--status deve essere ${LEAD_DELIVERY_STATUSES.join(', ')}`);
  }
  const rows = (await selectLeadsPage(db, status ? { status: status as LeadDeliveryStatus } : {}, 0, intOption(p, 'limit', 20))).map((r) => {
    const lead = JSON.parse(r.payload_json) as Record<string, unknown>;
    const d = leadDeliveryState(r);
    return {
      id: r.id, created_at: r.created_at, delivery_status: d.status, attempts: d.attempts, next_attempt_at: d.next_attempt_at,
      last_error: d.last_error, delivered_at: d.delivered_at,
      name: `${String(lead.nome ?? '')} ${String(lead.cognome ?? '')}`.trim(), email: String(lead.email ?? ''), lead,
    };
  });
  // Names, emails and phones in clear: on record like the console's lead list.
  await recordCliRead(db, 'leads_listed', { filters: status ? { status } : {}, shown: rows.length });
  if (p.options.has('json')) { out(JSON.stringify(rows)); return 0; }
  if (rows.length === 0) { out('Nessun lead.'); return 0; }
  for (const line of table([
    ['CREATO', 'ID', 'STATO', 'TENTATIVI', 'PROSSIMO', 'NOME', 'ERRORE'],
    ...rows.map((r) => [r.created_at, r.id, r.delivery_status, String(r.attempts), r.next_attempt_at ?? '-', `${r.name} <${r.email}>`, r.last_error ?? '']),
  ])) out(line);
  return 0;
}

/**
 * `deliver-leads --once`: one pass of the outbox worker over the lead webhook's due deliveries (the
 * server's worker does the same every EVENT_DELIVERY_POLL_MS), with the outbox's lease and retries.
 */
export async function deliverLeadsCommand(db: Db, args: string[], out: Out, config: Config, now: () => Date = () => new Date()): Promise<number> {
  const p = parseCliArgs(args, { once: 'boolean', json: 'boolean' });
  if (!p.options.has('once') || p.positional.length > 0) throw new UsageError('Solo --once è supportato: il server consegna in continuo da sé.');
  const target = leadWebhookTarget(config);
  if (!target) { out('LEAD_WEBHOOK_URL non è impostata: i lead restano in attesa (vedi list-leads).'); return 1; }
  const r = await runDeliveryPass(db, { handlers: { lead_webhook: createLeadWebhookHandler(db, target) }, retry: retryPolicyFor(config.events.retryDays), now });
  const result = { attempted: r.attempted, delivered: r.delivered, retried: r.retried, flagged: r.flagged };
  if (p.options.has('json')) out(JSON.stringify(result));
  else out(`Tentativi: ${result.attempted}, consegnati: ${result.delivered}, da riprovare: ${result.retried}, da verificare: ${result.flagged}`);
  return 0;
}

export const leadsCliCommands = (): Record<string, CliCommand> => ({
  'list-leads': {
    summary: 'Elenca i lead con lo stato di consegna al webhook',
    usage: LIST_LEADS_USAGE,
    run: (args, { config, out }) => runWithDb(config, listLeadsCommand, args, out, LIST_LEADS_USAGE),
  },
  'deliver-leads': {
    summary: 'Esegue un passaggio di consegna dei lead al webhook',
    usage: DELIVER_LEADS_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => deliverLeadsCommand(db, a, o, config), args, out, DELIVER_LEADS_USAGE),
  },
});
