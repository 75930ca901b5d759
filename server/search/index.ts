/** Full-text search, built from the content at a commit and cached per commit. */
import type { PageMeta } from "../content/catalogue";
import type { ContentEngine, Snapshot } from "../engine";
import { Cache, type CacheStats } from "../cache";
import { Admission } from "../admission";
import { OverloadedError } from "../errors";
import { concurrencyLimit } from "../concurrency-limit";
import { CACHE_BUDGETS } from "../memory-budget";
import { withinChars } from "./page-bounds";
import { SearchIndex, type SearchResults } from "./search-index";
import type { SearchRequest } from "./query";
import type { Lane } from "../workers/lanes";

/** Where an index built for a reader is kept: among pinned commits' (`?commit=`, previews) or releases' (`/v/<tag>/`). */
export type Kept = "pinned" | "release";

/** Time limit of building one commit's index in a worker, ms (SUI_DOCS_SEARCH_BUILD_TIMEOUT_MS lowers it, for tests). */
const BUILD_TIMEOUT_MS = Number(process.env.SUI_DOCS_SEARCH_BUILD_TIMEOUT_MS) || 60_000;
const noop = () => {};

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
  /** Bytes of releases' indexes (`/v/<tag>/search`) kept after they are built, apart from the pinned ones. */
  keptReleaseBytes: number;
  /**
   * After a pinned build of t ms, the next one waits t × restRatio ms: pinned builds take at most
   * 1 / (1 + restRatio) of one core however readers rotate, and the rest is the live site's.
   */
  restRatio: number;
  /** What Retry-After says when a build is refused. */
  retryAfterSeconds: number;
  /**
   * How long a search at the live commit waits for its index being built before it is answered
   * from the previous live index, or with a 503 when there is none, ms.
   */
  liveWaitMs: number;
  /** After the live index failed to build, the next attempt waits this long, doubled at each failure up to maxRetryDelayMs. */
  retryDelayMs: number;
  maxRetryDelayMs: number;
}

/** Why the live commit's index could not be built, for /api/status. */
export interface SearchBuildFailure {
  commit: string;
  message: string;
  /** When the last attempt failed (ISO). */
  at: string;
  /** Builds of this commit that failed in a row. */
  attempts: number;
  /** When a search may start the next attempt (ISO); a newer live commit starts its own at once. */
  nextAttempt: string;
}

/** The live search index, for /api/status: which commit it answers for, and why not the live one if it does not. */
export interface SearchStatus {
  liveCommit?: string;
  /** The commit whose index answers live searches: the live one's once built, till then the previous live one's. */
  servingCommit?: string;
  lastFailure?: SearchBuildFailure;
}

export const SEARCH_LIMITS: SearchLimits = {
  concurrentBuilds: 1,
  pendingBuilds: 4,
  pendingBuildsPerClient: 1,
  keptPinnedBytes: CACHE_BUDGETS.pinnedSearchIndexes,
  keptReleaseBytes: CACHE_BUDGETS.releaseSearchIndexes,
  restRatio: 3,
  retryAfterSeconds: 5,
  liveWaitMs: 20_000,
  retryDelayMs: 60_000,
  maxRetryDelayMs: 30 * 60_000,
};

/**
 * Search indexes per commit. The live commit's index is built as soon as the commit goes live and
 * kept apart, so readers rotating `?commit=` over many commits can neither evict it nor queue in
 * front of it. Pinned commits' indexes are admitted under SearchLimits: one client cannot hold more
 * than its share of builds, and all clients together cannot queue more than a few.
 */
