import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Three files at a time on two cores: a system suite spends part of its time waiting (for a
    // server to start, a push to go live, a poll), which a third file fills. With two, the cores
    // were busy 1.45 of 2 on average; the system project took 517 s instead of 566 s with three.
    maxWorkers: 3,
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
