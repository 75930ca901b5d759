import { describe, expect, it, vi } from "vitest";
import type { ContentEngine, Snapshot } from "../engine";
import { OverloadedError } from "../errors";
import { SearchService, type PageBodies, type SearchLimits } from "./index";
import { SearchIndex } from "./search-index";
import { pageSections } from "./sections";

type Pages = { pages: Array<{ id: string; title: string; markdown: string }> };

/** The worker's search-index job, run in this thread: what is under test is the admission around it. */
const engine = {
  workers: {
    run: async (_job: string, { pages }: Pages) =>
      SearchIndex.build(pages.flatMap((p) => pageSections(p.id, p.title, p.markdown))).serialize(),
  },
} as unknown as ContentEngine;

const body = (text: string) => ({ ok: true as const, text });

/** Page bodies that arrive only when the test opens the gate, so builds stay pending. */
function gatedBodies() {
  let open!: () => void;
  let gate = new Promise<void>((resolve) => (open = resolve));
  const bodies: PageBodies = {
    async body() {
      await gate;
      return body("Validators vote on checkpoints.");
    },
  };
  return {
    bodies,
    release() {
      open();
      gate = Promise.resolve();
    },
  };
}

const page = (id: string, title: string, sourcePath = `docs/${id}.mdx`) => [id, { id, title, sourcePath }] as const;
const snapshot = (oid: string, pages = [page("p", "Page")]) =>
  ({ commit: { oid }, catalogue: { pages: new Map(pages) } }) as unknown as Snapshot;
