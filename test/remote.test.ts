import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pollDelaySeconds } from "../server/source/live";
import { readConfig } from "../server/config";
import { openRepository } from "../server/source/repository";
import { git as gitCli, page, tempDir, WorkingCopy } from "./helpers/git";
import { GitHttpRemote, pushOverHttp, TEST_CLIENT_AGENT, type RemoteRequest } from "./helpers/git-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, secondGuide, WEBHOOK_SECRET as SECRET, type Status } from "./helpers/site";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
/** The docs server's own fetches: the tests' clones and pushes name themselves TEST_CLIENT_AGENT. */
const fromServer = (r: RemoteRequest) => r.userAgent !== TEST_CLIENT_AGENT;

describe("a remote over Git smart HTTP, kept current by webhooks", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let server: RunningServer;
  let site: ReturnType<typeof client>;
  const latencies: number[] = [];
  const pushTimes: number[] = [];

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    server = await startServer({ CONTENT_REPO: remote.url(), WEBHOOK_SECRET: SECRET, POLL_INTERVAL: "0" });
    site = client(server);
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
    if (latencies.length) {
      console.log(
        `webhook push-to-live over ${latencies.length} pushes: median ${median(latencies)} ms, max ${Math.max(...latencies)} ms` +
          ` (of which git push over HTTP: median ${median(pushTimes)} ms, max ${Math.max(...pushTimes)} ms)`,
      );
    }
  });

  /** Commits a change, pushes it over HTTP and sends the webhook; returns the commit. */
  async function pushAndNotify(files: Record<string, string>, message: string): Promise<string> {
    work.write(files);
    const oid = work.commit(message);
    await pushOverHttp(work);
    const res = await site.webhook("refs/heads/main", oid);
    expect(res.status).toBe(202);
    return oid;
  }

  it("serves the remote's branch, cloned over HTTP", async () => {
    expect(await site.text("/guides/second")).toContain("Second Guide");
    const status = await site.status();
    expect(status.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(remote.requests.some((r) => fromServer(r) && r.url.endsWith("/git-upload-pack") && r.status === 200)).toBe(true);
  });

  it("serves a pushed change after a signed webhook, without a restart, ten times", async () => {
    for (let i = 1; i <= 10; i++) {
      work.write(secondGuide(`Remote edition number ${i} of this page.`));
      const oid = work.commit(`Remote edition ${i}`);
      const started = Date.now();
      await pushOverHttp(work);
      pushTimes.push(Date.now() - started);
      const res = await site.webhook("refs/heads/main", oid);
      expect(res.status).toBe(202);
      await waitFor(
        async () => (await site.text("/guides/second")).includes(`Remote edition number ${i} of this page.`),
        HANG_MS,
        20,
      ).catch((error) => {
        console.log(server.output()); // the server's log says why a commit was not published
        throw error;
      });
      latencies.push(Date.now() - started);
      expect((await site.status()).commit).toBe(oid);
    }
  });

  it("publishes a commit only once a slow fetch has brought its objects", async () => {
    remote.slowUploadPack(2_000);
    try {
      const oid = await pushAndNotify(secondGuide("Arrived over a slow link."), "Slow fetch");
      const seen: Status[] = [];
      await waitFor(async () => {
        seen.push(await site.status());
        return seen.at(-1)!.commit === oid;
      });
      expect(seen.filter((s) => s.lastError)).toEqual([]);
      expect(await site.text("/guides/second")).toContain("Arrived over a slow link.");
    } finally {
      remote.slowUploadPack(0);
    }
  });

  it("keeps a broken push out, reports commit, file and message, and publishes the fix", async () => {
    const liveBefore = (await site.status()).commit;
    const broken = await pushAndNotify(
      page("guides/second", "Second Guide", "## Broken\n\n<div>this tag never closes", { sidebar: "guidesSidebar" }),
      "Break the page",
    );
    await waitFor(async () => (await site.status()).lastError?.commit === broken);
    const status = await site.status();
    expect(status.commit).toBe(liveBefore);
    expect(status.lastError).toMatchObject({ commit: broken, file: "docs/guides/second.mdx" });
    expect(status.lastError!.message).toMatch(/div/);
    expect(await site.text("/guides/second")).toContain("Arrived over a slow link.");

    const fixed = await pushAndNotify(secondGuide("The page works again."), "Fix the page");
    await waitFor(async () => (await site.status()).commit === fixed);
    expect(await site.text("/guides/second")).toContain("The page works again.");
    expect((await site.status()).lastError).toBeUndefined();
  });

  it("fetches on a webhook for another branch, which becomes a preview and leaves the live site as it is", async () => {
    const liveBefore = (await site.status()).commit;
    gitCli(work.dir, "checkout", "-q", "-b", "feature");
    work.write(secondGuide("Only on the feature branch."));
    const feature = work.commit("Feature work");
    await pushOverHttp(work, "feature");
    gitCli(work.dir, "checkout", "-q", "main");

    const res = await site.webhook("refs/heads/feature", feature);
    expect(res.status).toBe(202);
    expect((await res.json()).message).toMatch(/refs\/heads\/feature will be previewable as \?ref=feature/);
    await waitFor(async () => (await site.text("/guides/second?ref=feature")).includes("Only on the feature branch."));
    expect((await site.status()).commit).toBe(liveBefore);
    expect(await site.text("/guides/second")).not.toContain("Only on the feature branch.");
  });

  it("keeps serving while the remote is gone, reports the fetch error, and catches up when it is back", async () => {
    const liveBefore = await pushAndNotify(secondGuide("Live before the outage."), "Before the outage");
    await waitFor(async () => (await site.status()).commit === liveBefore);
    work.write(secondGuide("Pushed just before the remote went away."));
    const pending = work.commit("Last push before the outage");
    await pushOverHttp(work);
    await remote.stop();
    const wentAway = new Date();

    expect((await site.webhook("refs/heads/main", pending)).status).toBe(202);
    await waitFor(async () => {
      const error = (await site.status()).lastError;
      return !!error && new Date(error.at) >= wentAway;
    });
    const status = await site.status();
    expect(status.commit).toBe(liveBefore);
    expect(status.lastError!.message).toMatch(/^fetch failed: .*Failed to connect/);
    expect(status.lastError!.file).toBe(remote.url());
    const res = await site.get("/guides/second");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Live before the outage.");

    await remote.restart();
    const next = await pushAndNotify(secondGuide("Published after the remote came back."), "After the outage");
    await waitFor(async () => (await site.status()).commit === next);
    expect(await site.text("/guides/second")).toContain("Published after the remote came back.");
    const after = await site.status();
    expect(after.lastError).toBeUndefined();
    expect(new Date(after.lastFetch!).getTime()).toBeGreaterThan(wentAway.getTime());
  });

  it("clears a fetch error once a fetch succeeds, even with nothing new to publish", async () => {
    const live = (await site.status()).commit;
    await remote.stop();
    const wentAway = new Date();
    await site.webhook("refs/heads/main", live);
    await waitFor(async () => {
      const error = (await site.status()).lastError;
      return !!error && new Date(error.at) >= wentAway;
    });
    await remote.restart();
    await site.webhook("refs/heads/main", live);
    await waitFor(async () => (await site.status()).lastError === undefined);
    expect((await site.status()).commit).toBe(live);
  });
});

