/*
 * Holds the app's statements on one SQLite connection for a moment without blocking the event loop: while
 * the gate is shut, a statement (or a Kysely connection acquisition) waits for it to open again. The
 * background checkpointer shuts it for the few milliseconds it needs the WAL to itself (wal-checkpointer.ts).
 */
export class WriteGate {
  private shut: Promise<void> | null = null;
  private open: (() => void) | null = null;
  /** Kysely connections acquired and not yet released (a transaction holds one across awaits). */
  private held = 0;
  private idle: (() => void) | null = null;

  /**
   * Undefined when the gate is open (the caller goes on without an await, so no extra microtask turn), else a
   * promise that resolves once it is open (again, if it was shut anew meanwhile).
   */
  passage(): Promise<void> | undefined {
    return this.shut ? this.opened() : undefined;
  }

  private async opened(): Promise<void> {
    while (this.shut) await this.shut;
  }

  acquired(): void { this.held++; }

  released(): void {
    this.held--;
    if (this.held === 0 && this.idle) { const idle = this.idle; this.idle = null; idle(); }
  }

  /** Shuts the gate; resolves when nothing holds the connection any more. */
  async close(): Promise<void> {
    if (!this.shut) this.shut = new Promise((resolve) => { this.open = resolve; });
    if (this.held > 0) await new Promise<void>((resolve) => { this.idle = resolve; });
  }

  reopen(): void {
    const open = this.open;
    this.shut = null;
    this.open = null;
    open?.();
  }
}
