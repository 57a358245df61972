import { describe, expect, it } from 'vitest';
import { intOption, optionValue, parseCliArgs, UsageError } from './args';
import type { OptionSpec } from './args';

describe('parseCliArgs', () => {
  it.each<[string[], OptionSpec, string[], Record<string, string | true>]>([
    [['a', '--x', '1', '--json'], { x: 'string', json: 'boolean' }, ['a'], { x: '1', json: true }],
    [['--json', 'a'], { json: 'boolean' }, ['a'], { json: true }],
    [['--once'], { once: 'boolean' }, [], { once: true }],
    [['--x=1', '--y', '--z', 'v'], { x: 'string', y: 'boolean', z: 'string' }, [], { x: '1', y: true, z: 'v' }],
    [['--phone', '+39 333'], { phone: 'string' }, [], { phone: '+39 333' }],
    [['--limit', '-3'], { limit: 'string' }, [], { limit: '-3' }],
    // An order hash may begin with `--`: base64url with upper case or `_` is never an option name.
    [['--Ab_cdEFGhijkLMNopqRSTuv', '--out', 'd'], { out: 'string' }, ['--Ab_cdEFGhijkLMNopqRSTuv'], { out: 'd' }],
    // A value that looks like an option's, and a lone `--`, are arguments as any other.
    [['--out', '--Ab_cd', '--', 'x'], { out: 'string' }, ['--', 'x'], { out: '--Ab_cd' }],
    [['--x=', 'a'], { x: 'string' }, ['a'], { x: '' }],
  ])('%j', (args, spec, positional, options) => {
    const p = parseCliArgs(args, spec);
    expect(p.positional).toEqual(positional);
    expect(Object.fromEntries(p.options)).toEqual(options);
  });

  it.each<[string[], OptionSpec, string]>([
    [['--bogus', 'x', '--other'], { json: 'boolean' }, 'Opzioni sconosciute: --bogus, --other'],
    [['--first-name'], { 'first-name': 'string' }, '--first-name richiede un valore'],
    [['--y', '--z', 'v'], { y: 'string', z: 'string' }, '--y richiede un valore'],
    [['--json=1'], { json: 'boolean' }, "Option '--json' does not take an argument"],
  ])('%j is a usage error', (args, spec, message) => {
    expect(() => parseCliArgs(args, spec)).toThrow(UsageError);
    expect(() => parseCliArgs(args, spec)).toThrow(message);
  });

  it('reads values and positive integers, and refuses the rest as usage errors', () => {
    const p = parseCliArgs(['--limit', '5', '--json'], { limit: 'string', json: 'boolean' });
    expect(intOption(p, 'limit', 20)).toBe(5);
    expect(intOption(parseCliArgs([], { limit: 'string' }), 'limit', 20)).toBe(20);
    expect(() => intOption(parseCliArgs(['--limit', '0'], { limit: 'string' }), 'limit', 20)).toThrow('--limit deve essere un intero tra 1 e 10000');
    expect(() => optionValue(p, 'json')).toThrow('--json richiede un valore');
  });
});
