import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, type WorkingCopy } from "./helpers/git";
import { pushOverHttp, type GitHttpRemote } from "./helpers/git-http";
import { rawRequest, type RawResponse } from "./helpers/raw-http";
import { freePort, startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, secondGuide, WEBHOOK_SECRET } from "./helpers/site";
import { startVarnish, type RunningVarnish } from "./helpers/varnish";

/** Long enough that only a purge, never expiry, can show a push through the cache during the test. */
const MAX_AGE = 3600;

describe("a replica behind Varnish (deploy/varnish.vcl): kept, tagged, purged on publishing, served while the replica is down", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let replica: RunningServer;
  let varnish: RunningVarnish;
  let first: string;
  // Cold pages compile first, which takes seconds on a busy machine.
  const through = (target: string, headers: Record<string, string> = {}) => rawRequest(varnish.url, { target, headers }, 60_000);
  const direct = (target: string) => rawRequest(replica.url, { target }, 60_000);
  const head = () => git(work.dir, "rev-parse", "HEAD");

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    first = head();
    const cachePort = await freePort();
    replica = await startServer(
      {
        CONTENT_REPO: remote.url(),
        WEBHOOK_SECRET,
        POLL_INTERVAL: "0",
        WEB_CONCURRENCY: "1",
        FRONT_PROCESSES: "1",
        PURGE_URLS: `http://127.0.0.1:${cachePort}/`,
        SHARED_CACHE_MAX_AGE: String(MAX_AGE),
      },
      "build/start.js",
    );
    await waitFor(async () => (await direct("/readyz")).status === 200, HANG_MS, 100);
    varnish = await startVarnish({ backendPort: Number(new URL(replica.url).port), port: cachePort });
    // Its probe has seen the replica answer.
    await waitFor(async () => (await through("/healthz")).status === 200, HANG_MS, 200);
  });

  afterAll(async () => {
    await varnish?.stop();
    await replica?.stop();
    await remote?.stop();
  });

  it("sends live pages, their Markdown and live JSON to be kept and tagged, with no cookie and no Vary but Accept-Encoding", async () => {
    for (const target of ["/guides/second", "/guides/second.md", "/api/catalogue", "/"]) {
      const res = await direct(target);
      expect([target, res.status]).toEqual([target, 200]);
      const cacheControl = res.headers["cache-control"] ?? "";
      expect(cacheControl).toContain(`s-maxage=${MAX_AGE}`);
      expect(cacheControl).toMatch(/stale-while-revalidate=\d+/);
      expect(Number(/stale-if-error=(\d+)/.exec(cacheControl)?.[1])).toBeGreaterThanOrEqual(600);
      const key = target === "/guides/second.md" ? "/guides/second" : target;
      expect(res.headers["surrogate-key"]).toBe(`${key} live`);
      expect(res.headers.xkey).toBe(`${key} live`);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(res.headers.vary ?? "Accept-Encoding").toBe("Accept-Encoding");
    }
    const pinned = await direct(`/guides/second?commit=${first}`);
    expect(pinned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(pinned.headers.xkey).toBeUndefined();
  });

  it("answers a page from the cache the second time, with the replica's head, tags stripped", async () => {
    for (const target of ["/guides/second", "/guides/first", "/api/catalogue", `/guides/second?commit=${first}`]) {
      const cold = await through(target);
      expect([target, cold.status]).toEqual([target, 200]);
      const warm = await through(target);
      expect([target, warm.headers["x-cache"]]).toEqual([target, "HIT"]);
      expect(warm.headers["x-docs-commit"]).toBe(first);
      expect(warm.headers.etag).toBe(cold.headers.etag);
      expect(warm.headers.xkey).toBeUndefined();
      expect(warm.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("shows a push through the cache once the replica publishes it: the live pages are purged, pinned ones stay", async () => {
    work.write(secondGuide("Published through the cache.")).commit("Second guide, through the cache");
    await pushOverHttp(work);
    const after = head();
    expect((await client(replica).webhook("refs/heads/main", after)).status).toBe(202);
    let page: RawResponse | undefined;
    await waitFor(async () => (page = await through("/guides/second")).headers["x-docs-commit"] === after, HANG_MS, 100);
    expect(page!.body).toContain("Published through the cache.");
    expect(replica.output()).toMatch(/purged live at varnish http:\/\/127\.0\.0\.1:\d+\//);
    // Kept again: the next reader is answered by the cache.
    expect((await through("/guides/second")).headers["x-cache"]).toBe("HIT");
    const pinned = await through(`/guides/second?commit=${first}`);
    expect([pinned.headers["x-cache"], pinned.headers["x-docs-commit"]]).toEqual(["HIT", first]);
  });

  it("keeps answering the pages it holds, purged ones included, with the replica stopped", async () => {
    // Kept copies may be served stale for at least 10 minutes (the site's stale-if-error, a day here).
    const grace = await through("/guides/second", { "X-Cache-Debug": "1" });
    expect(grace.headers["x-cache"]).toBe("HIT");
    expect(Number(grace.headers["x-cache-grace"])).toBeGreaterThanOrEqual(600);
    // /guides/first was purged with the push and not read since: only a stale copy is left.
    await replica.stop();
    await expect(direct("/healthz")).rejects.toThrow();
    // Once the cache's probe has seen the replica gone, the stale copy is served (before, it tries the replica).
    let stale: RawResponse | undefined;
    await waitFor(async () => (stale = await through("/guides/first")).status === 200, HANG_MS, 200);
    expect([stale!.headers["x-cache"], stale!.headers["x-docs-commit"]]).toEqual(["HIT", first]);
    for (const target of ["/guides/second", "/guides/first", "/api/catalogue", `/guides/second?commit=${first}`]) {
      expect([target, (await through(target)).status]).toEqual([target, 200]);
    }
  });
});
