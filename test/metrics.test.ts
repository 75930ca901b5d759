import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, tempDir, type WorkingCopy } from "./helpers/git";
import { pushOverHttp, type GitHttpRemote } from "./helpers/git-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, secondGuide, WEBHOOK_SECRET } from "./helpers/site";

/** `npm start` as a small production site: fronts before several server processes. */
const START = "build/start.js";
/** The scraper's address; 127.0.0.1, every other request's, is outside METRICS_ALLOW. */
const SCRAPER = "127.0.0.2";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[name!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

function getFrom(url: string, localAddress: string): Promise<{ status: number; type?: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { localAddress, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body }));
      })
      .on("error", reject);
  });
}

describe("/metrics and the JSON access log, across fronts and server processes", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let server: RunningServer;
  let site: ReturnType<typeof client>;
  const scrape = async () => {
    const res = await getFrom(`${server.url}/metrics`, SCRAPER);
    expect(res.status).toBe(200);
    expect(res.type).toContain("text/plain");
    return parseExposition(res.body);
  };
  /** The JSON log lines the site has written so far. */
  const logLines = () =>
    server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    server = await startServer(
      {
        CONTENT_REPO: remote.url(),
        POLL_INTERVAL: "0",
        WEBHOOK_SECRET,
        FRONT_PROCESSES: "1",
        WEB_CONCURRENCY: "2",
        LOG_FORMAT: "json",
        METRICS_ALLOW: `${SCRAPER}/32`,
        // The load balancer in front of a replica, as in deploy/: it names the reader in X-Forwarded-For.
        TRUSTED_PROXIES: "127.0.0.1",
        DATA_DIR: tempDir("sui-docs-data-"),
      },
      START,
    );
    site = client(server);
    // Every process reports: the follower starts once the leader is ready.
    await waitFor(async () => total(await scrape(), "docs_processes") === 3, HANG_MS, 200);
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
  });

  it("answers 403 to an address outside METRICS_ALLOW, saying what to change", async () => {
    const res = await site.get("/metrics");
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("METRICS_ALLOW");
    expect((await getFrom(`${server.url}/metrics`, SCRAPER)).status).toBe(200);
  });

  it("counts each request once, merged across the front and both server processes", async () => {
    const before = await scrape();
    expect(total(before, "docs_processes", { role: "front" })).toBe(1);
    expect(total(before, "docs_processes", { role: "leader" })).toBe(1);
    expect(total(before, "docs_processes", { role: "follower" })).toBe(1);
    for (let i = 0; i < 6; i++) expect((await site.get("/guides/second")).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await site.get("/guides/no-such-page")).status).toBe(404);
    // Taken by the server processes in turn (the front passes the API on), so both count some.
    for (let i = 0; i < 4; i++) expect((await site.get("/api/status")).status).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => total(after, name, labels) - total(before, name, labels);
    expect(delta("docs_http_requests_total", { kind: "page", status: "200" })).toBe(6);
    expect(delta("docs_http_requests_total", { kind: "page", status: "404" })).toBe(4);
    expect(delta("docs_http_requests_total", { kind: "api", status: "200" })).toBe(4);
    expect(delta("docs_http_request_duration_seconds_count", { kind: "page" })).toBe(10);
    expect(delta("docs_http_request_duration_seconds_count", { kind: "api" })).toBe(4);
    // Every page read passes the front, hit or miss; each miss is looked up in a server process.
    const front = (result: string) => delta("docs_kept_pages_total", { process: "front", result });
    const serverSide = (result: string) => delta("docs_kept_pages_total", { process: "server", result });
    expect(front("hit") + front("miss")).toBe(10);
    expect(serverSide("hit") + serverSide("miss")).toBe(front("miss"));
    // Rendered at most once by each server process; every other read is answered from memory (the front's or the server's).
    expect(front("hit") + serverSide("hit")).toBeGreaterThanOrEqual(4);
  });

  it("logs one JSON line per request: time, id, route kind, status, duration, commit", async () => {
    const { commit } = await site.status();
    await site.get("/guides/second", { headers: { "X-Request-Id": "metrics-test-1" } });
    await site.get("/api/version", { headers: { "X-Request-Id": "metrics-test-2" } });
    let lines: Array<Record<string, unknown>> = [];
    await waitFor(async () => (lines = logLines()).filter((l) => String(l.id).startsWith("metrics-test-")).length === 2);
    const [kept, api] = ["metrics-test-1", "metrics-test-2"].map((id) => lines.find((l) => l.id === id)!);
    expect(kept).toMatchObject({ method: "GET", path: "/guides/second", kind: "page", status: 200, commit });
    expect(api).toMatchObject({ method: "GET", path: "/api/version", kind: "api", status: 200, commit });
    for (const line of [kept!, api!]) {
      expect(Number.isNaN(Date.parse(String(line.time)))).toBe(false);
      expect(line.durationMs).toEqual(expect.any(Number));
    }
    // Without an id from a proxy, each request gets its own.
    const ids = lines.filter((l) => l.path === "/guides/second").map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("logs the reader a trusted proxy names in X-Forwarded-For, and the connection's address otherwise", async () => {
    const forwarded = (id: string, path: string) =>
      site.get(path, { headers: { "X-Request-Id": id, "X-Forwarded-For": "198.51.100.9, 203.0.113.7" } });
    // A kept page (answered by the front) and an API answer (by a server process), from the trusted 127.0.0.1.
    await forwarded("client-test-1", "/guides/second");
    await forwarded("client-test-2", "/api/version");
    // From an address that is not a trusted proxy, the header is the reader's own to write, and ignored.
    await new Promise<void>((resolve, reject) =>
      http
        .get(
          `${server.url}/api/version`,
          { localAddress: SCRAPER, agent: false, headers: { "X-Request-Id": "client-test-3", "X-Forwarded-For": "203.0.113.7" } },
          (res) => res.resume().on("end", resolve),
        )
        .on("error", reject),
    );
    let lines: Array<Record<string, unknown>> = [];
    await waitFor(async () => (lines = logLines()).filter((l) => String(l.id).startsWith("client-test-")).length === 3);
    const client = (id: string) => lines.find((l) => l.id === id)?.client;
    expect(["client-test-1", "client-test-2", "client-test-3"].map(client)).toEqual(["203.0.113.7", "203.0.113.7", SCRAPER]);
  });

  it("shows a push: the webhook, the fetch of the served branch, the publish check's compile, the live commit's age", async () => {
    const before = await scrape();
    const pushedAt = Date.now();
    work.write(secondGuide("Measured by the metrics test."));
    const commit = work.commit("Edit the second guide");
    await pushOverHttp(work);
    expect((await site.webhook("refs/heads/main", commit)).status).toBe(202);
    await waitFor(async () => (await site.status()).commit === commit, HANG_MS, 100);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    expect(delta("docs_webhook_deliveries_total", { outcome: "push" })).toBe(1);
    expect(delta("docs_fetch_duration_seconds_count", { scope: "served", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(delta("docs_compile_duration_seconds_count", { job: "compile", lane: "publish", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(delta("docs_compile_duration_seconds_sum", { job: "compile", lane: "publish" })).toBeGreaterThan(0);
    const committed = Number(git(work.dir, "log", "-1", "--format=%ct", commit));
    expect(total(after, "docs_live_commit_timestamp_seconds")).toBe(committed);
    // Published after the push: its age counts from then, not from the start.
    const age = total(after, "docs_live_commit_age_seconds");
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual((Date.now() - pushedAt) / 1000);
    expect(total(after, "docs_compile_queue_depth")).toBeGreaterThanOrEqual(0);
  });

  it("counts failed fetches and refused deliveries", async () => {
    const before = await scrape();
    remote.fail(503);
    try {
      expect((await site.webhook("refs/heads/topic", "0".repeat(40))).status).toBe(202);
      await waitFor(
        async () => total(await scrape(), "docs_fetch_failures_total") > total(before, "docs_fetch_failures_total"),
        HANG_MS,
        200,
      );
    } finally {
      remote.recover();
    }
    const forged = await site.get("/api/webhooks/git", {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", "X-GitHub-Event": "push", "X-Hub-Signature-256": `sha256=${"0".repeat(64)}` },
    });
    expect(forged.status).toBe(401);
    const after = await scrape();
    expect(total(after, "docs_fetch_duration_seconds_count", { scope: "all", outcome: "failed" })).toBeGreaterThan(
      total(before, "docs_fetch_duration_seconds_count", { scope: "all", outcome: "failed" }),
    );
    expect(
      total(after, "docs_webhook_deliveries_total", { outcome: "refused" }) -
        total(before, "docs_webhook_deliveries_total", { outcome: "refused" }),
    ).toBe(1);
  });
});
