import { describe, expect, it } from 'vitest';
import { runCli } from './main';

describe('cli', () => {
  it('help lists the commands', async () => {
    const out: string[] = [];
    expect(await runCli(['help'], (l) => out.push(l))).toBe(0);
    expect(out.join('\n')).toMatch(/help\s+Elenca i comandi/);
  });

  it('an unknown command prints help and fails', async () => {
    const out: string[] = [];
    expect(await runCli(['nope'], (l) => out.push(l))).toBe(2);
    expect(out[0]).toContain('Comando sconosciuto: nope');
  });
});
