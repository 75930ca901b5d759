import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { rawRequest } from "./helpers/raw-http";
import { HANG_MS, startServer, waitFor, type RunningServer } from "./helpers/server";
import { secondGuide } from "./helpers/site";

/** The processes a process started (Linux). */
const childrenOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(" ").filter(Boolean).map(Number);

/** `npm start` with a front process (http/front.ts) before the one server process. */
const START = "build/start.js";

interface Status {
  commit: string;
  process: { pid: number };
  /** The server process's own page cache: requests it answered from memory, and those it rendered. */
  renderedPages: { hits: number; misses: number };
}

describe("the site behind a front process (FRONT_PROCESSES=1)", () => {
  let work: WorkingCopy;
  let server: RunningServer;
  const get = (target: string, headers: Record<string, string> = {}) => rawRequest(server.url, { target, headers }, HANG_MS);
  const status = async () => JSON.parse((await get("/api/status")).body) as Status;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    server = await startServer(
      { CONTENT_REPO: work.dir, WEB_CONCURRENCY: "1", FRONT_PROCESSES: "1", DATA_DIR: tempDir("sui-docs-data-") },
      START,
    );
  });
  afterAll(() => server?.stop());

  it("answers a page it was sent from memory, without the server process, with the same head and 304", async () => {
    const first = await get("/guides/second");
    expect(first.status).toBe(200);
    expect(first.body).toContain("Second Guide");
    const before = await status();
    const again = await get("/guides/second", { "accept-encoding": "gzip" });
    const revalidated = await get("/guides/second", { "if-none-match": first.headers.etag! });
    const after = await status();
    // Neither request reached the server process: its cache saw no request in between but the status request itself.
    expect([after.renderedPages.hits, after.renderedPages.misses]).toEqual([before.renderedPages.hits, before.renderedPages.misses + 1]);
    expect(again.status).toBe(200);
    expect(again.headers["content-encoding"]).toBe("gzip");
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(again.headers["x-frame-options"]).toBe("DENY");
    expect(revalidated.status).toBe(304);
  });

  it("passes everything else on: unknown pages, assets, the API, refused methods", async () => {
    const missing = await get("/guides/no-such-page");
    expect(missing.status).toBe(404);
    expect(missing.body).toContain("<html");
    expect((await get("/api/catalogue")).headers["content-type"]).toContain("application/json");
    expect((await get("/favicon.svg")).headers["content-type"]).toContain("image/svg+xml");
    const post = await rawRequest(server.url, { method: "POST", target: "/guides/second", body: "x" }, HANG_MS);
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("shows a push: the leader's new live commit reaches the front", async () => {
    expect((await get("/guides/second")).status).toBe(200);
    work.write(secondGuide("Seen through the front."));
    const oid = work.commit("Edit the second guide");
    await waitFor(async () => (await get("/guides/second")).body.includes("Seen through the front."));
    expect((await status()).commit).toBe(oid);
  });

  it("gives a front that replaces one that died the pages kept before it started", async () => {
    expect((await get("/guides/second")).status).toBe(200);
    const front = childrenOf(server.pid).find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("front.js"))!;
    process.kill(front, "SIGKILL");
    // A request that reached the dead front is never answered: it gives up after 15 s and is asked again.
    const ask = (target: string) => rawRequest(server.url, { target }, 15_000);
    const askStatus = async () => JSON.parse((await ask("/api/status")).body) as Status;
    // Served from the new front's memory: the server process sees only the status requests.
    await waitFor(async () => {
      const before = await askStatus().catch(() => undefined);
      const page = await ask("/guides/second").catch(() => undefined);
      const after = await askStatus().catch(() => undefined);
      return (
        page?.status === 200 &&
        before?.renderedPages.hits === after?.renderedPages.hits &&
        after?.renderedPages.misses === before!.renderedPages.misses + 1
      );
    });
    expect(childrenOf(server.pid)).not.toContain(front);
  });

  // Last: it kills the server process.
  it("keeps answering kept pages while its server process restarts; other requests get a 502 or 503 that says why", async () => {
    const kept = await get("/guides/second");
    const { pid } = (await status()).process;
    process.kill(pid, "SIGKILL");
    const during = await get("/api/catalogue");
    expect([502, 503]).toContain(during.status);
    expect(during.body).toMatch(/server process|starting/);
    const replayed = await get("/guides/second");
    expect(replayed.status).toBe(200);
    expect(replayed.headers.etag).toBe(kept.headers.etag);
    await waitFor(async () => (await get("/api/status")).status === 200 && (await status()).process.pid !== pid);
    expect((await get("/guides/no-such-page")).status).toBe(404);
  });
});

describe("npm start's default layout", () => {
  it("runs a front process per core before one server process", async () => {
    const copy = WorkingCopy.init().write(sampleContent());
    copy.commit("First version");
    const server = await startServer({ CONTENT_REPO: copy.dir }, START);
    try {
      expect((await rawRequest(server.url, { target: "/guides/second" }, HANG_MS)).status).toBe(200);
      const commands = childrenOf(server.pid).map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
      expect(commands.filter((command) => command.includes("front.js"))).toHaveLength(os.availableParallelism());
      expect(commands.filter((command) => command.includes("index.js"))).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});
