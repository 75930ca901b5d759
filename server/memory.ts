import v8 from "node:v8";
import type { CacheStats } from "./cache";

/** Where this process's memory is, in bytes, for /api/status: what a memory budget is checked against. */
export interface MemoryStatus {
  /** Resident set: the whole process, its threads and native allocations included (worker processes are their own). */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  /** The V8 heap's limit (--max-old-space-size). */
  heapLimit: number;
  /** Memory outside the V8 heap held by JavaScript objects: Buffers, zlib, WebAssembly. */
  external: number;
  arrayBuffers: number;
  /** Each bounded cache: bytes held (as its size function weighs them), its bound, its entries. */
  caches: Record<string, CacheStats>;
}

export function memoryStatus(caches: Record<string, CacheStats>): MemoryStatus {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, heapLimit: v8.getHeapStatistics().heap_size_limit, external, arrayBuffers, caches };
}