describe("restarting on a clone kept in DATA_DIR", () => {
  it("catches up at start with what was pushed while the server was down", async () => {
    const { remote, work } = await remoteWithContent();
    const env = { CONTENT_REPO: remote.url(), POLL_INTERVAL: "0", DATA_DIR: tempDir("sui-docs-data-") };
    try {
      const first = await startServer(env);
      const before = await client(first).status();
      await first.stop();

      work.write(secondGuide("Pushed while the site was down."));
      const oid = work.commit("While down");
      await pushOverHttp(work);

      const second = await startServer(env);
      try {
        const site = client(second);
        await waitFor(async () => (await site.status()).commit === oid);
        expect(oid).not.toBe(before.commit);
        expect(await site.text("/guides/second")).toContain("Pushed while the site was down.");
        expect(second.output()).toContain(`serving ${remote.url()} at ${before.commit.slice(0, 7)}`);
      } finally {
        await second.stop();
      }
    } finally {
      await remote.stop();
    }
  });
});

describe("polling a remote without webhooks", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let server: RunningServer;
  let site: ReturnType<typeof client>;

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    // Half a second, so the backoff's doubling waits (1, 2, 4 s) show in a few seconds.
    server = await startServer({ CONTENT_REPO: remote.url(), POLL_INTERVAL: "0.5" });
    site = client(server);
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
  });

  it("sees a push within a few seconds", async () => {
    work.write(secondGuide("Found by polling."));
    work.commit("Poll me");
    await pushOverHttp(work);
    const took = await waitFor(async () => (await site.text("/guides/second")).includes("Found by polling."));
    console.log(`poll push-to-live with POLL_INTERVAL=0.5: ${took} ms after the push`);
    expect((await site.get("/api/webhooks/git", { method: "POST", body: "{}" })).status).toBe(404);
  });

  it("backs off while the remote fails, keeps serving, and returns to the interval when it recovers", async () => {
    const failingSince = Date.now();
    remote.fail(503);
    // Read once an attempt has failed: a poll that was under way as the remote failed may still succeed.
    await waitFor(async () => remote.requests.some((r) => fromServer(r) && r.at >= failingSince && r.status === 503));
    const lastGoodFetch = (await site.status()).lastFetch;
    expect(lastGoodFetch).toBeDefined();
    // Polling every half second would make an attempt each 0.5 s; doubling waits leave 1 s, then 2 s between them.
    // Load can only lengthen the gaps, so lower bounds hold on any machine.
    const failedAttempts = () => remote.requests.filter((r) => fromServer(r) && r.at >= failingSince).map((r) => r.at);
    await waitFor(async () => failedAttempts().length >= 3);
    const attempts = failedAttempts();
    const gaps = attempts.slice(1, 3).map((at, i) => at - attempts[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(750);
    expect(gaps[1]).toBeGreaterThanOrEqual(1_500);

    const status = await site.status();
    expect(status.lastError?.message).toMatch(/^fetch failed: .*503/);
    expect(status.lastFetch).toBe(lastGoodFetch);
    expect(await site.text("/guides/second")).toContain("Found by polling.");

    remote.recover();
    work.write(secondGuide("Found after the remote recovered."));
    const oid = work.commit("After recovery");
    await pushOverHttp(work);
    // The next attempt is due 4 s after the last failed one.
    await waitFor(async () => (await site.status()).commit === oid);
    expect((await site.status()).lastError).toBeUndefined();
    // Back to the half-second interval: the next two polls are far closer together than the 8 s the backoff would wait next.
    const recoveredAt = Date.now();
    const polls = () => remote.requests.filter((r) => fromServer(r) && r.at >= recoveredAt && r.url.includes("info/refs")).map((r) => r.at);
    await waitFor(async () => polls().length >= 2);
    const [first, second] = polls();
    expect(second! - first!).toBeLessThan(8_000);
  });
});

describe("the poll backoff schedule", () => {
  it.each([
    [60, 0, 60],
    [60, 1, 120],
    [60, 3, 480],
    [60, 4, 600],
    [60, 50, 600],
    [1, 0, 1],
    [1, 4, 16],
    [1, 10, 600],
    [900, 5, 900],
  ])("interval %i s after %i failures waits %i s", (base, failures, expected) => {
    expect(pollDelaySeconds(base, failures)).toBe(expected);
  });
});

describe("a remote that stops answering", () => {
  it("fails the fetch after the idle timeout instead of holding every later fetch", async () => {
    const { remote, url } = await remoteWithContent();
    try {
      const config = readConfig({ CONTENT_REPO: url, DATA_DIR: tempDir("sui-docs-data-"), REMOTE_IDLE_TIMEOUT: "1" });
      const repository = await openRepository(config, () => {});
      remote.hang();
      const started = Date.now();
      // git says for how long it saw too little: REMOTE_IDLE_TIMEOUT's 1 s, not the 60 s default.
      await expect(repository.fetch!()).rejects.toThrow(/git fetch: .*too slow.* the last 1 seconds/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      remote.recover();
      await repository.fetch!();
    } finally {
      await remote.stop();
    }
  });
});
