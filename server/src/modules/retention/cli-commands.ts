import { intOption, parseCliArgs, UsageError } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { runWithDb } from '../../cli/run';
import type { Out } from '../../cli/run';
import type { Config } from '../../config';
import type { Db } from '../../db';
import { openStorage } from '../../infra/storage';
import { runRetentionPass } from './pass';
import { countAbandonedDrafts } from './purge-drafts';

export const PURGE_DRAFTS_USAGE = 'purge-drafts [--days N] [--dry-run] [--json]';

/**
 * `purge-drafts`: one retention pass now, whatever the server's schedule (it does not wait for the servers'
 * turn: each order is re-checked under its lock, so running it beside them deletes nothing twice).
 * `--days` overrides DRAFT_RETENTION_DAYS; `--dry-run` only counts.
 */
export async function purgeDraftsCommand(db: Db, args: string[], out: Out, config: Config, now: Date = new Date()): Promise<number> {
  const p = parseCliArgs(args, { days: 'string', 'dry-run': 'boolean', json: 'boolean' });
  if (p.positional.length > 0) throw new UsageError(`Argomenti inattesi: ${p.positional.join(' ')}`);
  const days = intOption(p, 'days', config.retention.draftDays, 3650);
  const json = p.options.has('json');
  if (p.options.has('dry-run')) {
    const count = await countAbandonedDrafts(db, days, now);
    out(json ? JSON.stringify({ dry_run: true, retention_days: days, orders_to_purge: count })
      : `Ordini non firmati fermi da più di ${days} giorni: ${count} (prova: nessuna modifica).`);
    return 0;
  }
  const r = await runRetentionPass(db, { storage: openStorage(config, db), retentionDays: days, now });
  if (json) {
    out(JSON.stringify({ retention_days: days, ...r }));
  } else {
    out(`Ordini non firmati fermi da più di ${days} giorni eliminati con i loro file: ${r.orders_purged}.`);
    if (r.folders_left > 0) out(`ATTENZIONE: ${r.folders_left} cartelle di ordini eliminati non rimosse da STORAGE_DIR (controllare i permessi).`);
    out(`Conteggi dei limiti scaduti eliminati: ${Object.entries(r.pruned).map(([t, n]) => `${t} ${n}`).join(', ')}.`);
  }
  return r.folders_left > 0 ? 1 : 0;
}

export const retentionCliCommands = (): Record<string, CliCommand> => ({
  'purge-drafts': {
    summary: 'Elimina gli ordini non firmati abbandonati (con i file) e i conteggi dei limiti scaduti',
    usage: PURGE_DRAFTS_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => purgeDraftsCommand(db, a, o, config), args, out, PURGE_DRAFTS_USAGE),
  },
});
