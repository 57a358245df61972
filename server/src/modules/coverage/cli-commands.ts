import path from 'node:path';
import { parseCliArgs, UsageError } from '../../cli/args';
import type { OptionSpec, ParsedArgs } from '../../cli/args';
import type { CliCommand } from '../../cli/command';
import { createDb, migrate } from '../../db';
import { writeCoverageCsv } from './generate-coverage-csv';
import { ImportFileError, importCoverageFile, summaryLines } from './import-coverage';
import type { ProgressStream } from './progress';

/** The parsed arguments, or undefined after printing the usage (unknown option, missing value). */
function parseOrUsage(args: string[], spec: OptionSpec, usage: string, out: (line: string) => void): ParsedArgs | undefined {
  try {
    return parseCliArgs(args, spec);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    out(usage);
    return undefined;
  }
}

/** The coverage commands; `progress` receives the `\r` progress line (stderr in the real CLI). */
export function coverageCliCommands(progress: ProgressStream): Record<string, CliCommand> {
  return {
    'import-coverage': {
      summary: 'Importa un file CSV di copertura (docs/coverage-import.md)',
      usage: 'import-coverage FILE.csv [--skip-bad]',
      run: async (args, { config, out }) => {
        const usage = 'Uso: npm run cli -- import-coverage FILE.csv [--skip-bad]';
        const parsed = parseOrUsage(args, { 'skip-bad': 'boolean' }, usage, out);
        if (!parsed) return 2;
        const { positional, options } = parsed;
        const file = positional[0];
        if (!file || positional.length > 1) {
          out('Uso: npm run cli -- import-coverage FILE.csv [--skip-bad]');
          return 2;
        }
        const skipBad = options.has('skip-bad');
        const handle = createDb(config.databaseUrl);
        try {
          await migrate(handle.db);
          const summary = await importCoverageFile(handle.db, path.resolve(file), { skipBad, progress });
          for (const line of summaryLines(summary, { skipBad })) out(line);
          return summary.applied ? 0 : 1;
        } catch (err) {
          if (err instanceof ImportFileError) { out(err.message); return 1; }
          throw err;
        } finally {
          await handle.destroy();
        }
      },
    },
    'generate-coverage-csv': {
      summary: 'Scrive un CSV di copertura dimostrativo (per provare import-coverage)',
      usage: 'generate-coverage-csv FILE [--rows N] [--seed S]',
      run: async (args, { out }) => {
        const parsed = parseOrUsage(args, { rows: 'string', seed: 'string' }, 'Uso: npm run cli -- generate-coverage-csv FILE [--rows N] [--seed S]', out);
        if (!parsed) return 2;
        const { positional, options } = parsed;
        const file = positional[0];
        const rows = Number(options.get('rows') ?? 100_000);
        const seed = options.has('seed') ? Number(options.get('seed')) : undefined;
        if (!file || positional.length > 1 || !Number.isInteger(rows) || rows < 1 || (seed !== undefined && !Number.isInteger(seed))) {
          out('Uso: npm run cli -- generate-coverage-csv FILE [--rows N] [--seed S]');
          return 2;
        }
        const started = performance.now();
        const written = await writeCoverageCsv(path.resolve(file), { rows, ...(seed !== undefined ? { seed } : {}) });
        out(`Scritte ${written.rows.toLocaleString('it-IT')} righe (${written.addresses.toLocaleString('it-IT')} indirizzi) in ${file} in ${((performance.now() - started) / 1000).toLocaleString('it-IT', { maximumFractionDigits: 1 })} s`);
        return 0;
      },
    },
  };
}
