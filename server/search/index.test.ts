import { describe, expect, it } from "vitest";
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
  restRatio: 0,
  retryAfterSeconds: 7,
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
