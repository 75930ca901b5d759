import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, tempDir, type WorkingCopy } from "./helpers/git";
import { pushOverHttp, type GitHttpRemote } from "./helpers/git-http";
import { rawRequest, parseResponse, type RawResponse } from "./helpers/raw-http";
import { freePort, spawnServer, HANG_MS, waitFor } from "./helpers/server";
import { remoteWithContent, secondGuide, signedDelivery, WEBHOOK_SECRET } from "./helpers/site";
import type { ChildProcess } from "node:child_process";

/** `npm start` with one front before one server process: the replica a fleet runs. */
const START = "build/start.js";

interface Readiness {
  ready: boolean;
  reason?: string;
  commit?: string;
}

/**
 * A request whose body arrives in two parts, the second when the test says: a request under way
 * for as long as the test needs. Resolves with the whole response once the server has answered
 * and closed the connection.
 */
function slowRequest(url: string, target: string, headers: Record<string, string>, body: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  const head = [`POST ${target} HTTP/1.1`, `Host: ${hostname}:${port}`, `Content-Length: ${Buffer.byteLength(body)}`];
  for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
  const half = Math.floor(body.length / 2);
  const sent = new Promise<void>((resolve) => socket.write(`${head.join("\r\n")}\r\n\r\n${body.slice(0, half)}`, () => resolve()));
  const response = new Promise<RawResponse>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      try {
        resolve(parseResponse(Buffer.concat(chunks)));
      } catch (error) {
        reject(error as Error);
      }
    });
  });
  return { sent, response, finish: () => socket.write(body.slice(half)) };
}

/** A keep-alive connection that has had one answer and now sits idle; `closed` settles when the server closes it. */
async function idleKeepAlive(url: string): Promise<{ closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  await new Promise<void>((resolve) => {
    socket.once("data", () => resolve());
    socket.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}:${port}\r\n\r\n`);
  });
  return { closed };
}

describe("a replica's edge: the commit it names, readiness, a graceful stop (start.js, one front)", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let child: ChildProcess;
  let url: string;
  let output = "";
  // Cold pages compile first, which takes seconds on a busy machine.
  const get = (target: string, headers: Record<string, string> = {}) => rawRequest(url, { target, headers }, 60_000);
  const readyz = async (): Promise<RawResponse & { json: Readiness }> => {
    const res = await get("/readyz");
    return { ...res, json: JSON.parse(res.body) as Readiness };
  };
  const head = () => git(work.dir, "rev-parse", "HEAD");

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    // The clone waits until the test lets it go on.
    const release = remote.holdFetches();
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawnServer(
      {
        CONTENT_REPO: remote.url(),
        WEBHOOK_SECRET,
        POLL_INTERVAL: "0",
        WEB_CONCURRENCY: "1",
        FRONT_PROCESSES: "1",
        SHUTDOWN_DRAIN_MS: "30000",
        DATA_DIR: tempDir("sui-docs-data-"),
      },
      port,
      START,
    );
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    // The front listens at once; the server process behind it is cloning.
    let starting: Readiness | undefined;
    await waitFor(async () => {
      starting = await readyz().then(
        (r) => r.json,
        () => undefined,
      );
      return starting !== undefined;
    });
    expect(starting).toMatchObject({ ready: false, reason: expect.stringMatching(/^starting/) as string });
    release();
    await waitFor(async () => (await readyz()).status === 200, HANG_MS, 100);
  });

  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
    }
    await remote?.stop();
  });

  it("is ready once it serves the branch's commit, and says which, never to be cached", async () => {
    const ready = await readyz();
    expect(ready.status).toBe(200);
    expect(ready.json).toEqual({ ready: true, commit: head() });
    expect(ready.headers["cache-control"]).toBe("no-store");
    expect(ready.headers["x-docs-commit"]).toBe(head());
  });

  it("names the commit every answer was read at: pages rendered and replayed, Markdown twins, API JSON, errors", async () => {
    const commit = head();
    for (const target of [
      "/guides/second",
      "/guides/second",
      "/guides/second.md",
      "/",
      "/api/catalogue",
      "/api/sidebars/guidesSidebar",
      "/guides/none",
      "/healthz",
    ]) {
      const res = await get(target);
      expect([target, res.headers["x-docs-commit"]]).toEqual([target, commit]);
    }
  });

  it("fails readiness while a push it was told of stays unfetched past the grace, and names the new commit once live", async () => {
    const before = head();
    work.write(secondGuide("Pushed while the remote holds fetches.")).commit("Second guide, again");
    await pushOverHttp(work);
    const after = head();
    const release = remote.holdFetches();
    const { body, headers } = signedDelivery("push", { ref: "refs/heads/main", before, after, repository: { full_name: "test/docs" } });
    expect((await rawRequest(url, { method: "POST", target: "/api/webhooks/git", headers, body })).status).toBe(202);
    // A fetch just begun is not yet being behind: the whole fleet fetches the same push.
    expect((await readyz()).json.ready).toBe(true);
    let behind: Readiness | undefined;
    await waitFor(async () => !(behind = (await readyz()).json).ready, HANG_MS, 200);
    expect(behind).toMatchObject({ ready: false, commit: before, reason: expect.stringMatching(/^catching up/) as string });
    expect((await get("/guides/second")).headers["x-docs-commit"]).toBe(before);
    release();
    await waitFor(async () => (await readyz()).json.commit === after && (await readyz()).status === 200, HANG_MS, 100);
    const live = await get("/guides/second");
    expect(live.body).toContain("Pushed while the remote holds fetches.");
    expect(live.headers["x-docs-commit"]).toBe(after);
    // Pinned answers name the commit they pin, not the live one.
    for (const target of [`/guides/second?commit=${before}`, `/api/catalogue?commit=${before}`, `/guides/second.md?commit=${before}`])
      expect([target, (await get(target)).headers["x-docs-commit"]]).toEqual([target, before]);
  });

  it("on SIGTERM fails readiness, finishes the requests under way, closes idle connections, then exits", async () => {
    const slow = [1, 2, 3].map(() => {
      const { body, headers } = signedDelivery("ping", { zen: "Keep it logically awesome.", hook_id: 1 });
      return slowRequest(url, "/api/webhooks/git", headers, body);
    });
    await Promise.all(slow.map((s) => s.sent));
    const idle = await idleKeepAlive(url);
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    // The idle keep-alive connection is closed; the listener stays open while requests are under way.
    await idle.closed;
    let stopping: RawResponse | undefined;
    await waitFor(async () => (stopping = await get("/readyz")).status === 503, HANG_MS, 100);
    expect(JSON.parse(stopping!.body)).toMatchObject({ ready: false, reason: expect.stringMatching(/^stopping/) as string });
    for (const s of slow) s.finish();
    for (const answer of await Promise.all(slow.map((s) => s.response))) {
      expect(answer.status).toBe(200);
      expect(answer.body).toContain("pong");
      expect(answer.headers.connection).toBe("close");
    }
    expect(await exited).toBe(0);
    await expect(get("/healthz")).rejects.toThrow();
    expect(output).not.toMatch(/still under way|killing them/);
  });
});