export class SearchService {
  /** The live commit and its index's build (done, under way or failed). */
  private live?: { snapshot: Snapshot; index: Promise<SearchIndex> };
  /** The last live index built: it answers live searches while the live commit's is built, or when that failed. */
  private serving?: { oid: string; index: SearchIndex };
  /** The live commit's failed build, and when a search may start the next attempt (ms; Infinity while one runs). */
  private failure?: { report: SearchBuildFailure; retryAt: number };
  private readonly pinned: Cache<SearchIndex>;
  /**
   * Releases' indexes, kept apart: a release's index (the embedded catalogue's weighs ~16 MB) does
   * not fit among the pinned ones, so each search of a release would build it anew, and readers
   * rotating `?commit=` would evict it.
   */
  private readonly releases: Cache<SearchIndex>;
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
    private readonly log: (line: string) => void = () => {},
  ) {
    this.pinned = new Cache({ maxBytes: limits.keptPinnedBytes, sizeOf: (index) => index.bytes });
    this.releases = new Cache({ maxBytes: limits.keptReleaseBytes, sizeOf: (index) => index.bytes });
    this.buildSlot = concurrencyLimit(limits.concurrentBuilds);
    this.admission = new Admission("search index builds for other commits", {
      total: limits.pendingBuilds,
      perClient: limits.pendingBuildsPerClient,
      retryAfterSeconds: limits.retryAfterSeconds,
    });
  }

  /**
   * Builds and keeps the index of the commit that just went live. Until it is built, and if its
   * build fails, the previous live index keeps answering; once it is built, the previous one joins
   * the pinned ones. A failure is logged once and shown in status() (the promise rejects too).
   */
  setLive(snapshot: Snapshot): Promise<SearchIndex> {
    if (this.live?.snapshot.commit.oid === snapshot.commit.oid) return this.live.index;
    this.failure = undefined;
    return this.buildLive(snapshot);
  }

  private buildLive(snapshot: Snapshot): Promise<SearchIndex> {
    const oid = snapshot.commit.oid;
    const kept = this.pinned.find(oid);
    const index = kept ? Promise.resolve(kept) : (this.building.get(oid) ?? this.track(oid, this.build(snapshot, "live")));
    this.live = { snapshot, index };
    void index.then(
      (built) => {
        if (this.live?.index !== index) return void this.pinned.set(oid, built);
        if (this.serving && this.serving.oid !== oid) this.pinned.set(this.serving.oid, this.serving.index);
        this.serving = { oid, index: built };
        this.failure = undefined;
      },
      (error: Error) => {
        if (this.live?.index !== index) return;
        // The same pages build the same way, so a failed build is not retried per search (each
        // took up to BUILD_TIMEOUT_MS of a worker): the next live commit retries at once, a search
        // after a back-off (the failure may have been the machine's, a worker killed or starved).
        const attempts = this.failure?.report.commit === oid ? this.failure.report.attempts + 1 : 1;
        const delay = Math.min(this.limits.retryDelayMs * 2 ** (attempts - 1), this.limits.maxRetryDelayMs);
        const at = Date.now();
        this.failure = {
          report: {
            commit: oid,
            message: error.message,
            at: new Date(at).toISOString(),
            attempts,
            nextAttempt: new Date(at + delay).toISOString(),
          },
          retryAt: at + delay,
        };
        this.log(
          `search index of ${oid.slice(0, 12)} not built (attempt ${attempts}): ${error.message}; ` +
            (this.serving ? `searches answer from ${this.serving.oid.slice(0, 12)}'s index` : "searches answer 503") +
            ` until it is, next attempt after ${Math.round(delay / 1000)} s`,
        );
      },
    );
    return index;
  }

  /** The index answering live searches: the live commit's, waited for a while when under way, else the previous one's. */
  private async liveIndex(): Promise<SearchIndex> {
    const live = this.live!;
    if (this.failure && Date.now() >= this.failure.retryAt && !this.building.has(live.snapshot.commit.oid)) {
      this.failure.retryAt = Infinity;
      this.buildLive(live.snapshot).catch(noop);
    }
    if (!this.failure) {
      let stopWaiting = noop;
      const waited = new Promise<undefined>((resolve) => {
        const timer = setTimeout(resolve, this.limits.liveWaitMs);
        stopWaiting = () => clearTimeout(timer);
      });
      const built = await Promise.race([live.index.catch(() => undefined), waited]).finally(stopWaiting);
      if (built) return built;
    }
    if (this.serving) return this.serving.index;
    if (!this.failure)
      throw new OverloadedError("The search index is still being built; try again in a few seconds.", 503, this.limits.retryAfterSeconds);
    // Till the next attempt, or a few seconds while it runs.
    const untilNext = Math.ceil((this.failure.retryAt - Date.now()) / 1000);
    throw new OverloadedError(
      `The search index could not be built (${this.failure.report.message}); search is back once it is, ` +
        `the next attempt is after ${this.failure.report.nextAttempt}.`,
      503,
      Number.isFinite(untilNext) && untilNext > 0 ? untilNext : this.limits.retryAfterSeconds,
    );
  }

  /** Which commit's index answers live searches, and the last failed build, for /api/status. */
  status(): SearchStatus {
    return { liveCommit: this.live?.snapshot.commit.oid, servingCommit: this.serving?.oid, lastFailure: this.failure?.report };
  }

  /**
   * Searches the index of the snapshot's commit. `client` names who asks (an IP address): a
   * pinned commit whose index is not built yet is built only within the limits, else this throws
   * an OverloadedError. A release's (`kept`) index is kept among the releases' once built.
   */
  async search(snapshot: Snapshot, { q, limit }: SearchRequest, client = "unknown", kept: Kept = "pinned"): Promise<SearchResults> {
    return (await this.index(snapshot, client, kept)).search(q, limit);
  }

  private index(snapshot: Snapshot, client: string, keptAs: Kept): Promise<SearchIndex> {
    const oid = snapshot.commit.oid;
    if (this.live?.snapshot.commit.oid === oid) return this.liveIndex();
    const kept = this.releases.find(oid) ?? this.pinned.find(oid);
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
          (keptAs === "release" ? this.releases : this.pinned).set(oid, index);
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
    return { pinnedSearchIndexes: this.pinned.stats(), releaseSearchIndexes: this.releases.stats() };
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
          const markdown = body.ok ? body.text : "";
          return page.kind === "generated"
            ? { id: page.id, title: page.title, description: page.description, markdown, reference: true }
            : { id: page.id, title: page.title, description: page.description, markdown };
        }),
      ),
    );
    // Cut here already, so a few hundred pages of 1 MB never cross to the worker whole.
    return SearchIndex.load(await this.engine.workers.run("searchIndex", { pages: withinChars(searchPages) }, BUILD_TIMEOUT_MS, lane));
  }
}
