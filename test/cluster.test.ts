import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { GitHttpRemote, pushOverHttp } from "./helpers/git-http";
import { rawRequest, type RawRequest } from "./helpers/raw-http";
import { runToExit, startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { remoteWithContent, secondGuide, signedDelivery, WEBHOOK_SECRET } from "./helpers/site";

/** `npm start` with WEB_CONCURRENCY server processes sharing one port and no front process (front.test.ts has those). */
const START = "build/start.js";
const PROCESSES = 2;

interface ProcessStatus {
  commit: string;
  compiles: number;
  process: { pid: number; role: "leader" | "follower" };
  lastError?: { commit: string; file: string; message: string };
  checks?: { commit: string; counts: Record<string, number>; links: Array<{ url: string }> };
}

/**
 * Each request on a connection of its own: node:cluster hands connections, not requests, to the
 * server processes in turn, so consecutive requests reach every process.
 */
const request = (server: RunningServer, req: RawRequest) => rawRequest(server.url, req);
const statusOf = async (server: RunningServer) => JSON.parse((await request(server, { target: "/api/status" })).body) as ProcessStatus;

/** The live commit of every server process, by pid, read until each has answered (or the time runs out). */
async function commitsByProcess(server: RunningServer, timeoutMs = HANG_MS): Promise<Map<number, ProcessStatus>> {
  const seen = new Map<number, ProcessStatus>();
  await waitFor(
    async () => {
      const status = await statusOf(server);
      seen.set(status.process.pid, status);
      return seen.size === PROCESSES;
    },
    timeoutMs,
    0,
  );
  return seen;
}

/**
 * Push-to-live is measured on a serving site: the first compile in a process loads the MDX
 * toolchain (seconds on a loaded machine), which a reader's first visit pays, not a push.
 */
async function readEveryProcess(server: RunningServer): Promise<void> {
  for (let i = 0; i < 2 * PROCESSES; i++) {
    const res = await request(server, { target: "/guides/second" });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Second Guide");
  }
}

/** Resolves with the ms until every server process serves `commit`; fails after `timeoutMs`. */
async function everyProcessServes(server: RunningServer, commit: string, timeoutMs = HANG_MS): Promise<number> {
  const current = new Map<number, string>();
  return waitFor(
    async () => {
      const status = await statusOf(server);
      current.set(status.process.pid, status.commit);
      return current.size === PROCESSES && [...current.values()].every((c) => c === commit);
    },
    timeoutMs,
    10,
  );
}

describe(`the site as ${PROCESSES} server processes (WEB_CONCURRENCY) on a local repository`, () => {
  let work: WorkingCopy;
  let server: RunningServer;
  const dataDir = tempDir("sui-docs-data-");
  const compiled = path.join(dataDir, "compiled");
  const compiledFiles = () =>
    fs.existsSync(compiled) ? (fs.readdirSync(compiled, { recursive: true }) as string[]).filter((f) => f.endsWith(".json")) : [];

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    server = await startServer(
      { CONTENT_REPO: work.dir, WEB_CONCURRENCY: String(PROCESSES), FRONT_PROCESSES: "0", DATA_DIR: dataDir },
      START,
    );
    // The followers start once the leader has built the history index.
    await commitsByProcess(server);
  });
  afterAll(() => server?.stop());

  it("serves pages from a leader and a follower, compiling a page once for both", async () => {
    const processes = [...(await commitsByProcess(server)).values()];
    expect(processes.map((s) => s.process.role).sort()).toEqual(["follower", "leader"]);
    expect(new Set(processes.map((s) => s.commit)).size).toBe(1);
    // The first process to serve the page compiles it and stores it in DATA_DIR (beside serving);
    // once it is there, the other reads it instead of compiling it again.
    expect((await request(server, { target: "/guides/second" })).status).toBe(200);
    await waitFor(async () => compiledFiles().length > 0);
    await readEveryProcess(server);
    const compiles = [...(await commitsByProcess(server)).values()].map((s) => s.compiles);
    expect(compiles.reduce((a, b) => a + b)).toBe(1);
  });

  it("shows a push in every process, and reports a broken one from every process", async () => {
    work.write(secondGuide("Seen by every server process."));
    const oid = work.commit("Edit the second guide");
    const ms = await everyProcessServes(server, oid);
    console.log(`push-to-live in all ${PROCESSES} processes: ${ms} ms`);
    for (let i = 0; i < 2 * PROCESSES; i++)
      expect((await request(server, { target: "/guides/second" })).body).toContain("Seen by every server process.");

    work.write(page("guides/second", "Second Guide", "## Broken\n\n<div>this tag never closes", { sidebar: "guidesSidebar" }));
    const broken = work.commit("Break the second guide");
    await waitFor(async () => [...(await commitsByProcess(server)).values()].every((s) => s.lastError?.commit === broken));
    for (const status of (await commitsByProcess(server)).values()) {
      expect(status.commit).toBe(oid);
      expect(status.lastError?.file).toBe("docs/guides/second.mdx");
    }
  });

  it("shows the live commit's checks in every process's status, a follower's as the leader computed them", async () => {
    work.write(secondGuide("Mended, with [a guide to come](/guides/fifth)."));
    const oid = work.commit("Link a guide to come");
    await waitFor(async () => [...(await commitsByProcess(server)).values()].every((s) => s.checks?.commit === oid));
    for (const status of (await commitsByProcess(server)).values()) {
      expect(status.checks).toMatchObject({
        commit: oid,
        counts: { links: 1 },
        links: [expect.objectContaining({ url: "/guides/fifth" })],
      });
    }
  });

  // Last: it kills one of this describe's processes.
  it("replaces a follower that was killed, and the replacement serves the live commit", async () => {
    const before = [...(await commitsByProcess(server)).values()];
    const follower = before.find((s) => s.process.role === "follower")!;
    const live = follower.commit;
    process.kill(follower.process.pid, "SIGKILL");
    const serving = new Map<number, string>();
    await waitFor(
      async () => {
        // A connection node:cluster handed to the process as it was killed gets no answer.
        const status = await rawRequest(server.url, { target: "/api/status" }, 2_000).then(
          (res) => JSON.parse(res.body) as ProcessStatus,
          () => undefined,
        );
        if (status && status.process.pid !== follower.process.pid) serving.set(status.process.pid, status.commit);
        return serving.size === PROCESSES && [...serving.values()].every((c) => c === live);
      },
      HANG_MS,
      0,
    );
    expect((await request(server, { target: "/guides/second" })).status).toBe(200);
  });
});

