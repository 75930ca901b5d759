import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { REQUESTS_PER_COMMIT, rotateCommits } from "../scripts/bench-scale/commit-rotation";
import { fastImport } from "../scripts/bench-scale/fast-import";
import { fastImportStream } from "../scripts/bench-scale/fast-import-stream";
import { readContentFolder } from "../scripts/bench-scale/synthetic-repo";
import { RssSampler } from "../scripts/bench-scale/rss-sampler";
import { CACHE_BUDGETS, RSS_LIMIT_MB, WORKER_PROCESS_MB } from "../server/memory-budget";
import { tempDir } from "./helpers/git";
import { startServer, type RunningServer } from "./helpers/server";

interface StatusMemory {
  memory: { rss: number; caches: Record<string, { bytes: number; maxBytes: number; entries: number }> };
  renderedPages: { pinned: { bytes: number } };
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

/** As `npm start` and the Dockerfile run a server process: the plan's lines are for these settings. */
const PRODUCTION_NODE = { NODE_OPTIONS: "--max-old-space-size=512 --max-semi-space-size=4", MALLOC_ARENA_MAX: "2" };
/** Readers at once: enough to keep both cores busy and several commits' snapshots in flight. */
const READERS = 4;
/**
 * Enough commits that the caches rotating `?commit=` fills, and that weigh most, reach their bounds
 * (asserted below): the content trees' (32 MB) after about 55 commits, the pinned pages' (6 MB) after
 * about 150 pages, one a commit. More only repeated the same evictions.
 */
const COMMITS = 170;
/** Caches a full rotation must have filled to this share of their bound, else the test proved little. */
const FULL = 0.9;

/** The embedded content with `commits` commits after it, each a docs edit of one or two pages: each commit has a content tree of its own. */
async function embeddedHistory(commits: number): Promise<string> {
  const gitdir = path.join(tempDir("sui-docs-rotation-"), "embedded.git");
  const shape = { commits, contentRoot: "", docShare: 1, mergeShare: 0, churnFiles: 0, binaryBytes: 0, seed: 26 };
  const content = readContentFolder(path.resolve(import.meta.dirname, "../content"));
  await fastImport(
    gitdir,
    fastImportStream(shape, content, (size) => Buffer.alloc(size)),
  );
  return gitdir;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

describe("the memory plan while readers rotate ?commit=", () => {
  let server: RunningServer | undefined;
  afterAll(() => server?.stop());

  it("holds the server process and its workers to their lines, measured from /proc, over 170 commits that fill its largest caches", async () => {
    const gitdir = await embeddedHistory(COMMITS);
    const commits = execFileSync("git", ["rev-list", "--first-parent", "main"], { cwd: gitdir, encoding: "utf8" }).trim().split("\n");
    server = await startServer({ CONTENT_REPO: gitdir, ...PRODUCTION_NODE });
    const sampler = new RssSampler(server.pid);
    const statuses = await rotateCommits(server.url, commits, READERS);
    const after = rssMb(server.pid);
    const { memory, renderedPages } = (await (await fetch(`${server.url}/api/status`)).json()) as StatusMemory;
    const peaks = sampler.stop();
    console.log(
      `rotation over ${commits.length} commits: server process ${after.toFixed(0)} MB after, peaks ${JSON.stringify(peaks.slice(0, 3))}`,
    );
    // None crashed: the server process answered every request with its page or data.
    expect(statuses).toEqual({ 200: commits.length * REQUESTS_PER_COMMIT });
    // The rotation filled what it rotates through, so the peaks below are those of full caches.
    expect(memory.caches.contents!.bytes, "content trees' cache, bytes").toBeGreaterThan(FULL * CACHE_BUDGETS.contents);
    expect(renderedPages.pinned.bytes, "pinned pages' cache, bytes").toBeGreaterThan(FULL * CACHE_BUDGETS.pinnedRenderedPages);
    expect(peaks.find((p) => p.pid === server!.pid)!.mb, "server process RSS, MB").toBeLessThanOrEqual(RSS_LIMIT_MB);
    for (const worker of peaks.filter((p) => p.name === "compile worker")) {
      expect(worker.mb, "worker process RSS, MB").toBeLessThanOrEqual(WORKER_PROCESS_MB.heapLimit + WORKER_PROCESS_MB.runtime);
    }
  });
});
