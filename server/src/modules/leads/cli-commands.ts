import { intOption, optionValue, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { table } from '../../cli/output';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { deliverDueLeads } from './lead-delivery';
import { listLeads } from './repository';
import type { DeliveryStatus } from './repository';
import { leadDeliveryOptions } from './routes';

export const LIST_LEADS_USAGE = 'list-leads [--status pending|delivered|failed] [--limit N] [--json]';
export const DELIVER_LEADS_USAGE = 'deliver-leads --once [--json]';

/** `list-leads`: newest first, with the delivery state (attempts, next attempt, last error). */
export async function listLeadsCommand(db: Db, args: string[], out: Out): Promise<number> {
  const p = parseCliArgs(args, { status: 'string', limit: 'string', json: 'boolean' });
  const status = optionValue(p, 'status');
  if (status !== undefined && !['pending', 'delivered', 'failed'].includes(status)) throw new UsageError('--status deve essere pending, delivered o failed');
  const rows = (await listLeads(db, { limit: intOption(p, 'limit', 20), ...(status ? { status: status as DeliveryStatus } : {}) })).map((r) => {
    const lead = JSON.parse(r.payload_json) as Record<string, unknown>;
    return {
      id: r.id, created_at: r.created_at, delivery_status: r.delivery_status, attempts: r.attempts,
      next_attempt_at: r.delivery_status === 'delivered' ? null : r.next_attempt_at, last_error: r.last_error, delivered_at: r.delivered_at,
      name: `${String(lead.nome ?? '')} ${String(lead.cognome ?? '')}`.trim(), email: String(lead.email ?? ''), lead,
    };
  });
  if (p.options.has('json')) { out(JSON.stringify(rows)); return 0; }
  if (rows.length === 0) { out('Nessun lead.'); return 0; }
  for (const line of table([
    ['CREATO', 'ID', 'STATO', 'TENTATIVI', 'PROSSIMO', 'NOME', 'ERRORE'],
    ...rows.map((r) => [r.created_at, r.id, r.delivery_status, String(r.attempts), r.next_attempt_at ?? '-', `${r.name} <${r.email}>`, r.last_error ?? '']),
  ])) out(line);
  return 0;
}

/** `deliver-leads --once`: one delivery pass with the configured webhook (the server's worker does the same every second). */
export async function deliverLeadsCommand(db: Db, args: string[], out: Out, config: Config): Promise<number> {
  const p = parseCliArgs(args, { once: 'boolean', json: 'boolean' });
  if (!p.options.has('once') || p.positional.length > 0) throw new UsageError('Solo --once è supportato: il server consegna in continuo da sé.');
  const options = leadDeliveryOptions(config);
  if (!options) { out('LEAD_WEBHOOK_URL non è impostata: i lead restano in attesa (vedi list-leads).'); return 1; }
  const r = await deliverDueLeads(db, options);
  if (p.options.has('json')) out(JSON.stringify(r));
  else out(`Tentativi: ${r.attempted}, consegnati: ${r.delivered}, da riprovare: ${r.retried}`);
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
