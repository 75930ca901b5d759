import { Cache, type CacheStats } from "../cache";
import { BadRequestError, NotFoundError } from "../errors";
import type { Git } from "../git/cli";
import { CACHE_BUDGETS } from "../memory-budget";
import { listedNamespaces, parseRefListing, REF_LISTING_FORMAT, type RefTip } from "./ref-listing";
import { refNameProblem } from "./ref-name";

/** How long a listing of the refs is trusted: a moved ref is seen within this (plus one `git for-each-ref`). */
export const REF_LISTING_MS = 250;
/** Refs listed at most, newest first: a repository with thousands of tags still answers in a few KB per ref. */
export const MAX_REFS = 2000;

/**
 * What one listing of `refs` refs weighs in the heap: each ref's object, its name and 40-character
 * commit, and its entry in the by-name map, measured at ~450 B for 2,000 tags named like
 * `mainnet-v1.45.2` (node --expose-gc, heap used before and after holding ten such listings).
 */
export const listingBytes = (refs: number) => 256 + refs * 450;

export interface RefListing {
  tips: RefTip[];
  /** Whether older refs were left out (more than MAX_REFS). */
  truncated: boolean;
}

interface IndexedListing extends RefListing {
  byName: Map<string, RefTip>;
}

/**
 * The branches, tags and pull-request heads of the content repository and their commits, as
 * `?ref=` previews them. One `git for-each-ref` per REF_LISTING_MS at most, however many readers
 * ask: the listing is cached per time window, so a ref that moves is read again within the window
 * without anyone invalidating anything, and whatever is cached by commit (snapshots, compiled and
 * rendered pages) follows it.
 */
export class RefTips {
  private readonly listings = new Cache<IndexedListing>({
    maxBytes: CACHE_BUDGETS.refListings,
    sizeOf: (listing) => listingBytes(listing.tips.length),
  });

  constructor(
    private readonly git: Git,
    /** Where branches live: refs/heads/ in a repository pushed to, refs/remotes/origin/ in a clone. */
    private readonly branchPrefix: string,
  ) {}

  private window(): string {
    return String(Math.floor(Date.now() / REF_LISTING_MS));
  }

  private async read(): Promise<IndexedListing> {
    const output = await this.git.text([
      "for-each-ref",
      `--count=${MAX_REFS + 1}`,
      "--sort=-creatordate",
      `--format=${REF_LISTING_FORMAT}`,
      ...listedNamespaces(this.branchPrefix),
    ]);
    const all = parseRefListing(output, this.branchPrefix);
    const tips = all.slice(0, MAX_REFS);
    // Tags before branches, as git resolves a short name; a pull request only by its pull/<n> name.
    const order = { pull: 0, branch: 1, tag: 2 } as const;
    const byName = new Map([...tips].sort((a, b) => order[a.kind] - order[b.kind]).map((tip) => [tip.name, tip]));
    return { tips, truncated: all.length > MAX_REFS, byName };
  }

  /** Every ref readers can preview, newest first. */
  async list(): Promise<RefListing> {
    const { tips, truncated } = await this.listings.get(this.window(), () => this.read());
    return { tips, truncated };
  }

  /** The ref `name` names now (BadRequestError for a malformed name, NotFoundError for an unknown one). */
  async resolve(name: string): Promise<RefTip> {
    const problem = refNameProblem(name);
    if (problem) throw new BadRequestError(problem);
    const tip = (await this.listings.get(this.window(), () => this.read())).byName.get(name);
    if (!tip) {
      throw new NotFoundError(
        `The content repository has no branch, tag or pull request named "${name}": GET /api/refs lists those that can be previewed`,
        "ref",
      );
    }
    return tip;
  }

  /** Drops the current window's listing, so the next lookup reads the refs anew (after a fetch that may have brought some). */
  forget(): void {
    this.listings.delete(this.window());
  }

  /**
   * The commit `name` names, if the current window's listing already says: answers without waiting,
   * for lookups that must not (the rendered-page replay). Starts reading a listing when there is none.
   */
  peek(name: string): string | undefined {
    const window = this.window();
    const listing = this.listings.peek(window);
    if (!listing) void this.listings.get(window, () => this.read()).catch(() => {});
    return listing?.byName.get(name)?.commit;
  }

  stats(): CacheStats {
    return this.listings.stats();
  }
}
