/**
 * Runs at most one `work` per key at a time: callers that arrive while it runs share its promise.
 * New caches use server/cache.ts, which does the same with a bound.
 */
export function singleFlight<T>() {
  const running = new Map<string, Promise<T>>();
  return (key: string, work: () => Promise<T>): Promise<T> => {
    const current = running.get(key);
    if (current) return current;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

/** Caps how many tasks run at once; the rest wait in arrival order. */
export function concurrencyLimit(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
