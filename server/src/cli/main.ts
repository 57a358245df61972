import { loadConfig } from '../config';
import { consoleAuthCliCommands } from '../modules/console-auth';
import { coverageCliCommands } from '../modules/coverage';
import { eventsCliCommands } from '../modules/events';
import { leadsCliCommands } from '../modules/leads';
import { mobileCliCommands } from '../modules/mobile';
import { premadeCliCommands } from '../modules/premade';
import { providerCliCommands } from '../modules/provider';
import { atecoCliCommands } from '../modules/reference';
import { retentionCliCommands } from '../modules/retention';
import type { CliCommand } from './command';
import { storageCliCommands } from './storage-commands';

/**
 * Operator commands: `npm run cli -- <command> [args]`.
 * Modules add their commands to `commands` (create pre-made order, create mobile order, import coverage CSV, export…).
 */

export const commands: Record<string, CliCommand> = {
  help: {
    summary: 'Elenca i comandi disponibili',
    run: async (_args, { out }) => {
      out('Uso: npm run cli -- <comando> [argomenti]\n');
      out('Comandi:');
      for (const [name, cmd] of Object.entries(commands)) out(`  ${(cmd.usage ?? name).padEnd(40)} ${cmd.summary}`);
      return 0;
    },
  },
  ...coverageCliCommands(process.stderr),
  ...atecoCliCommands(),
  ...premadeCliCommands(),
  ...mobileCliCommands(),
  ...leadsCliCommands(),
  ...retentionCliCommands(),
  ...consoleAuthCliCommands(),
  ...providerCliCommands(),
  ...eventsCliCommands(),
  ...storageCliCommands(),
};

export async function runCli(argv: string[], out: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Promise<number> {
  const [name = 'help', ...args] = argv;
  const cmd = commands[name];
  if (!cmd) {
    out(`Comando sconosciuto: ${name}\n`);
    await commands.help?.run([], { config: loadConfig(), out });
    return 2;
  }
  return cmd.run(args, { config: loadConfig(), out });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
