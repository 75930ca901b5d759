import { LRUCache } from "lru-cache";

export interface CacheOptions<V extends NonNullable<unknown>> {
  /** Bytes the cache may hold; values are weighed by `sizeOf`. */
  maxBytes: number;
  /** Approximate bytes one value holds in memory (a string as `stringBytes` weighs it, or two bytes a character). */
  sizeOf: (value: V, key: string) => number;
}

/**
 * Bytes V8 holds a string in: one a character when every character fits in Latin-1, else two.
 * Page sources and their Markdown are mostly ASCII: weighed at two bytes a character, the live
 * catalogue's took twice its room, and a cache sized for it missed on every page in turn.
 */
export const stringBytes = (text: string) => (/[\u0100-\uffff]/.test(text) ? text.length * 2 : text.length);

/**
 * One cache shape for the whole engine: bounded in bytes, and get-or-compute with in-flight
 * de-duplication, so concurrent cold requests for one key cost one computation. Built on
 * lru-cache's fetchMethod; a computation that throws stores nothing and rejects every waiter.
 */
export class Cache<V extends NonNullable<unknown>> {
  private readonly lru: LRUCache<string, V, () => Promise<V>>;
  readonly maxBytes: number;

  constructor(options: CacheOptions<V>) {
    this.maxBytes = options.maxBytes;
    this.lru = new LRUCache<string, V, () => Promise<V>>({
      maxSize: options.maxBytes,
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(options.sizeOf(value, key))),
      fetchMethod: (_key, _stale, { context }) => context(),
      // A value evicted while it is being computed is still returned to its waiters.
      ignoreFetchAbort: true,
    });
  }

  /** The value for `key`, computed by `compute` on a miss; callers that arrive meanwhile share it. */
  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const value = await this.lru.fetch(key, { context: compute });
    if (value === undefined) throw new Error(`cache: computing "${key.slice(0, 80)}" gave no value`);
    return value;
  }

  /** The value if it is already computed, without computing it; it counts as a use, as get's does. */
  find(key: string): V | undefined {
    return this.lru.get(key);
  }

  /** The value if it is already computed, without computing it or changing its recency. */
  peek(key: string): V | undefined {
    return this.lru.peek(key);
  }

  set(key: string, value: V): void {
    this.lru.set(key, value);
  }

  /** Drops one value. */
  delete(key: string): void {
    this.lru.delete(key);
  }

  /** Drops every value, e.g. values built while the repository was damaged, once it is repaired. */
  clear(): void {
    this.lru.clear();
  }

  /** Bytes held now, as weighed by sizeOf. */
  get bytes(): number {
    return this.lru.calculatedSize;
  }

  get entries(): number {
    return this.lru.size;
  }

  /** How full the cache is, for /api/status. */
  stats(): CacheStats {
    return { bytes: this.bytes, maxBytes: this.maxBytes, entries: this.entries };
  }
}

export interface CacheStats {
  bytes: number;
  maxBytes: number;
  entries: number;
}
