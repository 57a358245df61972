/** Anything with `write` (process.stderr, or a collector in tests). */
export interface ProgressStream { write: (chunk: string) => unknown }

/**
 * A one-line progress bar redrawn with `\r`: label, bar, percentage by bytes read, rows and rows/s.
 * Redrawn at most every `intervalMs` (writing per row would cost more than the import), always at the end.
 */
export class Progress {
  private readonly started = performance.now();
  private last = -Infinity;

  constructor(
    private readonly out: ProgressStream,
    private readonly label: string,
    private readonly totalBytes: number,
    private readonly intervalMs = 200,
  ) {}

  update(rows: number, bytes: number): void {
    const now = performance.now();
    if (now - this.last < this.intervalMs) return;
    this.last = now;
    this.out.write(`\r${this.line(rows, bytes, now)}`);
  }

  done(rows: number, bytes: number): void {
    this.out.write(`\r${this.line(rows, Math.max(bytes, this.totalBytes), performance.now())}\n`);
  }

  private line(rows: number, bytes: number, now: number): string {
    const ratio = this.totalBytes > 0 ? Math.min(1, bytes / this.totalBytes) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = Math.max((now - this.started) / 1000, 0.001);
    const rate = Math.round(rows / seconds);
    return `${this.label.padEnd(12)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%  `
      + `${rows.toLocaleString('it-IT')} righe  ${rate.toLocaleString('it-IT')} righe/s   `;
  }
}
