/** Full-text search, built from the content at a commit and cached per commit. */
import type { PageMeta } from "../content/catalogue";
import type { ContentEngine, Snapshot } from "../engine";
import { Cache, type CacheStats } from "../cache";
import { Admission } from "../admission";
import { concurrencyLimit } from "../concurrency-limit";
import { CACHE_BUDGETS } from "../memory-budget";
import { SearchIndex, type SearchResults } from "./search-index";
import type { SearchRequest } from "./query";
import type { Lane } from "../workers/lanes";

/** Time limit of building one commit's index in a worker, ms. */
const BUILD_TIMEOUT_MS = 60_000;
/** Pages converted to Markdown at once for an index: enough to keep the workers busy, few enough to leave room in their queue. */
const CONVERSIONS_AT_ONCE = 4;

/** Pages' clean Markdown (server/markdown: snippets inlined, no MDX left), or why a page has none. */
export interface PageBodies {
  body(snapshot: Snapshot, page: PageMeta): Promise<{ ok: true; text: string } | { ok: false; message: string }>;
}

export { parseSearchRequest, searchWords, MAX_QUERY_LENGTH, MAX_RESULTS, type SearchRequest } from "./query";
export type { PageHit, SearchResults, SectionHit } from "./search-index";

/** How much index building readers of pinned commits may cause; the live commit's index is never limited. */
export interface SearchLimits {
  /** Pinned-commit indexes built at once (building is CPU-bound). */
  concurrentBuilds: number;
  /** Pinned-commit builds running or waiting, over all clients; past it a new one is a 503. */
  pendingBuilds: number;
  /** Pinned-commit builds one client may have running or waiting; past it a new one is a 429. */
  pendingBuildsPerClient: number;
  /** Bytes of pinned-commit indexes kept after they are built (as SearchIndex.bytes weighs them). */
  keptPinnedBytes: number;
  /**
   * After a pinned build of t ms, the next one waits t × restRatio ms: pinned builds take at most
   * 1 / (1 + restRatio) of one core however readers rotate, and the rest is the live site's.
   */
  restRatio: number;
  /** What Retry-After says when a build is refused. */
  retryAfterSeconds: number;
}

export const SEARCH_LIMITS: SearchLimits = {
  concurrentBuilds: 1,
  pendingBuilds: 4,
  pendingBuildsPerClient: 1,
  keptPinnedBytes: CACHE_BUDGETS.pinnedSearchIndexes,
  restRatio: 3,
  retryAfterSeconds: 5,
};

/**
 * Search indexes per commit. The live commit's index is built as soon as the commit goes live and
 * kept apart, so readers rotating `?commit=` over many commits can neither evict it nor queue in
 * front of it. Pinned commits' indexes are admitted under SearchLimits: one client cannot hold more
 * than its share of builds, and all clients together cannot queue more than a few.
 */
export class SearchService {
  private live?: { oid: string; index: Promise<SearchIndex> };
  private readonly pinned: Cache<SearchIndex>;
  /** Builds under way by commit: a second reader of the same commit waits for the first build. */
  private readonly building = new Map<string, Promise<SearchIndex>>();
  private readonly buildSlot: ReturnType<typeof concurrencyLimit>;
  private readonly admission: Admission;
  /** When the next pinned build may start (see restRatio). */
  private restUntil = 0;

  constructor(
    private readonly engine: ContentEngine,
    private readonly bodies: PageBodies,
    private readonly limits: SearchLimits = SEARCH_LIMITS,
  ) {
    this.pinned = new Cache({ maxBytes: limits.keptPinnedBytes, sizeOf: (index) => index.bytes });
    this.buildSlot = concurrencyLimit(limits.concurrentBuilds);
    this.admission = new Admission("search index builds for other commits", {
      total: limits.pendingBuilds,
      perClient: limits.pendingBuildsPerClient,
      retryAfterSeconds: limits.retryAfterSeconds,
    });
  }

  /** Builds and keeps the index of the commit that just went live; the previous live one joins the pinned ones. */
  setLive(snapshot: Snapshot): Promise<SearchIndex> {
    const oid = snapshot.commit.oid;
    if (this.live?.oid === oid) return this.live.index;
    const previous = this.live;
    void previous?.index.then(
      (index) => this.pinned.set(previous.oid, index),
      () => {},
    );
    const kept = this.pinned.find(oid);
    const index = kept ? Promise.resolve(kept) : (this.building.get(oid) ?? this.track(oid, this.build(snapshot, "live")));
    // A failed build is retried by the next search rather than remembered.
    void index.catch(() => {
      if (this.live?.index === index) this.live = undefined;
    });
    this.live = { oid, index };
    return index;
  }

  /**
   * Searches the index of the snapshot's commit. `client` names who asks (an IP address): a
   * pinned commit whose index is not built yet is built only within the limits, else this throws
   * an OverloadedError.
   */
  async search(snapshot: Snapshot, { q, limit }: SearchRequest, client = "unknown"): Promise<SearchResults> {
    return (await this.index(snapshot, client)).search(q, limit);
  }

  private index(snapshot: Snapshot, client: string): Promise<SearchIndex> {
    const oid = snapshot.commit.oid;
    if (this.live?.oid === oid) return this.live.index;
    const kept = this.pinned.find(oid);
    if (kept) return Promise.resolve(kept);
    // Waiting for a build already under way costs nothing more, whoever started it.
    const underWay = this.building.get(oid);
    if (underWay) return underWay;
    const build = this.admission.run({ client }, () =>
      this.buildSlot(async () => {
        const rest = this.restUntil - Date.now();
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
        const started = Date.now();
        try {
          const index = await this.build(snapshot, "preview");
          this.pinned.set(oid, index);
          return index;
        } finally {
          this.restUntil = Date.now() + (Date.now() - started) * this.limits.restRatio;
        }
      }),
    );
    return this.track(oid, build);
  }

  /** How full the kept pinned-commit indexes are, for /api/status. */
  cacheStats(): Record<string, CacheStats> {
    return { pinnedSearchIndexes: this.pinned.stats() };
  }

  /** Registers a build, queued or running, until it settles. */
  private track(oid: string, build: Promise<SearchIndex>): Promise<SearchIndex> {
    const tracked = build.finally(() => this.building.delete(oid));
    this.building.set(oid, tracked);
    return tracked;
  }

  /**
   * Builds a commit's index in a worker process, so requests keep being answered meanwhile, from
   * each page's clean Markdown: a snippet's text is found under every page that includes it, so
   * snippets are not indexed as pages of their own.
   */
  private async build(snapshot: Snapshot, lane: Lane): Promise<SearchIndex> {
    const slot = concurrencyLimit(CONVERSIONS_AT_ONCE);
    const pages = [...snapshot.catalogue.pages.values()].filter((page) => !page.sourcePath.startsWith("snippets/"));
    const searchPages = await Promise.all(
      pages.map((page) =>
        slot(async () => {
          const body = await this.bodies.body(snapshot, page);
          // A page whose MDX does not parse (only at commits that never went live) is still found by its title.
          return { id: page.id, title: page.title, markdown: body.ok ? body.text : "" };
        }),
      ),
    );
    return SearchIndex.load(await this.engine.workers.run("searchIndex", { pages: searchPages }, BUILD_TIMEOUT_MS, lane));
  }
}
