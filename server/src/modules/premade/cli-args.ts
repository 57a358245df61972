import type { Config } from '../../config';
import { createDb, migrate } from '../../db';
import type { Db } from '../../db';
import { AppError } from '../../http/errors';

/*
 * Small helpers shared by the operator commands of the side flows (premade, mobile, leads).
 * Each command is a function of a database, its arguments and an output line writer, so the tests
 * call it directly; the CLI wrapper only opens (and migrates) the configured database around it.
 */

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** Flags that never take a value (`--json`, `--once`). */
const BARE_FLAGS = new Set(['json', 'once']);

/** Option names are lower-case words (an order hash may start with `--` too, and stays positional). */
const OPTION = /^--[a-z][a-z0-9-]*(=.*)?$/;

/** `--name value` and bare `--flag` options, anywhere among the positional arguments. */
export function parseCliArgs(args: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (!OPTION.test(a) || a.length > 40) { positional.push(a); continue; }
    const eq = a.indexOf('=');
    if (eq > 2) { options.set(a.slice(2, eq), a.slice(eq + 1)); continue; }
    const name = a.slice(2);
    const next = args[i + 1];
    if (!BARE_FLAGS.has(name) && next !== undefined && !OPTION.test(next)) { options.set(name, next); i++; } else options.set(name, true);
  }
  return { positional, options };
}

export class UsageError extends Error {}

/** The string value of an option; a bare flag where a value is needed is a usage error. */
export function optionValue(parsed: ParsedArgs, name: string): string | undefined {
  const v = parsed.options.get(name);
  if (v === true) throw new UsageError(`--${name} richiede un valore`);
  return v;
}

export function assertKnownOptions(parsed: ParsedArgs, known: readonly string[]): void {
  const unknown = [...parsed.options.keys()].filter((k) => !known.includes(k));
  if (unknown.length > 0) throw new UsageError(`Opzioni sconosciute: ${unknown.map((k) => `--${k}`).join(', ')}`);
}

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

/** A positive integer option with a default. */
export function intOption(parsed: ParsedArgs, name: string, fallback: number, max = 10_000): number {
  const raw = optionValue(parsed, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${name} deve essere un intero tra 1 e ${max}`);
  return n;
}

/**
 * What a terminal obeys instead of printing, in text a visitor typed (a name, an email, a lead): C0 controls
 * (ESC starts the sequences that move the cursor, recolour, retitle the window or clear the screen; CR and
 * LF forge lines), DEL, C1 controls (U+009B is CSI on its own), the bidirectional overrides, embeddings and
 * isolates that show text in another order than it is (Trojan Source), and the Unicode line separators.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069]/g;

/**
 * `text` with every terminal control written as `\uXXXX`: visible to the operator, inert for the terminal.
 * The same escape is valid inside a JSON string, so a `--json` line stays JSON that parses to the same value.
 */
export const terminalSafe = (text: string): string =>
  text.replace(TERMINAL_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Fixed-width table rows for the human output; cells escaped (terminalSafe) before they are measured. */
export function table(rows: readonly (readonly string[])[]): string[] {
  const safe = rows.map((r) => r.map(terminalSafe));
  const widths: number[] = [];
  for (const r of safe) r.forEach((c, i) => { widths[i] = Math.max(widths[i] ?? 0, c.length); });
  return safe.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  '));
}
