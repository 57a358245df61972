/** One line of the bench table (and of results/latest.json). */
export interface BenchRow {
  part: 'api' | 'scale' | 'web' | 'contract' | 'uploads' | 'console' | 'journey';
  name: string;
  /** The budget in words (`≥ 0.6× bare`, `≤ 120 KB`); `—` when the row is informative only. */
  target: string;
  measured: string;
  /** null: no target for this row, or it could not be measured (see `note`). */
  met: boolean | null;
  note?: string;
  /** Raw figures for results/latest.json. */
  data?: Record<string, unknown>;
}

const metText = (row: BenchRow): string => (row.met === null ? (row.note ? 'n/a' : '—') : row.met ? 'yes' : 'NO');

const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));

/** A plain-text table (the terminal) — the same columns docs/performance.md shows. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header = ['part', 'measure', 'target', 'measured', 'met?'];
  const lines = rows.map((r) => [r.part, r.name, r.target, r.measured + (r.note ? `  (${r.note})` : ''), metText(r)]);
  const widths = header.map((h, i) => Math.max([...h].length, ...lines.map((l) => [...(l[i] as string)].length)));
  const fmt = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] as number)).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}

/** The same table as Markdown (pasted into docs/performance.md). */
export function formatMarkdown(rows: readonly BenchRow[]): string {
  const esc = (s: string) => s.replaceAll('|', '\\|');
  return [
    '| part | measure | target | measured | met? |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.part} | ${esc(r.name)} | ${esc(r.target)} | ${esc(r.measured + (r.note ? ` (${r.note})` : ''))} | ${metText(r)} |`),
  ].join('\n');
}
