import type { PinnedRevision } from "./commit";

/**
 * A page at a pinned commit never changes for a given build, so it is immutable. A live page, and
 * a preview at a ref (which moves like the live branch), is revalidated by ETag (set in
 * entry.server from commit, page and build) and may be served a little stale by shared caches
 * while they refetch.
 */
export function cacheHeaders(pinned: PinnedRevision | undefined): HeadersInit {
  return pinned?.param === "commit"
    ? { "Cache-Control": "public, max-age=31536000, immutable" }
    : { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=60" };
}
