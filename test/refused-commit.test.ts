import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { rawRequest } from "./helpers/raw-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { secondGuide } from "./helpers/site";

const PROCESSES = 2;

interface ProcessStatus {
  commit: string;
  process: { pid: number };
  lastError?: { commit: string };
}

/**
 * A commit the publish check refused, read at ?commit=, on `npm start` with a leader and a follower
 * (only the leader checks pushes) and after a restart on the same DATA_DIR.
 */
describe("a commit refused for publishing, at ?commit=", () => {
  let work: WorkingCopy;
  let server: RunningServer;
  let first: string;
  let broken: string;
  const dataDir = tempDir("sui-docs-data-");
  const start = () =>
    startServer({ CONTENT_REPO: work.dir, WEB_CONCURRENCY: String(PROCESSES), FRONT_PROCESSES: "0", DATA_DIR: dataDir }, "build/start.js");
  // Each request on a connection of its own: node:cluster hands connections to the processes in turn.
  const get = (target: string) => rawRequest(server.url, { target });
  /** Every process's status, read until each has answered one that passes `until`. */
  const everyProcess = (until: (s: ProcessStatus) => boolean) => {
    const seen = new Map<number, ProcessStatus>();
    return waitFor(
      async () => {
        const status = JSON.parse((await get("/api/status")).body) as ProcessStatus;
        seen.set(status.process.pid, status);
        return seen.size === PROCESSES && [...seen.values()].every(until);
      },
      HANG_MS,
      20,
    );
  };
  /** Answers from every process (2 connections per process, handed out in turn). */
  const fromEveryProcess = async (target: string) => {
    const answers = [];
    for (let i = 0; i < 2 * PROCESSES; i++) answers.push(await get(target));
    return answers;
  };

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    first = work.commit("First version");
    server = await start();
    await everyProcess((s) => s.commit === first);
  });
  afterAll(() => server?.stop());

  it("answers 409 naming the check's reason in every process, while the live site keeps the previous commit", async () => {
    work.write(
      page("guides/second", "Second Guide", "## Broken\n\nHIDDEN-BROKEN-TEXT <div>this tag never closes", { sidebar: "guidesSidebar" }),
    );
    broken = work.commit("Break the page");
    await everyProcess((s) => s.lastError?.commit === broken && s.commit === first);

    for (const res of await fromEveryProcess(`/guides/second?commit=${broken}`)) {
      expect(res.status).toBe(409);
      expect(res.body).toContain("refused by the publish check");
      expect(res.body).toContain("docs/guides/second.mdx");
      expect(res.body).toContain('href="/guides/second"');
      expect(res.body).not.toContain("HIDDEN-BROKEN-TEXT");
    }
    // Every route that reads at ?commit= refuses it: the API, a page's other pages.
    for (const res of await fromEveryProcess(`/api/catalogue?commit=${broken.slice(0, 7)}`)) {
      expect(res.status).toBe(409);
      expect(JSON.parse(res.body).error).toMatch(/refused by the publish check.*docs\/guides\/second\.mdx/);
    }
    expect((await get(`/guides/first?commit=${broken}`)).status).toBe(409);
    // The live site is the previous commit, and an older commit, never refused, still renders.
    expect((await get("/guides/second")).body).not.toContain("HIDDEN-BROKEN-TEXT");
    for (const res of await fromEveryProcess(`/guides/second?commit=${first}`)) expect(res.status).toBe(200);
  });

  it("publishes a later good push, and keeps refusing the broken commit after a restart", async () => {
    work.write(secondGuide("FIXED-TEXT, the page works again."));
    const fixed = work.commit("Fix the page");
    await everyProcess((s) => s.commit === fixed && s.lastError === undefined);
    expect((await get("/guides/second")).body).toContain("FIXED-TEXT");
    for (const res of await fromEveryProcess(`/guides/second?commit=${broken}`)) expect(res.status).toBe(409);

    // The refusal is kept in DATA_DIR: a new set of processes, which never checked it, knows it.
    await server.stop();
    server = await start();
    await everyProcess((s) => s.commit === fixed);
    for (const res of await fromEveryProcess(`/guides/second?commit=${broken}`)) {
      expect(res.status).toBe(409);
      expect(res.body).toContain("docs/guides/second.mdx");
    }
    for (const res of await fromEveryProcess(`/guides/second?commit=${first}`)) expect(res.status).toBe(200);
    expect((await get(`/guides/second?commit=${fixed}`)).body).toContain("FIXED-TEXT");
  });
});
