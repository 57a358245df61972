import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-args';

describe('parseCliArgs', () => {
  it.each([
    [['a', '--x', '1', '--json'], ['a'], { x: '1', json: true }],
    [['--json', 'a'], ['a'], { json: true }],
    [['--once'], [], { once: true }],
    [['--x=1', '--y', '--z', 'v'], [], { x: '1', y: true, z: 'v' }],
    [['--phone', '+39 333'], [], { phone: '+39 333' }],
    [['--limit', '-3'], [], { limit: '-3' }],
    // An order hash may begin with `--`: base64url with upper case or `_` is never an option name.
    [['--Ab_cdEFGhijkLMNopqRSTuv', '--out', 'd'], ['--Ab_cdEFGhijkLMNopqRSTuv'], { out: 'd' }],
  ])('%j', (args, positional, options) => {
    const p = parseCliArgs(args);
    expect(p.positional).toEqual(positional);
    expect(Object.fromEntries(p.options)).toEqual(options);
  });
});
