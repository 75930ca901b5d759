import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentEngine } from "../server/engine";
import { BusyError, CompileError } from "../server/errors";
import { GitStore } from "../server/git/store";
import { JobTimeoutError, WorkerPool } from "../server/workers/pool";
import { page, sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { HANG_MS, startServer, waitFor } from "./helpers/server";

const RUNAWAY_JOBS = path.resolve(import.meta.dirname, "fixtures/runaway-jobs.mjs");

describe("compiling in worker processes", () => {
  let work: WorkingCopy;
  let commit: string;
  let pool: WorkerPool;

  beforeAll(() => {
    work = WorkingCopy.init()
      .write(sampleContent())
      .write(page("guides/runaway", "Runaway", "RUNAWAY: this page never finishes compiling.", { sidebar: "guidesSidebar" }))
      .write(page("guides/third", "Third Guide", "## Third\n\nA page of its own.", { sidebar: "guidesSidebar" }))
      .write(page("guides/hoard", "Hoard", "HOARD: this page's compile needs ever more memory.", { sidebar: "guidesSidebar" }));
    commit = work.commit("Pages");
    pool = new WorkerPool({ filename: RUNAWAY_JOBS, processes: 2 });
  });
  afterAll(() => pool?.close());

  const engineWith = (options: ConstructorParameters<typeof ContentEngine>[1] = {}) =>
    new ContentEngine(new GitStore(`${work.dir}/.git`), { workers: pool, ...options });

  it("stops a compile that never ends at its time limit, with an error page's message and a log line, while other pages compile", async () => {
    const log: string[] = [];
    // A short limit for the runaway; the other pages, on the same pool, keep the default, which a
    // cold first compile on a loaded machine may need.
    const engine = engineWith({ compileTimeoutMs: 2_000, log: (line) => log.push(line) });
    const snapshot = await engine.snapshot(commit);
    const runaway = engine.compile(snapshot, engine.page(snapshot, "guides/runaway")).catch((e: unknown) => e);
    const meanwhile = engineWith();
    const current = await meanwhile.snapshot(commit);
    const others = await Promise.all(
      ["guides/first", "guides/second", "guides/third"].map((id) => meanwhile.compile(current, meanwhile.page(current, id))),
    );
    expect(others.map((c) => c.toc[0]?.text)).toEqual(["Install", "Next", "Third"]);
    const error = await runaway;
    expect(error).toBeInstanceOf(CompileError);
    expect((error as CompileError).message).toMatch(
      /^docs\/guides\/runaway\.mdx: compiling this page took longer than 2 s and was stopped/,
    );
    expect(log).toEqual([expect.stringMatching(/compile of docs\/guides\/runaway\.mdx \(\/guides\/runaway\) stopped/)]);
    // The terminated worker was replaced: compiling goes on.
    const fresh = engineWith();
    const again = await fresh.snapshot(commit);
    expect((await fresh.compile(again, fresh.page(again, "guides/third"))).toc).toEqual([{ id: "third", text: "Third", depth: 2 }]);
  });

  it("stops a compile that needs more memory than the worker's heap limit, with an error page's message, while other pages compile", async () => {
    const bounded = new WorkerPool({ filename: RUNAWAY_JOBS, processes: 1, memoryMb: 64 });
    try {
      const engine = new ContentEngine(new GitStore(`${work.dir}/.git`), { workers: bounded, log: () => {} });
      const snapshot = await engine.snapshot(commit);
      const error = await engine.compile(snapshot, engine.page(snapshot, "guides/hoard")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CompileError);
      expect((error as CompileError).message).toMatch(/^docs\/guides\/hoard\.mdx: compiling this page needed more than 64 MB of memory/);
      // The worker that ran out was replaced: the next page compiles.
      expect((await engine.compile(snapshot, engine.page(snapshot, "guides/third"))).toc[0]?.text).toBe("Third");
    } finally {
      await bounded.close();
    }
  });

  it("refuses work with a BusyError when the queue is full, instead of waiting without end", async () => {
    const small = new WorkerPool({ filename: RUNAWAY_JOBS, processes: 1, maxQueue: 1 });
    const input = { path: "docs/a.mdx", source: "RUNAWAY", files: {} };
    try {
      await small.run("compile", { path: "docs/a.mdx", source: "A warm-up.", files: {} }, HANG_MS);
      // The worker is idle: the first job starts at once, the next waits in the queue of one.
      const running = small.run("compile", input, 1_000).catch((e: unknown) => e);
      const queued = small.run("compile", input, 1_000).catch((e: unknown) => e);
      await expect(small.run("compile", input, 1_000)).rejects.toThrow(BusyError);
      expect(await running).toBeInstanceOf(JobTimeoutError);
      await queued;
    } finally {
      await small.close();
    }
  });

  it("publishes on a worker of its own while a reader's long job holds the only one", async () => {
    const single = new WorkerPool({ filename: RUNAWAY_JOBS, processes: 1 });
    try {
      await single.run("compile", { path: "docs/a.mdx", source: "A warm-up.", files: {} }, HANG_MS);
      let readerDone = false;
      // What a live reader's job that takes long looks like to the pool (the search index build of a
      // commit that just went live takes 2 s of the only worker of a small replica).
      const reader = single
        .run("compile", { path: "docs/a.mdx", source: "RUNAWAY", files: {} }, HANG_MS, "live")
        .catch((e: unknown) => e)
        .finally(() => (readerDone = true));
      const published = await single.run("compile", { path: "docs/b.mdx", source: "## Published\n\nNow.", files: {} }, HANG_MS, "publish");
      expect(published.ok && JSON.parse(published.json).toc).toEqual([{ id: "published", text: "Published", depth: 2 }]);
      expect(readerDone).toBe(false);
      await single.close();
      await reader;
    } finally {
      await single.close();
    }
  });

  it("reuses compiled pages persisted in DATA_DIR after a restart: no compile", async () => {
    const compiledDir = tempDir("sui-docs-compiled-");
    const before = engineWith({ compiledDir });
    const first = await before.snapshot(commit);
    const compiled = await before.compile(first, before.page(first, "guides/first"));
    expect(before.compiles).toBe(1);
    await waitForFiles(compiledDir, 1);

    const after = engineWith({ compiledDir });
    const snapshot = await after.snapshot(commit);
    const again = await after.compile(snapshot, after.page(snapshot, "guides/first"));
    expect(after.compiles).toBe(0);
    expect(again).toEqual(compiled);
  });

  it("ignores a corrupt or unreadable persisted page and compiles it again", async () => {
    const compiledDir = tempDir("sui-docs-compiled-");
    const before = engineWith({ compiledDir });
    const snapshot = await before.snapshot(commit);
    const compiled = await before.compile(snapshot, before.page(snapshot, "guides/second"));
    const [file] = await waitForFiles(compiledDir, 1);
    fs.writeFileSync(file!, '{"html": "<p>trunc');
    const after = engineWith({ compiledDir });
    const again = await after.snapshot(commit);
    expect(await after.compile(again, after.page(again, "guides/second"))).toEqual(compiled);
    expect(after.compiles).toBe(1);
    // Written again after the compile returned: the file becomes the whole page.
    const rewritten = async () => {
      try {
        return JSON.stringify(JSON.parse(fs.readFileSync(file!, "utf8"))) === JSON.stringify(compiled);
      } catch {
        return false;
      }
    };
    await waitFor(rewritten);
  });

  it("keeps compiled pages within their byte bound, compiling an evicted page again when asked", async () => {
    const engine = engineWith({ compiledCacheBytes: 2_500 });
    const snapshot = await engine.snapshot(commit);
    for (const id of ["guides/first", "guides/second", "guides/third", "guides", "references"]) {
      await engine.compile(snapshot, engine.page(snapshot, id));
      expect(engine.cacheStats().compiled!.bytes).toBeLessThanOrEqual(2_500);
    }
    const compiles = engine.compiles;
    await engine.compile(snapshot, engine.page(snapshot, "guides/first"));
    expect(engine.compiles).toBe(compiles + 1);
  });
});

describe("shutting down", () => {
  it("stops on SIGTERM while pages are compiling, without waiting for the queue: the drain is bounded at 2 s", async () => {
    // 48 pages of long highlighted code, most of a second each: compiling them all takes longer
    // than the bound (18 s for 24 at load 11), so a shutdown that waited for the queue would fail.
    // (Not the embedded content: its live search index alone costs a server start 15 s of CPU.)
    const lines = (i: number) => Array.from({ length: 200 }, (_, k) => `let value${k} = compute(${k}, "page ${i}");`).join("\n");
    const code = (i: number) => ["ts", "rust", "move", "bash", "ts", "rust"].map((lang) => `\`\`\`${lang}\n${lines(i)}\n\`\`\``);
    const work = WorkingCopy.init().write(sampleContent());
    for (let i = 0; i < 48; i++) work.write(page(`guides/code-${i}`, `Code ${i}`, code(i).join("\n\n")));
    work.commit("Pages of long code");
    // A stop finishes what is under way for at most SHUTDOWN_DRAIN_MS (http/drain.ts), then ends the compiles left.
    const server = await startServer({ CONTENT_REPO: work.dir, SHUTDOWN_DRAIN_MS: "2000" });
    // Cold pages, several per worker: compiles are running and queued once the server answers the
    // first request (a page, or a refusal of what the queue cannot hold) and the signal comes.
    let answered = 0;
    let cut = 0;
    const requests = Array.from({ length: 48 }, (_, i) =>
      fetch(`${server.url}/guides/code-${i}`)
        .then(async (r) => (await r.text(), answered++))
        .catch(() => cut++),
    );
    await waitFor(async () => answered > 0, undefined, 20);
    await server.stop();
    await Promise.all(requests);
    // The drain ran out with compiles left and cut their requests off: a stop that waited for the
    // queue would have answered every one.
    expect(server.output()).toContain("requests were still under way when the shutdown drain ended");
    expect(cut).toBeGreaterThan(0);
  });
});

/** The files a CompiledStore wrote (writes happen after the compile returns). */
async function waitForFiles(dir: string, count: number): Promise<string[]> {
  const files = () => fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".json"));
  await waitFor(async () => files().length >= count, undefined, 20);
  return files().map((e) => path.join(e.parentPath, e.name));
}
