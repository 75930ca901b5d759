import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { git, page } from "./helpers/git";
import { GitHttpRemote, gitAsync } from "./helpers/git-http";
import { DESKTOP, launchBrowser, newContext, open, PHONE, screenshot } from "./helpers/browser";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, secondGuide, signedDelivery, WEBHOOK_SECRET } from "./helpers/site";
import type { WorkingCopy } from "./helpers/git";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe("branch, tag and pull-request previews (?ref=) of a remote over Git smart HTTP", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let server: RunningServer;
  let site: ReturnType<typeof client>;
  let browser: Browser;
  const latencies: number[] = [];

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    server = await startServer({ CONTENT_REPO: remote.url(), WEBHOOK_SECRET, POLL_INTERVAL: "0" });
    site = client(server);
    // The first page compiled in a process also starts its compiler thread (grammars, highlighter):
    // a reader has usually paid that before any preview, so it is not counted as preview latency.
    await site.text("/guides/second");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await remote?.stop();
    if (latencies.length)
      console.log(`event-to-preview over ${latencies.length} pushes: median ${median(latencies)} ms, max ${Math.max(...latencies)} ms`);
  });

  /** Sends a GitHub event signed with the webhook secret. */
  function sendEvent(event: string, payload: object): Promise<Response> {
    return site.get("/api/webhooks/git", { method: "POST", ...signedDelivery(event, payload) });
  }

  /**
   * Commits `text` into the second guide on top of `base`, pushes the commit to `ref` of the remote
   * over HTTP, sends the event GitHub would send, and waits until `url` shows the text: returns the
   * commit and the time from the pushed event (GitHub sends it once the push is in) to the preview.
   */
  async function pushAndPreview(ref: string, text: string, url: string, base = "main"): Promise<{ oid: string; ms: number }> {
    git(work.dir, "checkout", "-q", "--detach", base);
    work.write(secondGuide(`${text}\n\nBack to [the first guide](/guides/first).`));
    const oid = work.commit(text);
    await gitAsync(work.dir, "push", "-q", "--force", "origin", `HEAD:${ref}`);
    const started = Date.now();
    const pull = /^refs\/pull\/(\d+)\/head$/.exec(ref)?.[1];
    const answer = pull
      ? await sendEvent("pull_request", { action: "synchronize", number: Number(pull) })
      : await sendEvent("push", { ref, after: oid });
    expect(answer.status).toBe(202);
    // The time to a preview is logged here and measured by scripts/preview-latency.ts; the ceiling only catches a hang.
    await waitFor(async () => (await site.text(url)).includes(text), HANG_MS, 20);
    const ms = Date.now() - started;
    latencies.push(ms);
    return { oid, ms };
  }

  /** The internal links of a page's HTML (hrefs starting with one slash). */
  const internalLinks = (html: string) => [...html.matchAll(/href="(\/(?!\/)[^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

  it("previews a pushed branch at its tip, with a banner naming it and its commit, leaving the live page as it was", async () => {
    const { oid } = await pushAndPreview(
      "refs/heads/feature/new-guide",
      "Written on the feature branch.",
      "/guides/second?ref=feature%2Fnew-guide",
    );
    const res = await site.get("/guides/second?ref=feature%2Fnew-guide");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).not.toMatch(/immutable/);
    const html = await res.text();
    expect(html).toMatch(/Preview of branch <code>feature\/new-guide<\/code> at commit <code>([0-9a-f]{7})<\/code>/);
    expect(html).toContain(`<code>${oid.slice(0, 7)}</code>`);
    expect(await site.text("/guides/second")).not.toContain("Written on the feature branch.");
  });

  it("keeps ?ref= in the links of the body, the sidebar and the navigation; only the banner's way back is live", async () => {
    const html = await site.text("/guides/second?ref=feature%2Fnew-guide");
    const links = internalLinks(html).filter((href) => /^\/(guides|references|search|history)/.test(href));
    // body, sidebar and previous/next all point at the first guide; the sidebar at the guides too
    expect(links.filter((href) => href === "/guides/first?ref=feature%2Fnew-guide").length).toBeGreaterThanOrEqual(3);
    expect(links).toContain("/guides?ref=feature%2Fnew-guide");
    expect(links).toContain("/history/guides/second?ref=feature%2Fnew-guide");
    expect(links.filter((href) => !href.includes("ref=feature%2Fnew-guide"))).toEqual(["/guides/second"]);
  });

  it("lists the branches, tags and pull requests it can preview, with their commits, at GET /api/refs", async () => {
    const tag = git(work.dir, "rev-parse", "main");
    git(work.dir, "tag", "-a", "-m", "First release", "v1.0", tag);
    await gitAsync(work.dir, "push", "-q", "origin", "refs/tags/v1.0");
    expect((await sendEvent("push", { ref: "refs/tags/v1.0", after: tag })).status).toBe(202);
    await waitFor(async () => (await site.get("/guides/second?ref=v1.0")).status === 200, HANG_MS, 20);
    const body = (await (await site.get("/api/refs")).json()) as {
      served: string;
      refs: Array<{ name: string; kind: string; commit: string }>;
    };
    expect(body.served).toBe("main");
    expect(body.refs).toEqual(
      expect.arrayContaining([
        { name: "main", kind: "branch", commit: git(work.dir, "rev-parse", "main") },
        { name: "feature/new-guide", kind: "branch", commit: expect.stringMatching(/^[0-9a-f]{40}$/) },
        // an annotated tag names the commit it points at, not the tag object
        { name: "v1.0", kind: "tag", commit: tag },
      ]),
    );
    expect(await site.text("/guides/second?ref=v1.0")).toMatch(/Preview of tag <code>v1\.0<\/code>/);
  });

  it("sees a moved branch, and keeps the rendered preview until the branch moves", async () => {
    const before = await site.get("/guides/second?ref=feature%2Fnew-guide");
    const again = await site.get("/guides/second?ref=feature%2Fnew-guide");
    expect(again.headers.get("ETag")).toBe(before.headers.get("ETag"));
    await pushAndPreview("refs/heads/feature/new-guide", "The feature branch moved on.", "/guides/second?ref=feature%2Fnew-guide");
    const moved = await site.get("/guides/second?ref=feature%2Fnew-guide");
    expect(moved.headers.get("ETag")).not.toBe(before.headers.get("ETag"));
    expect(await moved.text()).not.toContain("Written on the feature branch.");
  });

  it("previews a pull request as ?ref=pull/<n> once its pull_request event has fetched refs/pull/<n>/head", async () => {
    git(work.dir, "checkout", "-q", "--detach", "main");
    work.write(secondGuide("Proposed in a pull request."));
    await gitAsync(work.dir, "push", "-q", "origin", `${work.commit("Proposal")}:refs/pull/7/head`);
    // Pushed but not announced: pull-request heads are fetched only on their events.
    const unknown = await site.get("/guides/second?ref=pull/7");
    expect(unknown.status).toBe(404);
    await pushAndPreview("refs/pull/7/head", "Proposed in pull request seven.", "/guides/second?ref=pull/7");
    const html = await site.text("/guides/second?ref=pull/7");
    expect(html).toMatch(/Preview of pull request <code>#7<\/code>/);
    expect(internalLinks(html)).toContain("/guides/first?ref=pull%2F7");
    expect((await (await site.get("/api/refs")).json()).refs).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "pull/7", kind: "pull" })]),
    );
  });

  it("shows a broken branch's compile error on the page, and its other pages as they are", async () => {
    git(work.dir, "checkout", "-q", "--detach", "main");
    work.write(page("guides/second", "Second Guide", "## Broken\n\n<div>never closed\n", { sidebar: "guidesSidebar" }));
    const oid = work.commit("Break the second guide");
    await gitAsync(work.dir, "push", "-q", "origin", "HEAD:refs/heads/broken");
    await sendEvent("push", { ref: "refs/heads/broken", after: oid });
    await waitFor(async () => (await site.get("/guides/first?ref=broken")).status === 200, HANG_MS, 20);
    const res = await site.get("/guides/second?ref=broken");
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain("This page&#x27;s source does not compile");
    expect(html).toMatch(/docs\/guides\/second\.mdx/);
    expect((await site.get("/guides/second")).status).toBe(200);
  });

  it("answers an unknown ref with 404 and a message, a malformed one with 400, and redirects other spellings to the canonical URL", async () => {
    const missing = await site.get("/guides/second?ref=no-such-branch");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/no branch, tag or pull request named &quot;no-such-branch&quot;/);
    const api = await site.get("/api/search?q=guide&ref=no-such-branch");
    expect(api.status).toBe(404);
    expect((await api.json()).error).toMatch(/GET \/api\/refs lists/);
    expect((await site.get("/guides/second?ref=a..b")).status).toBe(400);
    expect((await site.get("/guides/second?ref=feature%2Fnew-guide&commit=abcdef1")).status).toBe(400);
    const typed = await site.get("/guides/second?ref=pull/7&utm_source=x");
    expect(typed.status).toBe(301);
    expect(typed.headers.get("Location")).toBe("/guides/second?ref=pull%2F7");
  });

  it("shows the banner to readers, and client-side navigation stays on the preview", async () => {
    for (const [name, options] of [
      ["preview-desktop-light", DESKTOP],
      ["preview-desktop-dark", { ...DESKTOP, colorScheme: "dark" }],
      ["preview-phone", PHONE],
    ] as const) {
      const context = await newContext(browser, options);
      const tab = await context.newPage();
      await open(tab, `${server.url}/guides/second?ref=feature/new-guide`);
      const banner = tab.locator(".preview-bar");
      await expect(banner.isVisible()).resolves.toBe(true);
      expect(await banner.innerText()).toMatch(/Preview of branch feature\/new-guide at commit [0-9a-f]{7}/);
      const box = (await banner.boundingBox())!;
      expect(box.y).toBeLessThan(200);
      await screenshot(tab, name, false);
      if (name === "preview-desktop-light") {
        await tab.locator("main a[href^='/guides/first']").first().click();
        await tab.waitForURL(/\/guides\/first\?ref=feature%2Fnew-guide$/);
        await expect(tab.locator(".preview-bar").isVisible()).resolves.toBe(true);
      }
      await context.close();
    }
  });
});
