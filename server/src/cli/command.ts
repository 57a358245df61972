import type { Config } from '../config';

/**
 * One operator command of `npm run cli -- <command> [args]`. Its own file, importing nothing of the
 * modules: the modules' cli-commands.ts import this type, and the CLI entry (main.ts) imports the modules.
 */
export interface CliCommand {
  summary: string;
  usage?: string;
  run: (args: string[], ctx: { config: Config; out: (line: string) => void }) => Promise<number>;
}
