import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, page, sampleContent, WorkingCopy } from "./helpers/git";
import { descendants } from "./helpers/processes";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client } from "./helpers/site";

/** The compile time limit the suites run with (COMPILE_TIMEOUT), s: what a slow page hits. */
const LIMIT_S = 3;
const SLOW_PAGES = 40;

/**
 * A page of long highlighted code (0.7 MB, under the page cap): well over the limit on a quiet
 * machine too. A page that compiles just within it would answer 200, and its large compiled form
 * would push the remembered failures of the others out of the compiled-page cache.
 */
function slowPage(i: number): Record<string, string> {
  const lines = Array.from({ length: 2400 }, (_, k) => `let value${k} = compute(${k}, "slow page ${i}");`).join("\n");
  const blocks = ["ts", "rust", "move", "bash", "ts", "rust"].map((lang) => `\`\`\`${lang}\n${lines}\n\`\`\``);
  return page(`guides/slow-${i}`, `Slow ${i}`, blocks.join("\n\n"));
}

/** The compile worker processes of a server: its children running the worker's entry. */
function workerPids(server: RunningServer): number[] {
  return descendants(server.pid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workers/jobs.js");
    } catch {
      return false;
    }
  });
}

/** A GET from a loopback address of its own (127.0.0.x): a reader the server counts as another client. */
function getFrom(address: string, url: string): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress: address, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"], body }));
      })
      .on("error", reject);
  });
}

/** The slow pages whose compile hit the limit, in the order the server logged it. */
const stoppedCompiles = (server: RunningServer) =>
  [...server.output().matchAll(/compile of (docs\/guides\/slow-\d+\.mdx) .* stopped/g)].map((m) => m[1]!);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("publishing while readers request 40 slow preview pages", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let site: ReturnType<typeof client>;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    // A branch anyone could push (a pull request's head would do the same): 40 pages that each hit the limit.
    git(work.dir, "checkout", "-q", "-b", "slow");
    for (let i = 0; i < SLOW_PAGES; i++) work.write(slowPage(i));
    work.commit("Forty slow pages");
    git(work.dir, "push", "-q", "origin", "slow");
    git(work.dir, "checkout", "-q", "main");
    server = await startServer({ CONTENT_REPO: bare, COMPILE_TIMEOUT: String(LIMIT_S), SUI_DOCS_WORKER_PROCESSES: "1" });
    site = client(server);
    // A serving site: the live pages and search index are built, the worker's toolchain loaded.
    expect((await site.get("/guides/second")).status).toBe(200);
    await waitFor(async () => (await site.get("/api/search?q=guide")).status === 200, HANG_MS, 200);
  });
  afterAll(() => server?.stop());

  /** Pushes an edition of the second guide to the live branch with the git CLI; resolves with the ms until the live page shows it. */
  async function pushToLive(edition: string): Promise<number> {
    work.write(page("guides/second", "Second Guide", `## Next\n\n${edition}`, { sidebar: "guidesSidebar" }));
    work.commit(edition);
    const pushed = Date.now();
    git(work.dir, "push", "-q", "origin", "main");
    return waitFor(async () => (await site.text("/guides/second")).includes(edition), 90_000, 50).then(() => Date.now() - pushed);
  }

  it("puts a push live ahead of the preview compiles, refuses readers past their share early, and compiles a timed-out page once", async () => {
    const quiet = await pushToLive("The edition pushed on a quiet site.");

    // Eight readers (each from an address of its own) ask for the slow pages over and over, two
    // at a time each, as fast as they are answered: as many compiles as they are let queue.
    const refusals: Array<{ status: number; retryAfter?: string; body: string }> = [];
    const answered = new Map<number, number>();
    let loading = true;
    const reader = async (start: number) => {
      for (let i = start; loading; i = (i + 16) % SLOW_PAGES) {
        const res = await getFrom(`127.0.0.${10 + (start >> 1)}`, `${server.url}/guides/slow-${i}?ref=slow`);
        answered.set(res.status, (answered.get(res.status) ?? 0) + 1);
        if (res.status === 429 || res.status === 503) {
          refusals.push(res);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    const readers = Array.from({ length: 16 }, (_, i) => reader(i));
    // The worker is busy with previews: the first slow page has run into its limit.
    await waitFor(async () => stoppedCompiles(server).length > 0, 90_000, 200);
    const stoppedBefore = stoppedCompiles(server).length;
    const loaded = await pushToLive("The edition pushed during the slow previews.");
    // Publishing did not wait for the previews queued before it: at most the ones already running
    // (on one worker, and on the one that replaces it) ran into their limit meanwhile.
    const stoppedMeanwhile = stoppedCompiles(server).length - stoppedBefore;
    loading = false;
    await Promise.all(readers);
    console.log(
      `push to live: ${quiet} ms on a quiet site, ${loaded} ms while readers requested ${SLOW_PAGES} slow preview pages ` +
        `(answers by status: ${JSON.stringify(Object.fromEntries(answered))}; compiles stopped meanwhile: ${stoppedMeanwhile})`,
    );
    expect(stoppedMeanwhile).toBeLessThanOrEqual(2);

    // Readers were refused at once, with when to come back, rather than queued.
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((r) => Number(r.retryAfter) > 0)).toBe(true);
    expect(refusals.map((r) => r.body).join("\n")).toMatch(/page compiles .*ask again in \d+ s/i);

    // A page that hit the limit answers its error again without another compile.
    const timedOut = stoppedCompiles(server)[0]!;
    const url = `/${timedOut.replace(/^docs\//, "").replace(/\.mdx$/, "")}?ref=slow`;
    const compiles = (await site.status()).compiles;
    for (let i = 0; i < 3; i++) {
      const res = await site.get(url);
      expect(res.status).toBe(500);
      expect(await res.text()).toContain(`compiling this page took longer than ${LIMIT_S} s and was stopped`);
    }
    expect((await site.status()).compiles).toBe(compiles);
    expect(stoppedCompiles(server).filter((file) => file === timedOut)).toHaveLength(1);
  });
});

describe("a compile worker stopped with SIGSTOP", () => {
  let server: RunningServer;
  let site: ReturnType<typeof client>;

  beforeAll(async () => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    server = await startServer({ CONTENT_REPO: work.dir, COMPILE_TIMEOUT: String(LIMIT_S), SUI_DOCS_WORKER_PROCESSES: "1" });
    site = client(server);
    expect((await site.get("/guides")).status).toBe(200);
    await waitFor(async () => (await site.get("/api/search?q=guide")).status === 200, HANG_MS, 200);
  });
  afterAll(() => server?.stop());

  it("is replaced: a cold page waiting for it is compiled by another worker within the job's limit, and so is the next", async () => {
    const [stopped, ...others] = workerPids(server);
    expect(stopped).toBeDefined();
    expect(others).toEqual([]);
    process.kill(stopped!, "SIGSTOP");
    try {
      // Never compiled yet: its job goes to the stopped worker first.
      const cold = await site.get("/guides/first", { signal: AbortSignal.timeout(HANG_MS) });
      expect(cold.status).toBe(200);
      expect(await cold.text()).toContain("Install");
      expect(alive(stopped!)).toBe(false);
      const next = await site.get("/guides/second", { signal: AbortSignal.timeout(HANG_MS) });
      expect(next.status).toBe(200);
      expect(workerPids(server)).not.toContain(stopped);
      expect(workerPids(server).length).toBeGreaterThan(0);
    } finally {
      if (alive(stopped!)) process.kill(stopped!, "SIGKILL");
    }
  });
});
