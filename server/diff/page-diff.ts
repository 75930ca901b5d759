import { Admission } from "../admission";
import { Cache, type CacheStats } from "../cache";
import type { PageMeta } from "../content/catalogue";
import type { Snapshot } from "../engine";
import { BadRequestError, ContentError, NotFoundError } from "../errors";
import type { CommitInfo } from "../git/store";
import { CACHE_BUDGETS } from "../memory-budget";
import { JobMemoryError, JobTimeoutError } from "../workers/pool";
import type { DiffHunk, DiffOutcome } from "./text-diff";

export interface PageDiff {
  id: string;
  title: string;
  /** The older side; absent when the page did not exist before `to` (it was created). */
  from?: CommitInfo;
  to: CommitInfo;
  hunks: DiffHunk[];
  /** Why no diff is shown (the page changed too much, or the diff took too long), instead of hunks. */
  refused?: string;
}

/** What the diff reads through the engine's facade. */
export interface PageDiffSources {
  snapshotAt(commitParam: string | null): Promise<Snapshot>;
  /** The snapshot at a branch, tag or pull request's tip (`?ref=`), whose commits are not the served branch's. */
  snapshotAtRef(name: string): Promise<Snapshot>;
  /** The text of a page that the diff compares. */
  pageText(snapshot: Snapshot, page: PageMeta): Promise<string>;
  history(snapshot: Snapshot, page: PageMeta, range: { limit: number }): Promise<{ commits: CommitInfo[] }>;
  /** Diffs two texts off the request thread (a worker job with a time limit, `timeoutMs`). */
  diffText(before: string, after: string, timeoutMs: number): Promise<DiffOutcome>;
}

/** Time limit of one diff's worker job, ms: it stops one the budget of text-diff.ts did not. */
const DIFF_TIMEOUT_MS = 10_000;

/**
 * Diffs computed at once: a few, since each takes the worker a reader's page compile would need.
 * A diff already computed (or refused) is answered from the cache without being admitted.
 */
const DIFF_ADMISSION = { total: 2, perClient: 1, retryAfterSeconds: 5 };

const jsonBytes = (value: unknown) => JSON.stringify(value).length * 2 + 128;

/**
 * Diffs of one page between two commits, computed once per pair and kept within a byte bound: a
 * diff at two fixed commits never changes, so a key of commits and page id never goes stale.
 */
export class PageDiffs {
  private readonly diffs = new Cache<PageDiff>({ maxBytes: CACHE_BUDGETS.pageDiffs, sizeOf: jsonBytes });
  private readonly admission = new Admission("diffs", DIFF_ADMISSION);

  constructor(private readonly sources: PageDiffSources) {}

  /** How full the diff cache is, for /api/status. */
  stats(): CacheStats {
    return this.diffs.stats();
  }

  /**
   * The page `id` at `to` (default: the live commit) against `from` (default: the commit before
   * the last change to the page as of `to`, so that the last change is what shows). A malformed
   * commit is a BadRequestError naming the parameter; an unknown page or commit a NotFoundError.
   * `ref` instead of `to` diffs against a branch, tag or pull request's tip.
   * A diff not yet computed is admitted per `client` (an OverloadedError past the bounds).
   */
  async diff(id: string, params: { from: string | null; to: string | null; ref?: string | null }, client = "unknown"): Promise<PageDiff> {
    if (params.ref != null && params.to !== null) throw new BadRequestError("Give ?to= or ?ref=, not both: ?ref= names the newer side");
    // A ref's tip (a change the checks of a ref list) is read like a preview, not as a pinned commit.
    const to = params.ref != null ? await this.sources.snapshotAtRef(params.ref) : await this.snapshot("to", params.to);
    const page = to.catalogue.pages.get(id);
    if (!page) throw new NotFoundError(`There is no page /${id} at commit ${to.commit.oid.slice(0, 7)}`);
    const from = params.from === null ? await this.previousChange(to, page) : await this.snapshot("from", params.from);
    return this.diffs.get(`${from?.commit.oid ?? "-"}:${to.commit.oid}:${id}`, () =>
      this.admission.run({ client }, async () => {
        const before = from ? await this.sourceAt(from, id) : "";
        const after = await this.sources.pageText(to, page);
        const sides = { id, title: page.title, ...(from ? { from: from.commit } : {}), to: to.commit };
        const outcome = await this.diffText(before, after);
        return outcome.ok ? { ...sides, hunks: outcome.hunks } : { ...sides, hunks: [], refused: outcome.reason };
      }),
    );
  }

  /** The diff in a worker; a diff over the worker's time or memory is a refusal, kept like any other. */
  private async diffText(before: string, after: string): Promise<DiffOutcome> {
    try {
      return await this.sources.diffText(before, after, DIFF_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof JobTimeoutError) return { ok: false, reason: `computing it took longer than ${DIFF_TIMEOUT_MS / 1000} s` };
      if (error instanceof JobMemoryError) return { ok: false, reason: `computing it needed more than ${error.limitMb} MB of memory` };
      throw error;
    }
  }

  private async snapshot(name: "from" | "to", value: string | null): Promise<Snapshot> {
    try {
      return await this.sources.snapshotAt(value);
    } catch (error) {
      if (error instanceof ContentError && (error.status === 400 || error.status === 404)) {
        const Type = error.status === 400 ? BadRequestError : NotFoundError;
        throw new Type(`?${name}=: ${error.message}`);
      }
      throw error;
    }
  }

  /** The snapshot just before the page's last change as of `to`, or undefined when that change created it. */
  private async previousChange(to: Snapshot, page: PageMeta): Promise<Snapshot | undefined> {
    const { commits } = await this.sources.history(to, page, { limit: 2 });
    const previous = commits[1];
    return previous ? this.sources.snapshotAt(previous.oid) : undefined;
  }

  /** The page's source at a snapshot, or "" when the page does not exist there. */
  private async sourceAt(snapshot: Snapshot, id: string): Promise<string> {
    const page = snapshot.catalogue.pages.get(id);
    return page ? this.sources.pageText(snapshot, page) : "";
  }
}
