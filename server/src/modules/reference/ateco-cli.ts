import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliCommand } from '../../cli/command';
import { createDb, migrate } from '../../db';
import type { Db } from '../../db';
import { importAtecoText } from './ateco-import';

/**
 * `import-ateco FILE`: loads the official ISTAT ATECO CSV. Bad lines are listed with their number;
 * any bad line stops the import with nothing written unless `--skip-bad` is given, and the
 * replacement happens in one transaction.
 */
export const atecoCliCommands = (): Record<string, CliCommand> => ({
  'import-ateco': {
    summary: 'Importa il file ATECO ufficiale ISTAT (CSV)',
    usage: 'import-ateco FILE.csv [--skip-bad]',
    run: async (args, { config, out }) => {
      const skipBad = args.includes('--skip-bad');
      const files = args.filter((a) => !a.startsWith('--'));
      if (files.length !== 1 || args.some((a) => a.startsWith('--') && a !== '--skip-bad')) {
        out('Uso: npm run cli -- import-ateco FILE.csv [--skip-bad]');
        return 2;
      }
      const handle = createDb(config.databaseUrl);
      try {
        await migrate(handle.db);
        return await importAtecoFile(handle.db, path.resolve(files[0] as string), { skipBad }, out);
      } finally {
        await handle.destroy();
      }
    },
  },
});

/** The import itself (the CLI wraps it); answers the exit code. */
export async function importAtecoFile(db: Db, file: string, { skipBad }: { skipBad: boolean }, out: (line: string) => void): Promise<number> {
  let text: string;
  try { text = await readFile(file, 'utf8'); } catch { out(`File non leggibile: ${file}`); return 1; }
  const result = await importAtecoText(db, text, { skipBad });
  for (const line of result.lines) out(line);
  return result.applied ? 0 : 1;
}
