import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSOLE_STATUS_LABELS, ORDER_TRANSITIONS, WORKFLOW_TRANSITIONS } from './workflow';
import type { OrderTransition } from './workflow';

/*
 * The documentation shows the status table as the contract has it: docs/orders.md the whole table,
 * docs/integration.md the provider API's moves. Each block is rebuilt here from ORDER_TRANSITIONS; a
 * change to the table fails until the docs say the same (the failure prints the block to paste).
 */

const docs = (name: string): string => readFileSync(fileURLToPath(new URL(`../../../../docs/${name}`, import.meta.url)), 'utf8');

const block = (text: string, marker: string): string => {
  const match = new RegExp(`<!-- ${marker} -->\\n([\\s\\S]*?)<!-- /${marker} -->`).exec(text);
  if (!match) throw new Error(`no <!-- ${marker} --> block`);
  return match[1]!;
};

const status = (s: OrderTransition['to']) => `\`${s}\` (${CONSOLE_STATUS_LABELS[s]})`;

/** Moves with the same destination and the same rights, their origins joined. */
function rows(moves: readonly OrderTransition[], columns: (m: OrderTransition) => string[]): string[] {
  const grouped = new Map<string, { from: string[]; to: OrderTransition['to']; rest: string[] }>();
  for (const m of moves) {
    const rest = columns(m);
    const key = `${m.to}|${rest.join('|')}`;
    const group = grouped.get(key) ?? { from: [], to: m.to, rest };
    group.from.push(`\`${m.from}\``);
    grouped.set(key, group);
  }
  return [...grouped.values()].map((g) => `| ${g.from.join(', ')} | ${status(g.to)} | ${g.rest.join(' | ')} |`);
}

describe('the documented workflow table', () => {
  it('docs/orders.md shows every move from the first step on, who makes it and whether it needs a reason', () => {
    const expected = [
      '| from | to | staff roles | provider API | customer | checkout steps | reason (staff, provider) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows(ORDER_TRANSITIONS, (m) => [
        m.roles.join(', ') || '—', m.provider ? 'yes' : '—', m.customer ? 'yes' : '—', m.checkout ? 'yes' : '—', m.reasonRequired ? 'required' : '—',
      ]),
      '',
    ].join('\n');
    expect(block(docs('orders.md'), 'workflow-table'), `docs/orders.md should hold:\n${expected}`).toBe(expected);
  });

  it('docs/integration.md shows the moves of the provider API', () => {
    const expected = [
      '| from | to | reason |',
      '| --- | --- | --- |',
      ...rows(WORKFLOW_TRANSITIONS.filter((m) => m.provider), (m) => [m.reasonRequired ? 'required' : '—']),
      '',
    ].join('\n');
    expect(block(docs('integration.md'), 'provider-moves'), `docs/integration.md should hold:\n${expected}`).toBe(expected);
  });
});
