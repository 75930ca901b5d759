import { describe, expect, it } from "vitest";
import type { ContentEngine, Snapshot } from "../engine";
import { RefChecks, WARM_SCAN_SOURCES } from "./ref-checks";

/** A commit of `count` pages, each its own source. */
const snapshotOf = (count: number) =>
  ({
    commit: { oid: "c".repeat(40) },
    catalogue: {
      pages: new Map(
        Array.from({ length: count }, (_, i) => [`p${i}`, { id: `p${i}`, kind: "page", sourcePath: `docs/p${i}.mdx` }] as const),
      ),
    },
  }) as unknown as Snapshot;

/** An engine whose worker jobs are recorded: the sources each link-reading job was given. */
function recordingEngine() {
  const jobs: string[][] = [];
  const engine = {
    source: async (_snapshot: Snapshot, page: { id: string }) => `# ${page.id}\n\nText of ${page.id}.`,
    workers: {
      run: async (_job: string, { sources }: { sources: string[] }) => {
        jobs.push(sources);
        return sources.map(() => ({ anchors: [], links: [] }));
      },
    },
  } as unknown as ContentEngine;
  return { engine, jobs };
}

describe("RefChecks.warm (the live commit's links, read in the background)", () => {
  it("reads the sources in jobs of at most WARM_SCAN_SOURCES, each once, however many ask at once", async () => {
    const { engine, jobs } = recordingEngine();
    const checks = new RefChecks(engine);
    const pages = 2 * WARM_SCAN_SOURCES + 5;
    await Promise.all([checks.warm(snapshotOf(pages)), checks.warm(snapshotOf(pages))]);
    expect(jobs.map((sources) => sources.length)).toEqual([WARM_SCAN_SOURCES, WARM_SCAN_SOURCES, 5]);
    // Read once, they are not read again.
    await checks.warm(snapshotOf(pages));
    expect(jobs).toHaveLength(3);
  });
});
