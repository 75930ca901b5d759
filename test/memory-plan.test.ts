import { describe, expect, inject, it } from "vitest";
import { CACHE_BUDGETS } from "../server/memory-budget";

interface StatusMemory {
  memory: { rss: number; caches: Record<string, { bytes: number; maxBytes: number; entries: number }> };
}

/** The rendered-page caches are reported apart (renderedPages in /api/status), in bytes of their own. */
const REPORTED_APART = new Set(["liveRenderedPages", "pinnedRenderedPages"]);

/** The production server on the embedded content (the run's shared server), as /api/status reports its memory. */
describe("the memory plan against the running server", () => {
  const site = inject("embeddedSiteUrl");

  it("bounds every cache the server reports by its line in server/memory-budget.ts, and reports every line", async () => {
    const { memory } = (await (await fetch(`${site}/api/status`)).json()) as StatusMemory;
    const budgets: Record<string, number> = CACHE_BUDGETS;
    for (const [name, cache] of Object.entries(memory.caches)) {
      expect(budgets[name], `cache "${name}" has no line in the memory plan`).toBeDefined();
      expect(cache.maxBytes, name).toBe(budgets[name]);
    }
    const unreported = Object.keys(budgets).filter((name) => !REPORTED_APART.has(name) && !(name in memory.caches));
    expect(unreported).toEqual([]);
  });
});
