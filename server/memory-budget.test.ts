import { describe, expect, it } from "vitest";
import { CACHE_BUDGETS, RSS_LIMIT_MB, RUNTIME_MB, WORKER_PROCESS_MB } from "./memory-budget";
import { listingBytes, MAX_REFS } from "./refs/ref-tips";

describe("the memory plan", () => {
  it("fits every cache, full, beside the runtime's own footprint under the RSS limit", () => {
    const cachesMb = Object.values(CACHE_BUDGETS).reduce((sum, bytes) => sum + bytes, 0) / 1024 / 1024;
    const runtimeMb = Object.values(RUNTIME_MB).reduce((sum, mb) => sum + mb, 0);
    expect(cachesMb + runtimeMb).toBeLessThanOrEqual(RSS_LIMIT_MB);
  });

  it("keeps two listings of the most refs the site lists (the current window's and the one before)", () => {
    expect(2 * listingBytes(MAX_REFS)).toBeLessThanOrEqual(CACHE_BUDGETS.refListings);
  });

  it("fits a worker process, its heap full, under the RSS limit", () => {
    expect(WORKER_PROCESS_MB.heapLimit + WORKER_PROCESS_MB.runtime).toBeLessThanOrEqual(RSS_LIMIT_MB);
  });
});
