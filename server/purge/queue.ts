import type { Purger } from "./purger";

/** Waits between attempts of a failed purge: the sum, about 6 minutes, outlasts a cache's restart. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 120_000];

/**
 * Runs the purges of every cache in the background: publishing never waits for a cache. Each
 * purger works through its own keys one request at a time; keys asked for while a request runs or
 * waits to be retried join the next one (a burst of publishes costs one purge). A failure is
 * logged and retried after each of `delaysMs` in turn, then given up with a line saying so.
 */
export class PurgeQueue {
  readonly #pending = new Map<Purger, Set<string>>();
  readonly #running = new Map<Purger, Promise<void>>();

  constructor(
    private readonly purgers: readonly Purger[],
    private readonly log: (line: string) => void,
    private readonly delaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  get size(): number {
    return this.purgers.length;
  }

  purge(keys: readonly string[]): void {
    for (const purger of this.purgers) {
      const pending = this.#pending.get(purger) ?? new Set();
      for (const key of keys) pending.add(key);
      this.#pending.set(purger, pending);
      if (!this.#running.has(purger))
        this.#running.set(
          purger,
          this.#run(purger).finally(() => this.#running.delete(purger)),
        );
    }
  }

  /** Settles when every purge asked for so far has succeeded or been given up (for tests). */
  async settled(): Promise<void> {
    while (this.#running.size) await Promise.all(this.#running.values());
  }

  async #run(purger: Purger): Promise<void> {
    for (;;) {
      const keys = this.#take(purger);
      if (!keys) return;
      for (let attempt = 0; ; attempt++) {
        try {
          await purger.purge([...keys]);
          this.log(`purged ${[...keys].join(" ")} at ${purger.name}`);
          break;
        } catch (error) {
          const reason = (error as Error).message.split("\n")[0];
          const delay = this.delaysMs[attempt];
          if (delay === undefined) {
            this.log(`purge of ${[...keys].join(" ")} at ${purger.name} given up after ${attempt + 1} attempts: ${reason}`);
            break;
          }
          this.log(`purge of ${[...keys].join(" ")} at ${purger.name} failed (${reason}); retrying in ${delay / 1000} s`);
          await new Promise((resolve) => setTimeout(resolve, delay).unref());
          for (const key of this.#take(purger) ?? []) keys.add(key);
        }
      }
    }
  }

  #take(purger: Purger): Set<string> | undefined {
    const pending = this.#pending.get(purger);
    if (!pending?.size) return undefined;
    this.#pending.delete(purger);
    return pending;
  }
}
