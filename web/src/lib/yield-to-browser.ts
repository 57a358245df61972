/**
 * Ends the current task: what follows runs in a new one, after the browser has handled input and
 * painted if it needed to. Between two pieces of start-up work that would otherwise make one long
 * task (each a blocked main thread on a slow phone).
 */
export const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => { setTimeout(resolve, 0); });
};
