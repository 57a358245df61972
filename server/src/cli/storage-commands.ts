import type { Config } from '../config';
import type { Db } from '../db';
import { openDriver } from '../infra/storage';
import type { StorageDriverName } from '../infra/storage';
import { copyObjects } from '../infra/storage/copy-objects';
import { parseCliArgs, UsageError } from './args';
import type { CliCommand } from './command';
import { runWithDb } from './run';
import type { Out } from './run';

export const MIGRATE_STORAGE_USAGE = 'migrate-storage --from filesystem|database --to database|filesystem [--json]';

const DRIVERS: readonly StorageDriverName[] = ['filesystem', 'database'];

function driverOption(value: string | undefined, name: string): StorageDriverName {
  if (value === undefined) throw new UsageError(`Indicare --${name} (filesystem oppure database)`);
  if (!(DRIVERS as readonly string[]).includes(value)) throw new UsageError(`--${name}: usare filesystem oppure database, non ${value}`);
  return value as StorageDriverName;
}

/**
 * `migrate-storage`: copies every document and contract PDF from one storage driver to the other (the
 * folder is STORAGE_DIR, the database DATABASE_URL), checks each copy's SHA-256 against the source and
 * exits 1 on any difference. Safe to run again: objects already copied are left alone.
 */
export async function migrateStorageCommand(db: Db, args: string[], out: Out, config: Pick<Config, 'storageDir'>): Promise<number> {
  const p = parseCliArgs(args, { from: 'string', to: 'string', json: 'boolean' });
  if (p.positional.length > 0) throw new UsageError(`Argomenti inattesi: ${p.positional.join(' ')}`);
  const from = driverOption(p.options.get('from') as string | undefined, 'from');
  const to = driverOption(p.options.get('to') as string | undefined, 'to');
  if (from === to) throw new UsageError('--from e --to devono essere diversi');
  const r = await copyObjects(openDriver(from, config.storageDir, db), openDriver(to, config.storageDir, db));
  if (p.options.has('json')) {
    out(JSON.stringify({ from, to, total: r.total, copied: r.copied, unchanged: r.unchanged, mismatched: r.mismatched }));
  } else {
    out(`File in ${from}: ${r.total}. Copiati in ${to}: ${r.copied}. Già presenti e identici: ${r.unchanged}.`);
    for (const key of r.mismatched) out(`ERRORE: ${key}: lo SHA-256 della copia non corrisponde all'originale.`);
    out(r.mismatched.length === 0
      ? `Tutti gli SHA-256 corrispondono: i server possono usare STORAGE_DRIVER=${to}.`
      : `${r.mismatched.length} file non copiati correttamente: rilanciare il comando dopo averne verificato la causa.`);
  }
  return r.mismatched.length === 0 ? 0 : 1;
}

export const storageCliCommands = (): Record<string, CliCommand> => ({
  'migrate-storage': {
    summary: 'Copia documenti e PDF da un driver di archiviazione all’altro e ne verifica gli SHA-256',
    usage: MIGRATE_STORAGE_USAGE,
    run: (args, { config, out }) => runWithDb(config, (db, a, o) => migrateStorageCommand(db, a, o, config), args, out, MIGRATE_STORAGE_USAGE),
  },
});
