import type { Config } from '../config';
import { createDb, migrate } from '../db';
import type { Db } from '../db';
import { AppError } from '../http/errors';
import { UsageError } from './args';
import { terminalSafe } from './output';

/*
 * Running the operator commands of the side flows (premade, mobile, leads, retention).
 * Each command is a function of a database, its arguments and an output line writer, so the tests
 * call it directly; the CLI wrapper only opens (and migrates) the configured database around it.
 */

export type Out = (line: string) => void;
export type CommandFn = (db: Db, args: string[], out: Out) => Promise<number>;

/**
 * Runs a command on the configured database. Usage errors print the usage (exit 2); an AppError
 * (bad input the services refuse) prints its message and fields (exit 1); anything else propagates.
 */
export async function runWithDb(config: Config, fn: CommandFn, args: string[], out: Out, usage: string): Promise<number> {
  const handle = createDb(config.databaseUrl);
  try {
    await migrate(handle.db);
    return await runCommand(fn, handle.db, args, out, usage);
  } finally {
    await handle.destroy();
  }
}

/**
 * The same error handling, on a given database (tests). Every line a command prints goes through
 * terminalSafe: the listings show what visitors typed, and their JSON keeps C1 and bidi characters raw.
 */
export async function runCommand(fn: CommandFn, db: Db, args: string[], rawOut: Out, usage: string): Promise<number> {
  const out: Out = (line) => rawOut(terminalSafe(line));
  try {
    return await fn(db, args, out);
  } catch (err) {
    if (err instanceof UsageError) { out(err.message); out(`Uso: npm run cli -- ${usage}`); return 2; }
    if (err instanceof AppError) {
      out(err.message);
      for (const [field, message] of Object.entries(err.fields ?? {})) out(`  ${field}: ${message}`);
      return 1;
    }
    throw err;
  }
}
