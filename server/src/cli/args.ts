import { parseArgs } from 'node:util';

/*
 * Argument parsing for the operator commands: node's util.parseArgs, with each command's options declared,
 * and the Italian usage errors the commands print. Two things parseArgs would read differently are kept as
 * before: an argument that starts with `-` but is no option name (an order hash such as `--Ab_c…`, a
 * value such as `-3`) stays an argument, and every unknown option is named at once.
 */

export class UsageError extends Error {}

/** Each option a command takes: `string` takes a value (`--limit 5`, `--limit=5`), `boolean` never does (`--json`). */
export type OptionSpec = Record<string, 'string' | 'boolean'>;

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

/** Option names are lower-case words (an order hash may start with `--` too, and stays positional). */
const OPTION = /^--[a-z][a-z0-9-]*(=.*)?$/;
const isOption = (arg: string): boolean => OPTION.test(arg) && arg.length <= 40;
const nameOf = (arg: string): string => arg.slice(2).split('=')[0] as string;
/** Stands in for an argument parseArgs would take for an option; no `-` first, so it is read as a value. */
// eslint-disable-next-line no-control-regex -- NUL never comes from a shell, so it cannot clash with a real argument
const PLACEHOLDER = /^\u0000(\d+)$/;

/** `--name value`, `--name=value` and `--flag` options, anywhere among the positional arguments. */
export function parseCliArgs(args: readonly string[], spec: OptionSpec): ParsedArgs {
  const unknown = [...new Set(args.filter(isOption).map(nameOf).filter((n) => !Object.hasOwn(spec, n)))];
  if (unknown.length > 0) throw new UsageError(`Opzioni sconosciute: ${unknown.map((k) => `--${k}`).join(', ')}`);
  args.forEach((arg, i) => {
    if (!isOption(arg) || arg.includes('=') || spec[nameOf(arg)] !== 'string') return;
    const next = args[i + 1];
    if (next === undefined || isOption(next)) throw new UsageError(`--${nameOf(arg)} richiede un valore`);
  });
  const escaped = args.map((arg, i) => (arg.startsWith('-') && !isOption(arg) ? `\u0000${i}` : arg));
  const restore = (value: string): string => {
    const m = PLACEHOLDER.exec(value);
    return m ? (args[Number(m[1])] as string) : value;
  };
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: escaped,
      options: Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }])),
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    // What the checks above do not cover, e.g. `--json=1` for a flag.
    if (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS_')) throw new UsageError(err.message);
    throw err;
  }
  const options = new Map<string, string | true>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string') options.set(name, restore(value));
    else if (value === true) options.set(name, true);
  }
  return { positional: parsed.positionals.map(restore), options };
}

/** The string value of an option; a bare flag where a value is needed is a usage error. */
export function optionValue(parsed: ParsedArgs, name: string): string | undefined {
  const v = parsed.options.get(name);
  if (v === true) throw new UsageError(`--${name} richiede un valore`);
  return v;
}

/** A positive integer option with a default. */
export function intOption(parsed: ParsedArgs, name: string, fallback: number, max = 10_000): number {
  const raw = optionValue(parsed, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`--${name} deve essere un intero tra 1 e ${max}`);
  return n;
}
