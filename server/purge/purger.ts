/**
 * Purging the shared cache in front of the site (a CDN, or Varnish) when a commit goes live: every
 * live page names its commit, so every live page kept there is stale. Live answers are tagged
 * (app/lib/cache-headers.server.ts: the page's path and "live"); a purger asks one cache to drop
 * what carries some tags. One implementation per cache, each in a file of its own.
 */
export interface Purger {
  /** Which cache, for the log: "varnish http://cache:6081/", "fastly", "cloudflare". */
  readonly name: string;
  /** Drops (or marks stale) what carries any of `keys`; rejects with what the cache answered when it did not. */
  purge(keys: readonly string[]): Promise<void>;
}

/** The tag every live answer carries: purged whenever a commit goes live. */
export const LIVE_KEY = "live";

/** How long one purge request may take before it counts as failed (and is retried). */
export const PURGE_TIMEOUT_MS = 10_000;

/** A failed answer as one line an operator can act on: the status and the start of the body. */
export async function failure(who: string, response: Response): Promise<Error> {
  const text = (await response.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 200);
  return new Error(`${who} answered ${response.status}${text ? `: ${text}` : ""}`);
}
