import { afterAll, describe, expect, it } from "vitest";
import { sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { commandLines } from "./helpers/processes";
import { rawRequest } from "./helpers/raw-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, secondGuide } from "./helpers/site";
import { pushOverHttp } from "./helpers/git-http";

/** `npm start`: the primary, a front process and a server process. */
const START = "build/start.js";

/** Resumes a stopped process, if it still exists. */
const resume = (pid: number) => {
  try {
    process.kill(pid, "SIGCONT");
  } catch {
    // gone: the primary killed it
  }
};

describe("a stopped server process (SIGSTOP) behind a front", () => {
  let server: RunningServer;
  const stopped: number[] = [];
  const get = (target: string) => rawRequest(server.url, { target });
  const serverPid = async () => (JSON.parse((await get("/api/status")).body) as { process: { pid: number } }).process.pid;

  afterAll(async () => {
    stopped.forEach(resume);
    await server?.stop();
  });

  it("answers 504 rather than hanging, and the primary replaces the process so the site answers again", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    server = await startServer(
      {
        CONTENT_REPO: work.dir,
        WEB_CONCURRENCY: "1",
        FRONT_PROCESSES: "1",
        DATA_DIR: tempDir("sui-docs-data-"),
        // Shortened from 60 s each so that the test takes seconds.
        SUI_DOCS_UPSTREAM_DEADLINE_MS: "3000",
        SUI_DOCS_SILENT_MS: "10000",
      },
      START,
    );
    const pid = await serverPid();
    process.kill(pid, "SIGSTOP");
    stopped.push(pid);

    // The front's own request to the stopped process, and /healthz, end with a 504 that says why.
    const health = await get("/healthz");
    expect(health.status).toBe(504);
    expect(health.body).toContain("did not answer within 3 s");
    expect((await get("/api/status")).status).toBe(504);

    // The primary kills the silent process and starts another, which answers.
    await waitFor(async () => (await get("/healthz")).status === 200, 150_000, 500).catch((error) => {
      console.log(server.output()); // the primary's log says whether it killed and replaced the process
      throw error;
    });
    expect(await serverPid()).not.toBe(pid);
    expect(server.output()).toContain(`the server process ${pid} has not answered for`);
    expect(server.output()).toMatch(new RegExp(`the leader server process ${pid} ended \\(SIGKILL\\); starting another`));
    // The new process compiles the page cold: under load that can outlast the shortened 3 s deadline once (504),
    // while the compile goes on and is cached, so the page answers on a later request.
    await waitFor(async () => (await get("/guides/second")).status === 200, HANG_MS, 500);
  });
});

describe("a fetch from a remote that never finishes its pack", () => {
  it("is killed at REMOTE_FETCH_TIMEOUT with its git children, reported in /api/status, and the next webhook publishes", async () => {
    const { remote, work } = await remoteWithContent();
    // REMOTE_IDLE_TIMEOUT (git's low-speed limit, 60 s) stays far beyond the test: only the overall deadline can end the fetch.
    const server = await startServer({
      CONTENT_REPO: remote.url(),
      POLL_INTERVAL: "0",
      WEBHOOK_SECRET: "remote-test-secret",
      REMOTE_FETCH_TIMEOUT: "3",
    });
    const site = client(server);
    const fetches = () => commandLines(server.pid).filter((line) => /\bgit\b.*\bfetch\b|remote-https?|index-pack/.test(line));
    try {
      const before = (await site.status()).commit;
      work.write(secondGuide("After the stalled fetch."));
      const oid = work.commit("Second version");
      await pushOverHttp(work);
      remote.slowUploadPack(600_000);
      await site.webhook("refs/heads/main", oid);
      await waitFor(async () => fetches().length > 0);
      await waitFor(async () => /stopped after 3 s \(REMOTE_FETCH_TIMEOUT\)/.test((await site.status()).lastError?.message ?? ""));
      expect((await site.status()).commit).toBe(before);
      expect(fetches()).toEqual([]);

      remote.slowUploadPack(0);
      await site.webhook("refs/heads/main", oid);
      await waitFor(async () => (await site.status()).commit === oid);
      expect(await site.text("/guides/second")).toContain("After the stalled fetch.");
    } finally {
      await server.stop();
      await remote.stop();
    }
  });
});
