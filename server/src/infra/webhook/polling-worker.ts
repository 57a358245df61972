/**
 * A loop that runs `pass` every `intervalMs` (never two passes at once), until stopped. `wake()` runs
 * the next pass at once (a lead just stored need not wait for the interval). `stop()` aborts the
 * running pass through its signal and waits for it to settle, so the database can close after it.
 */
export interface PollingWorker {
  start: () => void;
  wake: () => void;
  stop: () => Promise<void>;
}

export function createPollingWorker(
  pass: (signal: AbortSignal) => Promise<void>,
  { intervalMs, onError }: { intervalMs: number; onError: (err: unknown) => void },
): PollingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;
  let stopped = false;
  let wakeAgain = false;
  const controller = new AbortController();

  const schedule = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
    // The worker alone must not keep a process (a test, the CLI) alive.
    timer.unref();
  };

  function run(): void {
    if (stopped) return;
    if (running) { wakeAgain = true; return; }
    running = pass(controller.signal)
      .catch(onError)
      .finally(() => {
        running = undefined;
        const again = wakeAgain;
        wakeAgain = false;
        schedule(again ? 0 : intervalMs);
      });
  }

  return {
    start: () => { if (!started && !stopped) { started = true; schedule(0); } },
    wake: () => { if (started && !stopped) { if (running) wakeAgain = true; else schedule(0); } },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
      await running;
    },
  };
}