/** What one pinned index of the gated page weighs: the limits below keep two of them. */
const ONE_INDEX_BYTES = SearchIndex.load(SearchIndex.build(pageSections("p", "Page", "Validators vote on checkpoints.")).serialize()).bytes;
const LIMITS: SearchLimits = {
  concurrentBuilds: 1,
  pendingBuilds: 3,
  pendingBuildsPerClient: 1,
  keptPinnedBytes: 2 * ONE_INDEX_BYTES,
  keptReleaseBytes: ONE_INDEX_BYTES,
  restRatio: 0,
  retryAfterSeconds: 7,
  liveWaitMs: 60_000,
  retryDelayMs: 60_000,
  maxRetryDelayMs: 60_000,
};
const q = { q: "validators", limit: 5 };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("SearchService limits on pinned-commit indexes", () => {
  it("gives a client one pending build (429), all clients a few (503), both with a retry delay", async () => {
    const { bodies, release } = gatedBodies();
    const search = new SearchService(engine, bodies, LIMITS);
    const first = search.search(snapshot("a"), q, "client-1");
    const second = await refusal(search.search(snapshot("b"), q, "client-1"));
    expect(second).toBeInstanceOf(OverloadedError);
    expect(second).toMatchObject({ status: 429, retryAfterSeconds: 7 });
    const others = [search.search(snapshot("c"), q, "client-2"), search.search(snapshot("d"), q, "client-3")];
    expect(await refusal(search.search(snapshot("e"), q, "client-4"))).toMatchObject({ status: 503, retryAfterSeconds: 7 });
    // Asking for a commit whose build is under way joins it, whoever started it and however full the queue is.
    const joined = search.search(snapshot("a"), q, "client-4");
    release();
    for (const { results } of await Promise.all([first, joined, ...others])) expect(results[0]).toMatchObject({ id: "p" });
    // Once they are done, the same clients may start builds again.
    expect((await search.search(snapshot("b"), q, "client-1")).results).toHaveLength(1);
  });

  it("never limits, queues or evicts the live commit's index", async () => {
    const { bodies, release } = gatedBodies();
    const search = new SearchService(engine, bodies, LIMITS);
    const live = search.setLive(snapshot("live"));
    const pinned = [search.search(snapshot("a"), q, "x"), search.search(snapshot("b"), q, "y"), search.search(snapshot("c"), q, "z")];
    expect(await refusal(search.search(snapshot("d"), q, "w"))).toMatchObject({ status: 503 });
    const liveSearch = search.search(snapshot("live"), q, "x");
    release();
    await Promise.all([live, liveSearch, ...pinned]);
    for (const oid of ["d", "e", "f"]) await search.search(snapshot(oid), q, "x");
    // Three more pinned indexes pushed the first ones out; the live one is still there, built once.
    let builds = 0;
    bodies.body = async () => (builds++, body("text"));
    await search.search(snapshot("live"), q, "x");
    expect(builds).toBe(0);
    await search.search(snapshot("a"), q, "x");
    expect(builds).toBe(1);
  });

  it("keeps a release's index apart: searches rotating over pinned commits do not push it out", async () => {
    let builds = 0;
    const bodies: PageBodies = { body: async () => (builds++, body("Validators vote on checkpoints.")) };
    const search = new SearchService(engine, bodies, LIMITS);
    await search.search(snapshot("release"), q, "x", "release");
    for (const oid of ["a", "b", "c"]) await search.search(snapshot(oid), q, "x");
    expect(builds).toBe(4);
    await search.search(snapshot("release"), q, "x", "release");
    expect(builds).toBe(4);
  });

  it("rests between pinned builds as long as the last one took, times restRatio", async () => {
    const slowBodies: PageBodies = {
      async body() {
        await new Promise((r) => setTimeout(r, 60));
        return body("text");
      },
    };
    const search = new SearchService(engine, slowBodies, { ...LIMITS, restRatio: 1 });
    await search.search(snapshot("a"), q, "x");
    const started = Date.now();
    await search.search(snapshot("b"), q, "x");
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});

describe("SearchService indexes", () => {
  it("each page's clean Markdown, snippets only under the pages that include them, and a page without one by its title", async () => {
    const bodies: PageBodies = {
      async body(_snapshot, { id }) {
        if (id === "broken") return { ok: false, message: "does not parse" };
        return body(id === "snippets/gas-note" ? "Storage rebates refund fees." : "Intro.\n\n## Fees\n\nStorage rebates refund fees.");
      },
    };
    const search = new SearchService(engine, bodies, LIMITS);
    const at = snapshot("a", [
      page("guides/gas", "Gas"),
      page("snippets/gas-note", "Gas note", "snippets/gas-note.mdx"),
      page("broken", "Broken Page"),
    ]);
    const { results } = await search.search(at, { q: "rebates", limit: 10 }, "x");
    expect(results.map((r) => [r.id, r.sections[0]!.url])).toEqual([["guides/gas", "/guides/gas#fees"]]);
    expect((await search.search(at, { q: "broken", limit: 10 }, "x")).results.map((r) => r.id)).toEqual(["broken"]);
  });
});

describe("SearchService live index", () => {
  /** A worker that builds the index, or fails as one out of memory does when a page says so; counting builds. */
  function failingEngine() {
    const counts = { builds: 0 };
    const failing = {
      workers: {
        run: async (job: string, input: Pages) => {
          counts.builds++;
          if (input.pages.some((p) => p.markdown.includes("FAIL")))
            throw new Error("searchIndex needed more than 160 MB of memory and was stopped");
          return (engine.workers.run as (job: string, input: Pages) => Promise<unknown>)(job, input);
        },
      },
    } as unknown as ContentEngine;
    return { failing, counts };
  }
  const bodiesOf: Record<string, string> = { a: "Validators vote on checkpoints.", bad: "FAIL", c: "Validators stake coins." };
  const bodies: PageBodies = { body: async (at) => body(bodiesOf[at.commit.oid]!) };
  const ids = async (search: SearchService, oid: string) => (await search.search(snapshot(oid), q, "x")).results.map((r) => r.id);

  it("keeps answering from the previous index when the live one fails, reports it once, and retries after a back-off or at the next commit", async () => {
    const { failing, counts } = failingEngine();
    const log: string[] = [];
    const search = new SearchService(failing, bodies, { ...LIMITS, retryDelayMs: 200, maxRetryDelayMs: 200 }, (line) => log.push(line));
    await search.setLive(snapshot("a"));
    await expect(search.setLive(snapshot("bad"))).rejects.toThrow(/memory/);
    for (let i = 0; i < 5; i++) expect(await ids(search, "bad")).toEqual(["p"]);
    expect(counts.builds).toBe(2);
    expect(log).toHaveLength(1);
    expect(search.status()).toMatchObject({
      liveCommit: "bad",
      servingCommit: "a",
      lastFailure: { commit: "bad", attempts: 1, message: /memory/ },
    });
    // Past the back-off, one search starts one more attempt and is still answered at once.
    await new Promise((resolve) => setTimeout(resolve, 250));
    await Promise.all([ids(search, "bad"), ids(search, "bad")]);
    // The attempt runs behind the answers: wait for it to fail (the ceiling only catches a hang).
    await vi.waitFor(() => expect(log).toHaveLength(2), { timeout: 30_000 });
    expect(counts.builds).toBe(3);
    expect(search.status().lastFailure).toMatchObject({ attempts: 2 });
    // The next commit going live builds at once and answers from its own index.
    await search.setLive(snapshot("c"));
    expect(search.status()).toEqual({ liveCommit: "c", servingCommit: "c", lastFailure: undefined });
    expect((await search.search(snapshot("c"), { q: "stake", limit: 5 }, "x")).total).toBe(1);
  });

  it("answers 503 with Retry-After at once when there is no previous index, without building again", async () => {
    const { failing, counts } = failingEngine();
    const search = new SearchService(failing, bodies, LIMITS);
    await expect(search.setLive(snapshot("bad"))).rejects.toThrow();
    for (let i = 0; i < 3; i++) {
      const error = await refusal(search.search(snapshot("bad"), q, "x"));
      expect(error).toBeInstanceOf(OverloadedError);
      expect(error).toMatchObject({ status: 503, message: /could not be built \(searchIndex needed more than 160 MB/ });
      expect((error as OverloadedError).retryAfterSeconds).toBeGreaterThan(50);
    }
    expect(counts.builds).toBe(1);
  });

  it("waits for a live build under way only so long, then answers from the previous index or with a 503", async () => {
    const { bodies: gated, release } = gatedBodies();
    const search = new SearchService(engine, gated, { ...LIMITS, liveWaitMs: 20 });
    const first = search.setLive(snapshot("a"));
    expect(await refusal(search.search(snapshot("a"), q, "x"))).toMatchObject({ status: 503, message: /still being built/ });
    release();
    await first;
    const { bodies: gatedAgain } = gatedBodies();
    gated.body = gatedAgain.body;
    void search.setLive(snapshot("b"));
    expect(await ids(search, "b")).toEqual(["p"]);
    expect(search.status()).toMatchObject({ liveCommit: "b", servingCommit: "a" });
  });
});
