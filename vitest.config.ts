import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * System files that run a minute or more, most of it on servers of their own: started first, so
 * that none of them is still running alone at the end while the other cores idle. Without a record
 * of earlier runs (a fresh clone, CI), vitest orders files by size, and memory-plan, a short file,
 * ran last for a minute of a 490 s run.
 */
const LONG_RUNNING = ["memory-plan", "search-bounds", "costly-work", "faults", "browser"].map((name) => `/test/${name}.test.ts`);

/** Vitest's order (projects, then the longest or largest first), with LONG_RUNNING first in their project. */
class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const long = LONG_RUNNING.findIndex((suffix) => file.moduleId.endsWith(suffix));
      return long === -1 ? LONG_RUNNING.length : long;
    };
    // Stable: files keep vitest's order among themselves, and each project its place.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => {
        const sameProject = a.file.project.name === b.file.project.name;
        return sameProject ? rank(a.file) - rank(b.file) || a.index - b.index : a.index - b.index;
      })
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Three files at a time on two cores: a system suite spends part of its time waiting (for a
    // server to start, a push to go live, a poll), which a third file fills. With two, the cores
    // were busy 1.45 of 2 on average; the system project took 517 s instead of 566 s with three.
    maxWorkers: 3,
    sequence: { sequencer: LongRunningFirst },
    projects: [
      {
        // Pure modules, tested beside them: no server, no build needed. One module graph for all of
        // them (isolate: false): each file no longer loads remark, Shiki and the rest afresh, which
        // was most of this group's time; pure modules keep no state a later file could see.
        extends: true,
        // First and alone (groupOrder), so its wall time is its own, checked against the test budget
        // (scripts/test-budget).
        test: { name: "unit", include: ["{server,http,app,scripts}/**/*.test.ts"], isolate: false, sequence: { groupOrder: 0 } },
      },
      {
        // Real Git repositories, the production server (build/index.js: run `npm run build` first)
        // and Chromium. One server on the embedded content serves every suite that only reads it.
        extends: true,
        test: {
          name: "system",
          include: ["test/**/*.test.ts"],
          // Each of the two worker processes runs its files one after another, with the modules it
          // loaded (vitest, the helpers, what a suite imports) kept: a fresh process a file cost each
          // file a second or two of CPU. The suites keep their state in their servers, not in modules.
          isolate: false,
          globalSetup: ["test/helpers/embedded-site.ts", "test/helpers/cpu-record-file.ts"],
          // Each file's CPU time, for the test budget's report (the budget is the two cores' time).
          setupFiles: ["test/helpers/cpu-record.ts"],
          sequence: { groupOrder: 1 },
          // Ceilings that only catch hangs, above the waits' own (HANG_MS, test/helpers/server.ts): a
          // busy machine makes a suite slower, never failed. Durations are the benches' business.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // expect.poll() waits for the page or the server to get there, as long as waitFor (HANG_MS).
          expect: { poll: { timeout: 120_000 } },
        },
      },
    ],
  },
});
