/* What the operator commands print: text visitors typed, made harmless for a terminal, and plain tables. */

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
