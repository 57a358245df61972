/*
 * Runs tasks of the same key one after the other, in this process. Sign-in checks the waits, then the
 * password, then records a failure: without this, a hundred guesses sent at once would all pass the
 * check before the first failure is written. Several server processes each keep their own queue, so
 * at most one guess per process slips past together.
 */
const queues = new Map<string, Promise<unknown>>();

export async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.then(() => undefined, () => undefined);
  queues.set(key, settled);
  try {
    return await run;
  } finally {
    // The last in line clears the key, so the map holds only keys with work in flight.
    if (queues.get(key) === settled) queues.delete(key);
  }
}
