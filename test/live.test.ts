import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";

const SECRET = "test-secret";
const sign = (body: string, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("live updates pushed with the git CLI, and pages at any commit", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let first: string;
  const latencies: number[] = [];

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    first = work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    server = await startServer({ CONTENT_REPO: bare, WEBHOOK_SECRET: SECRET });
    // Push-to-live is measured on a serving site: the first compile in a process loads the MDX
    // toolchain (seconds on a loaded machine), which a reader's first visit pays, not a push.
    expect((await fetch(`${server.url}/guides/second`)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
    if (latencies.length)
      console.log(
        `push-to-live over ${latencies.length} pushes: median ${latencies.sort((a, b) => a - b)[latencies.length >> 1]} ms, max ${Math.max(...latencies)} ms`,
      );
  });

  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });
  const text = async (path: string) => (await get(path)).text();

  it("serves each pushed change without a restart", async () => {
    for (let i = 1; i <= 10; i++) {
      work.write(page("guides/second", "Second Guide", `## Next\n\nEdition number ${i} of this page.`, { sidebar: "guidesSidebar" }));
      work.commit(`Edition ${i}`);
      const pushed = Date.now();
      work.push();
      await waitFor(async () => (await text("/guides/second")).includes(`Edition number ${i} of this page`));
      latencies.push(Date.now() - pushed);
    }
  });

  it("keeps a broken push out, reports it in /api/status, and publishes the fix", async () => {
    const liveBefore = (await (await get("/api/status")).json()).commit;
    work.write(page("guides/second", "Second Guide", "## Broken\n\n<div>this tag never closes", { sidebar: "guidesSidebar" }));
    const broken = work.commit("Break the page");
    work.push();
    await waitFor(async () => (await (await get("/api/status")).json()).lastError?.commit === broken);
    const status = await (await get("/api/status")).json();
    expect(status.commit).toBe(liveBefore);
    expect(status.lastError).toMatchObject({ commit: broken, file: "docs/guides/second.mdx" });
    expect(status.lastError.message).toMatch(/div/);
    expect(await text("/guides/second")).toContain("Edition number 10");

    work.write(page("guides/second", "Second Guide", "## Fixed\n\nThe page works again.", { sidebar: "guidesSidebar" }));
    const fixed = work.commit("Fix the page");
    work.push();
    await waitFor(async () => (await (await get("/api/status")).json()).commit === fixed);
    expect(await text("/guides/second")).toContain("The page works again.");
    expect((await (await get("/api/status")).json()).lastError).toBeUndefined();
  });

  it("keeps a push whose sidebar points at a missing page out", async () => {
    work.write({ "sidebars/references.json": JSON.stringify([{ type: "doc", id: "references/missing" }]) });
    const bad = work.commit("Sidebar to nowhere");
    work.push();
    await waitFor(async () => (await (await get("/api/status")).json()).lastError?.commit === bad);
    expect((await (await get("/api/status")).json()).lastError.file).toBe("sidebars/references.json");
    work.write(sampleContent());
    work.write(page("guides/second", "Second Guide", "## Fixed\n\nThe page works again.", { sidebar: "guidesSidebar" }));
    const good = work.commit("Restore the sidebar");
    work.push();
    await waitFor(async () => (await (await get("/api/status")).json()).commit === good);
  });

  it("renders a page, its sidebar and links at a pinned commit, with a commit bar", async () => {
    const short = first.slice(0, 7);
    expect((await get(`/guides/second?commit=${short}`)).headers.get("location")).toBe(`/guides/second?commit=${first}`);
    const res = await get(`/guides/second?commit=${first}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const html = await res.text();
    expect(html).toContain("Viewing commit");
    expect(html).toContain(`<code>${short}</code>`);
    expect(html).toContain("First version");
    expect(html).not.toContain("The page works again.");
    expect(html).toContain(`href="/guides/first?commit=${first}"`);
    expect(html).toContain('href="/guides/second">See the live version');
  });

  it.each([
    ["/guides/second?commit=xyz", 400, "is not a commit id"],
    ["/guides/second?commit=12345", 400, "is not a commit id"],
    ["/guides/second?commit=0000000000", 404, "not in the content repository"],
  ])("%s answers %i", async (path, status, message) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(await res.text()).toContain(message);
  });

  it("says when a page does not exist at the pinned commit and links to the live page", async () => {
    work.write(page("guides/third", "Third Guide", "## New\n\nA new page.", { sidebar: "guidesSidebar" }));
    const added = work.commit("Add a third guide");
    work.push();
    await waitFor(async () => (await (await get("/api/status")).json()).commit === added);
    const res = await get(`/guides/third?commit=${first}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(`does not exist at commit ${first}`);
    expect(html).toContain('href="/guides/third"');
  });

  it("shows who changed a page last and lists its history, newest first", async () => {
    // React separates adjacent text with empty comments; they are not part of what readers see.
    const html = (await text("/guides/second")).replaceAll("<!-- -->", "");
    expect(html).toMatch(/Last updated on <time[^>]*>\d{4}-\d{2}-\d{2}<\/time> by Test Author/);
    const history = await text("/history/guides/second");
    const subjects = [...history.matchAll(/<code>[0-9a-f]{7}<\/code> (?:<!-- -->)?([^<]+)</g)].map((m) => m[1]);
    expect(subjects.slice(0, 3)).toEqual(["Fix the page", "Break the page", "Edition 10"]);
    expect(subjects.at(-1)).toBe("First version");
  });

  it("answers If-None-Match with 304 for a live page", async () => {
    const res = await get("/guides/first");
    const etag = res.headers.get("etag")!;
    expect(etag).toBeTruthy();
    expect(res.headers.get("cache-control")).toContain("stale-while-revalidate");
    const again = await get("/guides/first", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  describe("webhook", () => {
    const push = (body: string, signature?: string) =>
      get("/api/webhooks/git", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          "X-GitHub-Event": "push",
          ...(signature ? { "X-Hub-Signature-256": signature } : {}),
        },
      });

    it("accepts a signed push for the served branch with 202", async () => {
      const body = JSON.stringify({ ref: "refs/heads/main" });
      expect((await push(body, sign(body))).status).toBe(202);
    });
    it("refuses a missing or wrong signature with 401", async () => {
      const body = JSON.stringify({ ref: "refs/heads/main" });
      expect((await push(body)).status).toBe(401);
      expect((await push(body, sign(body, "wrong"))).status).toBe(401);
      expect((await push(body, "sha256=zz")).status).toBe(401);
    });
    it("acknowledges other branches as previews", async () => {
      const body = JSON.stringify({ ref: "refs/heads/feature" });
      const res = await push(body, sign(body));
      expect(res.status).toBe(202);
      expect((await res.json()).message).toMatch(/refs\/heads\/feature will be previewable as \?ref=feature/);
    });
    it("rejects a signed body that is not JSON with 400", async () => {
      expect((await push("{not json", sign("{not json"))).status).toBe(400);
    });
  });
});

describe("webhook with no secret configured", () => {
  it("is off and says so", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("Only");
    const server = await startServer({ CONTENT_REPO: work.dir });
    try {
      const res = await fetch(`${server.url}/api/webhooks/git`, { method: "POST", body: "{}" });
      expect(res.status).toBe(404);
      expect((await res.json()).error).toMatch(/WEBHOOK_SECRET/);
    } finally {
      await server.stop();
    }
  });
});
