import { afterAll, describe, expect, it } from "vitest";
import { sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { rawRequest } from "./helpers/raw-http";
import { startServer, waitFor, type RunningServer } from "./helpers/server";

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
    await waitFor(async () => (await get("/healthz")).status === 200, 90_000, 500);
    expect(await serverPid()).not.toBe(pid);
    expect(server.output()).toContain(`the server process ${pid} has not answered for`);
    expect(server.output()).toMatch(new RegExp(`the leader server process ${pid} ended \\(SIGKILL\\); starting another`));
    expect((await get("/guides/second")).status).toBe(200);
  });
});
