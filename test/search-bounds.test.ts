import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { git, page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";
import { PAGE_BOUNDS } from "../server/search/page-bounds";

/** Made-up words from a seeded generator, so each run pushes the same pages. */
function randomWords(chars: number, seed: number): string {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  const lines: string[] = [];
  const line: string[] = [];
  let length = 0;
  while (length < chars) {
    const word = Array.from({ length: 4 + (next() % 7) }, () => String.fromCharCode(97 + (next() % 26))).join("");
    line.push(word);
    length += word.length + 1;
    if (line.length === 12) lines.push(line.splice(0).join(" "));
  }
  lines.push(line.join(" "));
  return lines.join("\n\n");
}

const SENTENCE = "Validators vote on checkpoints and stake rebates. ";

/** Four pages of made-up words and one of a repeated sentence, each of about `chars` characters. */
function longPages(chars: number): Record<string, string> {
  const numbers = [1, 2, 3, 4];
  return {
    ...Object.assign({}, ...numbers.map((i) => page(`huge/random-${i}`, `Random ${i}`, randomWords(chars, i)))),
    ...page("huge/repeated", "Repeated", SENTENCE.repeat(Math.ceil(chars / SENTENCE.length))),
  };
}

/**
 * Pages longer than what the index reads of a page (PAGE_BOUNDS.chars): four of words the index has
 * never seen and one of a repeated sentence. A page at the publish cap (1 MB) gives the index no more
 * text than these, only more to compile and convert, which test/costly-work.test.ts bounds.
 */
const PAGES_OVER_THE_CUT = longPages(PAGE_BOUNDS.chars + 40_000);
const firstWord = (i: number) => randomWords(20, i).split(" ")[0]!;

/** The server's worker processes' peak RSS, MB (VmHWM: over each worker's life). */
function workerPeaksMb(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return children.flatMap((child) => {
    try {
      return [Math.round(Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child}/status`, "utf8"))![1]) / 1024)];
    } catch {
      return [];
    }
  });
}

async function liveSite(env: Record<string, string> = {}, content = sampleContent()) {
  let work = WorkingCopy.init().write(content);
  const first = work.commit("First version");
  const bare = work.publishBare();
  work = WorkingCopy.clone(bare);
  const server = await startServer({ CONTENT_REPO: bare, ...env });
  const get = (path: string) => fetch(server.url + path);
  const status = async () => (await get("/api/status")).json();
  /** Commits the working copy as it is, pushes it and waits until it is live. */
  const pushLive = async (message: string) => {
    const pushed = work.commit(message);
    work.push();
    await waitFor(async () => (await status()).commit === pushed, 360_000, 500);
    return pushed;
  };
  /** Pushes the pages over the cut and waits until they are live. */
  const pushPagesOverTheCut = async () => {
    work.write(PAGES_OVER_THE_CUT);
    return pushLive("Pages over the cut");
  };
  return { server, work, first, get, status, pushLive, pushPagesOverTheCut };
}

/** Waits for the index of the first commit, built as the server starts: a search meanwhile may answer 503 on a busy machine. */
const firstIndexBuilt = (site: Awaited<ReturnType<typeof liveSite>>) =>
  waitFor(async () => (await site.status()).search.servingCommit === site.first, undefined, 250);

const resultIds = async (response: Response) => ((await response.json()) as { results: Array<{ id: string }> }).results.map((r) => r.id);

describe("search with pages longer than the index reads live", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it("publishes them, and /api/search and /search answer for normal pages and the long ones' beginnings", async () => {
    // What this checks is the pages' bounds, not the time limits: limits far above the default
    // keep a busy machine from refusing the long pages' commit (compile) or its index (build).
    const site = await liveSite({ COMPILE_TIMEOUT: "200", SUI_DOCS_SEARCH_BUILD_TIMEOUT_MS: "200000" });
    servers.push(site.server);
    await firstIndexBuilt(site);
    expect(await resultIds(await site.get("/api/search?q=welcome"))).toEqual(["guides"]);
    const before = workerPeaksMb(site.server.pid);
    const pushed = await site.pushPagesOverTheCut();
    // The index of the pushed commit answers: it was built, not the previous one kept.
    await waitFor(async () => (await site.status()).search.servingCommit === pushed, 120_000, 250);
    expect((await site.status()).search.lastFailure).toBeUndefined();
    expect(await resultIds(await site.get("/api/search?q=welcome"))).toEqual(["guides"]);
    for (const i of [1, 2]) expect(await resultIds(await site.get(`/api/search?q=${firstWord(i)}`))).toContain(`huge/random-${i}`);
    expect(await resultIds(await site.get("/api/search?q=rebates"))).toEqual(["huge/repeated"]);
    const html = await site.get(`/search?q=${firstWord(1)}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain("Random 1");
    const latencies: number[] = [];
    for (const q of ["welcome", "rebates", firstWord(2), "validators stake", "guide"]) {
      const started = performance.now();
      expect((await site.get(`/api/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
      latencies.push(Math.round(performance.now() - started));
    }
    console.log(
      `worker peak RSS (MB): ${before.join(", ")} before the pages over the cut, ${workerPeaksMb(site.server.pid).join(", ")} after; ` +
        `search latency afterwards (ms): ${latencies.join(", ")}`,
    );
  }, 480_000);

  /**
   * One server for the two tests below, in turn: a build time limit (0.4 s) that the sample
   * content's index meets and the pages over the cut's does not, and those pages in its first commit.
   */
  let overTheCut: Awaited<ReturnType<typeof liveSite>>;

  it("answers 503 with Retry-After at once when the first index failed to build", async () => {
    overTheCut = await liveSite({ SUI_DOCS_SEARCH_BUILD_TIMEOUT_MS: "400" }, { ...sampleContent(), ...PAGES_OVER_THE_CUT });
    const site = overTheCut;
    servers.push(site.server);
    await waitFor(async () => (await site.status()).search.lastFailure !== undefined, 120_000, 250);
    for (const path of ["/api/search?q=welcome", "/search?q=welcome"]) {
      const response = await site.get(path);
      const text = await response.text();
      expect([response.status, text]).toEqual([503, expect.stringMatching(/could not be built/)]);
      // The results page shows the refusal through the root's error boundary, which sends no Retry-After.
      if (path.startsWith("/api/")) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect((await site.status()).search.lastFailure).toMatchObject({ attempts: 1 });
  });

  it("keeps answering from the previous index when the next one fails to build, and reports it once", async () => {
    const site = overTheCut;
    // The pages over the cut taken out: this commit's index builds within the limit.
    git(site.work.dir, "rm", "-q", "-r", "docs/huge");
    const good = await site.pushLive("Pages over the cut taken out");
    await waitFor(async () => (await site.status()).search.servingCommit === good, undefined, 250);
    expect(await resultIds(await site.get("/api/search?q=welcome"))).toEqual(["guides"]);
    // And back: compiled already (pages are kept by their source), so publishing them costs little.
    const pushed = await site.pushPagesOverTheCut();
    await waitFor(async () => (await site.status()).search.lastFailure?.commit === pushed, 120_000, 250);
    for (let i = 0; i < 5; i++) expect(await resultIds(await site.get("/api/search?q=welcome"))).toEqual(["guides"]);
    expect((await site.get("/search?q=welcome")).status).toBe(200);
    const { search } = await site.status();
    expect(search).toMatchObject({
      liveCommit: pushed,
      servingCommit: good,
      lastFailure: { attempts: 1, message: /longer than 0.4 s/ },
    });
    expect(site.server.output().match(new RegExp(`search index of ${pushed.slice(0, 12)} not built`, "g"))).toHaveLength(1);
  });
});