describe(`the site as ${PROCESSES} server processes on a remote, kept current by webhooks`, () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let server: RunningServer;

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    server = await startServer(
      { CONTENT_REPO: remote.url(), WEBHOOK_SECRET, POLL_INTERVAL: "0", WEB_CONCURRENCY: String(PROCESSES), FRONT_PROCESSES: "0" },
      START,
    );
    await commitsByProcess(server);
    await readEveryProcess(server);
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
  });

  const webhook = (after: string): RawRequest => {
    return {
      method: "POST",
      target: "/api/webhooks/git",
      ...signedDelivery("push", { ref: "refs/heads/main", before: "0".repeat(40), after }),
    };
  };

  // Connections go to the processes in turn: a webhook sent right after the leader answered reaches
  // a follower, which has the leader fetch; one sent after a follower answered reaches the leader.
  it.each(["leader", "follower"] as const)("serves a push in every process after a webhook sent after the %s answered", async (before) => {
    work.write(secondGuide(`Fetched once a webhook reached the process after the ${before}.`));
    const oid = work.commit(`Edition after the ${before}`);
    await pushOverHttp(work);
    await waitFor(async () => (await statusOf(server)).process.role === before, HANG_MS, 0);
    expect((await request(server, webhook(oid))).status).toBe(202);
    // As in remote.test.ts: the fetch over HTTP and the check of the commit take seconds on a loaded machine.
    const ms = await everyProcessServes(server, oid).catch((error) => {
      console.log(server.output()); // the servers' log says why a commit was not published
      throw error;
    });
    console.log(`webhook push-to-live in all ${PROCESSES} processes (webhook after the ${before}): ${ms} ms`);
  });
});

describe("the start command with several server processes, when it cannot work", () => {
  it("stops with the leader's one line and exit code 1 when the configuration cannot work", async () => {
    const { code, output } = await runToExit(
      { CONTENT_REPO: "/nonexistent/docs", WEB_CONCURRENCY: String(PROCESSES), FRONT_PROCESSES: "0" },
      30_000,
      START,
    );
    expect(code).toBe(1);
    expect(output).toMatch(/sui-docs: CONTENT_REPO \/nonexistent\/docs is not a Git repository/);
  });

  it.each(["0", "two", "1.5"])("refuses WEB_CONCURRENCY=%s with a line that names it", async (value) => {
    const { code, output } = await runToExit({ WEB_CONCURRENCY: value }, 30_000, START);
    expect(code).toBe(1);
    expect(output).toContain(`sui-docs: WEB_CONCURRENCY must be a whole number of server processes, 1 or more, got "${value}"`);
  });
});
