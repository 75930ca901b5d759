import { content } from "~/content.server";
import type { PinnedRevision } from "./commit";

/** Longest page key sent: a shared cache's tags are bounded (Cloudflare's at 1,024 bytes, all of them). */
const MAX_KEY_LENGTH = 256;

/**
 * A live answer's tags for shared caches: the page's key (its path, the Markdown twin's `.md`
 * dropped so both go together) and "live", which the site purges whenever a commit goes live
 * (server/purge/). Surrogate-Key is Fastly's header, xkey Varnish's (deploy/varnish.vcl), Cache-Tag
 * Cloudflare's; each cache reads its own and strips it before readers see it.
 */
function tags(request: Request): Record<string, string> {
  const key = new URL(request.url).pathname.replace(/\.md$/, "");
  const keys = key.length <= MAX_KEY_LENGTH && !/[\s,]/.test(key) ? [key, "live"] : ["live"];
  return { "Surrogate-Key": keys.join(" "), xkey: keys.join(" "), "Cache-Tag": keys.join(",") };
}

/**
 * A page at a pinned commit never changes for a given build, so it is immutable. A preview at a
 * ref moves like the live branch but is not purged: a shared cache keeps it 10 s. A live page is
 * revalidated by browsers every time (ETag, set in entry.server from commit, page and build), and
 * kept by shared caches for SHARED_CACHE_MAX_AGE (a day when the site purges them on publishing),
 * served stale while they revalidate and while the site fails (SHARED_CACHE_STALE_*), and tagged.
 */
export function cacheHeaders(pinned: PinnedRevision | undefined, request: Request): HeadersInit {
  if (pinned?.param === "commit") return { "Cache-Control": "public, max-age=31536000, immutable" };
  if (pinned) return { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=60" };
  const { maxAge, staleWhileRevalidate, staleIfError } = content.config.sharedCache;
  return {
    "Cache-Control": `public, max-age=0, s-maxage=${maxAge}, stale-while-revalidate=${staleWhileRevalidate}, stale-if-error=${staleIfError}`,
    ...tags(request),
  };
}
