import { setTimeout as sleep } from "node:timers/promises";
import { startServer, waitFor } from "../../test/helpers/server";
import { startVarnish } from "../../test/helpers/varnish";

/** How long the site lets a shared cache keep a live page fresh in this run, s: well before the wait ends. */
const MAX_AGE_S = 30;
const ROUND_S = 30;

export interface StaleRun {
  minutes: number;
  requests: number;
  /** Answered 200 by the cache, at the commit it held. */
  served: number;
  /** Everything else, as `path: status` or the error. */
  failures: string[];
}

/**
 * Whether the cache keeps answering while the origin is gone: one replica serving the embedded
 * catalogue behind deploy/varnish.vcl, `pages` read through the cache, then the replica stopped;
 * every 30 s for `minutes` each page is read again through the cache. The site's s-maxage is cut
 * to 30 s for the run, so for nearly all of it the cache holds nothing fresh and serves what the
 * site's stale-if-error lets it keep.
 */
export async function staleWhileDown(pages: readonly string[], minutes: number): Promise<StaleRun> {
  const replica = await startServer(
    { POLL_INTERVAL: "0", ACCESS_LOG: "off", WEB_CONCURRENCY: "1", FRONT_PROCESSES: "1", SHARED_CACHE_MAX_AGE: String(MAX_AGE_S) },
    "build/start.js",
  );
  const varnish = await startVarnish({ backendPort: Number(new URL(replica.url).port) });
  try {
    await waitFor(async () => (await fetch(`${varnish.url}/healthz`)).status === 200, 60_000, 200);
    const held = new Map<string, string | null>();
    for (const page of pages) {
      const answer = await fetch(varnish.url + page, { signal: AbortSignal.timeout(60_000) });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`${page} answered ${answer.status} before the replica stopped`);
      held.set(page, answer.headers.get("X-Docs-Commit"));
    }
    await replica.stop();
    const run: StaleRun = { minutes, requests: 0, served: 0, failures: [] };
    const end = Date.now() + minutes * 60_000;
    for (;;) {
      for (const page of pages) {
        run.requests++;
        try {
          const answer = await fetch(varnish.url + page, { signal: AbortSignal.timeout(10_000) });
          await answer.arrayBuffer();
          if (answer.status === 200 && answer.headers.get("X-Docs-Commit") === held.get(page)) run.served++;
          else run.failures.push(`${page}: ${answer.status}`);
        } catch (error) {
          run.failures.push(`${page}: ${(error as Error).message}`);
        }
      }
      if (Date.now() >= end) return run;
      await sleep(Math.min(ROUND_S * 1000, end - Date.now()));
    }
  } finally {
    await varnish.stop();
    await replica.stop();
  }
}
