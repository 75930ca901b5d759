/**
 * Runs at most one `work` per key at a time: callers that arrive while it runs share its promise.
 * Only server/git/store.ts still uses it; new code uses server/cache.ts, which does the same with a bound.
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
