import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { git, page, sampleContent, WorkingCopy } from "./helpers/git";
import { DESKTOP, horizontalOverflow, launchBrowser, newContext, open, PHONE, screenshot } from "./helpers/browser";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";

const guide = (text: string) =>
  page("guides/first", "First Guide", `## Install\n\n${text}\n\nOn to [the second guide](/guides/second).`, {
    sidebar: "guidesSidebar",
  });

/** Old releases beside the two the tests read: with them, 50 tags are releases. */
const OLD_RELEASES = Array.from({ length: 48 }, (_, n) => `v0.0.${n + 1}`);

/** The internal links of a page's HTML (hrefs starting with one slash). */
const internalLinks = (html: string) => [...html.matchAll(/href="(\/(?!\/)[^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

/**
 * Releases (VERSION_TAGS) of a local repository whose tags are made with the git CLI: v1.0.0 has a
 * page Latest has since removed, v1.1.0 an older text of the first guide, and 48 more old releases
 * make 50; a tag the glob does not name is no release.
 */
describe("versions from tags at /v/<tag>/", () => {
  let work: WorkingCopy;
  let server: RunningServer;
  let browser: Browser;
  let latest: string;
  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });
  const text = async (path: string) => (await get(path)).text();
  /** Pages answered from the rendered-page cache since start. */
  const replays = async () => ((await (await get("/api/status")).json()) as { renderedPages: { hits: number } }).renderedPages.hits;
  /**
   * Whether a request for `path` was answered from the rendered-page cache. A release's page is
   * found there only while the tag's commit is known without waiting (the last quarter second's
   * listing of the refs), so callers ask again until one is.
   */
  const replayed = async (path: string) => {
    const before = await replays();
    await get(path);
    await get(path);
    return (await replays()) > before;
  };
  /** The origin the site names itself by with neither SITE_URL nor ALLOWED_HOSTS. */
  const origin = () => `http://localhost:${new URL(server.url).port}`;

  beforeAll(async () => {
    work = WorkingCopy.init();
    work.write({
      ...sampleContent(),
      ...guide("Shipped with one point oh."),
      ...page("guides/old", "Old Guide", "Only in early releases."),
    });
    const first = work.commit("First release");
    git(work.dir, "tag", "-a", "-m", "Release 1.0.0", "v1.0.0");
    for (const tag of OLD_RELEASES) git(work.dir, "tag", tag, first);
    git(work.dir, "tag", "testnet-v9.9.9", first);
    work.write(guide("Shipped with one point one, quasarwords inside."));
    work.commit("Second release");
    git(work.dir, "tag", "v1.1.0");
    git(work.dir, "rm", "-q", "docs/guides/old.mdx");
    work.write(guide("The latest text."));
    latest = work.commit("Latest");
    server = await startServer({ CONTENT_REPO: work.dir, POLL_INTERVAL: "0", VERSION_TAGS: "v*", VERSION_MENU_SIZE: "3" });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("serves a release's pages at /v/<tag>/<page id>, its sidebar and links staying in the release, with a notice linking the page at Latest", async () => {
    const res = await get("/v/v1.0.0/guides/first");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).not.toMatch(/immutable/);
    const html = await res.text();
    expect(html).toContain("Shipped with one point oh.");
    expect(html).toMatch(/You are reading the documentation of version <code>v1\.0\.0<\/code>/);
    const links = internalLinks(html).filter((href) => /^\/(v\/|guides|references|search|history)/.test(href));
    // body, sidebar and previous/next all stay in the release; the notice's link is Latest's page
    expect(links.filter((href) => href === "/v/v1.0.0/guides/second").length).toBeGreaterThanOrEqual(2);
    expect(links).toContain("/v/v1.0.0/history/guides/first");
    // Only the notice and the version menu's Latest leave the release, for the same page at Latest.
    expect(new Set(links.filter((href) => !href.startsWith("/v/v1.0.0/") && href !== "/v/v1.0.0"))).toEqual(new Set(["/guides/first"]));
    expect(canonicalOf(html)).toBe(`${origin()}/guides/first`);
    expect(await text("/guides/first")).not.toContain("You are reading the documentation of version");
  });

  it("links a page Latest no longer has to Latest's home, and names the release's page canonical", async () => {
    const html = await text("/v/v1.0.0/guides/old");
    expect(html).toContain("Only in early releases.");
    expect(html).toMatch(/href="\/">This page is gone at Latest/);
    expect(canonicalOf(html)).toBe(`${origin()}/v/v1.0.0/guides/old`);
    expect((await get("/guides/old")).status).toBe(404);
  });

  it("serves a release's home, .md twin, page history and search with its own index", async () => {
    expect(await text("/v/v1.1.0")).toContain('href="/v/v1.1.0/guides"');
    const markdown = await get("/v/v1.1.0/guides/first.md");
    expect(markdown.headers.get("Content-Type")).toMatch(/text\/markdown/);
    const md = await markdown.text();
    expect(md).toContain("Shipped with one point one");
    expect(md).toContain(`${origin()}/v/v1.1.0/guides/first`);
    const history = await text("/v/v1.1.0/history/guides/first");
    expect(history).toContain("Second release");
    expect(history).not.toContain(`<code>${latest.slice(0, 7)}</code>`);
    // A word only v1.1.0 has: found at the release, not at Latest.
    const found = await text("/v/v1.1.0/search?q=quasarwords");
    expect(found).toContain('href="/v/v1.1.0/guides/first');
    expect(found).toContain("Searching the documentation of version v1.1.0.");
    expect(await text("/search?q=quasarwords")).not.toContain('href="/guides/first');
  });

  it("answers 404 for a tag that is no release and 400 for a release with ?ref=, and lists Latest only in the sitemap", async () => {
    expect((await get("/v/testnet-v9.9.9/guides/first")).status).toBe(404);
    expect((await get("/v/v7.7.7/guides/first")).status).toBe(404);
    expect((await get("/v/v1.0.0/guides/first?ref=main")).status).toBe(400);
    const sitemap = await text("/sitemap.xml");
    expect(sitemap).toContain(`${origin()}/guides/first`);
    expect(sitemap).not.toContain("/v/");
  });

  it("lists all 50 releases at /versions, newest version first, and not the tag the glob leaves out", async () => {
    const html = await text("/versions");
    const listed = [...html.matchAll(/href="\/v\/([^"]+)"/g)].map((m) => m[1]);
    expect(listed).toEqual(["v1.1.0", "v1.0.0", ...[...OLD_RELEASES].reverse()]);
    expect(html).not.toContain("testnet-v9.9.9");
  });

  it("sees a moved tag at once, though the release's page was kept rendered at the commit it named before", async () => {
    const second = git(work.dir, "rev-parse", "v1.1.0^{commit}");
    git(work.dir, "tag", "-f", "v1.1.0", latest);
    await waitFor(async () => (await text("/v/v1.1.0/guides/first")).includes("The latest text."), HANG_MS, 20);
    // Kept rendered at Latest's own commit, which the live page is kept under too, and answered from memory.
    const kept = await get("/v/v1.1.0/guides/first");
    await waitFor(() => replayed("/v/v1.1.0/guides/first"), HANG_MS, 0);
    expect((await get("/v/v1.1.0/guides/first")).headers.get("ETag")).toBe(kept.headers.get("ETag"));
    expect(kept.headers.get("X-Docs-Commit")).toBe(latest);
    git(work.dir, "tag", "-f", "v1.1.0", second);
    await waitFor(async () => (await text("/v/v1.1.0/guides/first")).includes("Shipped with one point one"), HANG_MS, 20);
    const moved = await get("/v/v1.1.0/guides/first");
    expect(moved.headers.get("ETag")).not.toBe(kept.headers.get("ETag"));
    expect(moved.headers.get("X-Docs-Commit")).toBe(second);
  });

  it("links a kept release page to Latest's page once Latest has it again", async () => {
    expect(await text("/v/v1.0.0/guides/old")).toContain("This page is gone at Latest");
    await waitFor(() => replayed("/v/v1.0.0/guides/old"), HANG_MS, 0);
    work.write(page("guides/old", "Old Guide", "Back at Latest."));
    work.commit("The old guide is back");
    await waitFor(async () => (await get("/guides/old")).status === 200, HANG_MS, 20);
    // The first answer from memory must be the new one: a page kept before the push must not be.
    // Listing the refs first makes the tag's commit known without waiting, as a busy site has it.
    let html = "";
    await waitFor(
      async () => {
        await get("/api/refs");
        const before = await replays();
        html = await text("/v/v1.0.0/guides/old");
        return (await replays()) > before || html.includes("Read this page at Latest");
      },
      HANG_MS,
      0,
    );
    expect(html).toMatch(/href="\/guides\/old">Read this page at Latest/);
    expect(canonicalOf(html)).toBe(`${origin()}/guides/old`);
  });

  it("offers Latest, the newest releases and all versions in the header's menu, and moves between them on the same page", async () => {
    for (const [name, options] of [
      ["versions-desktop-light", DESKTOP],
      ["versions-desktop-dark", { ...DESKTOP, colorScheme: "dark" }],
      ["versions-phone", PHONE],
    ] as const) {
      const context = await newContext(browser, options);
      const tab = await context.newPage();
      await open(tab, `${server.url}/v/v1.0.0/guides/first`);
      const notice = tab.locator(".version-bar");
      expect(await notice.innerText()).toMatch(/version v1\.0\.0, an older release/);
      await tab.locator(".version-menu summary").click();
      const items = tab.locator(".version-list a");
      await waitFor(async () => (await items.count()) === 5);
      expect(await items.allInnerTexts()).toEqual(["Latest", "v1.1.0", "v1.0.0", "v0.0.48", "All versions"]);
      expect(await tab.locator('.version-list a[aria-current="true"]').innerText()).toBe("v1.0.0");
      expect(await horizontalOverflow(tab)).toBe(0);
      await screenshot(tab, name, false);
      await items.filter({ hasText: "v0.0.48" }).click();
      await tab.waitForURL(`${server.url}/v/v0.0.48/guides/first`);
      await tab.locator(".version-menu summary", { hasText: "v0.0.48" }).waitFor();
      await tab.locator(".version-bar a").click();
      await tab.waitForURL(`${server.url}/guides/first`);
      await tab.locator("main", { hasText: "The latest text." }).waitFor();
      expect(await tab.locator(".version-bar").count()).toBe(0);
      await tab.locator(".version-menu summary", { hasText: "Latest" }).waitFor();
      await context.close();
    }
  });
});

/** The run's shared server, with no VERSION_TAGS. */
describe("a site without VERSION_TAGS", () => {
  const site = inject("embeddedSiteUrl");

  it("serves no /v/ prefix, no /versions and no version menu", async () => {
    expect((await fetch(`${site}/v/v1.0.0/guides`)).status).toBe(404);
    expect((await fetch(`${site}/versions`)).status).toBe(404);
    expect(await (await fetch(`${site}/guides`)).text()).not.toContain("version-menu");
  });
});

/**
 * A release of 120 pages of made-up words, whose search index (~9 MB as weighed) is larger than the
 * pinned commits' indexes may keep (4 MB), and Latest one commit after it, without those pages.
 */
describe("a release's search index, too large for the pinned commits' share", () => {
  let server: RunningServer;
  const get = (path: string) => fetch(server.url + path, { redirect: "manual" });
  /** Search indexes built for readers (not the live one's) since start: the worker's job counter in /metrics. */
  const readerBuilds = async () => {
    const metrics = await (await get("/metrics")).text();
    return [...metrics.matchAll(/^docs_compile_duration_seconds_count\{job="searchIndex",lane="preview",[^}]*\} (\d+)$/gm)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  };

  beforeAll(async () => {
    // 2,000 made-up words, fewer than the embedded catalogue's, repeated over the pages.
    const word = (i: number) => `w${((i * 7919) % 2000).toString(36)}x`;
    const bulk = Object.assign(
      {},
      ...Array.from({ length: 120 }, (_, p) =>
        page(
          `bulk/p${p}`,
          `Bulk ${p}`,
          Array.from({ length: 6 }, (_, s) => {
            const words = Array.from({ length: 200 }, (_, i) => word(i + (p * 6 + s) * 200)).join(" ");
            return `## Part ${s}\n\n${p === 0 && s === 0 ? "zephyrword " : ""}${words}`;
          }).join("\n\n"),
        ),
      ),
    ) as Record<string, string>;
    const work = WorkingCopy.init().write({ ...sampleContent(), ...bulk });
    work.commit("A release of many pages");
    git(work.dir, "tag", "v2.0.0");
    // Latest without them: the live index, built at start, is the sample content's, and only the
    // release's is large.
    git(work.dir, "rm", "-q", "-r", "docs/bulk");
    work.write(guide("The latest text."));
    work.commit("Latest");
    server = await startServer({ CONTENT_REPO: work.dir, POLL_INTERVAL: "0", VERSION_TAGS: "v*" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("builds it once per tag commit: the second search of the release reads the kept index", async () => {
    const before = await readerBuilds();
    const first = await get("/v/v2.0.0/search?q=zephyrword");
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('href="/v/v2.0.0/bulk/p0');
    expect(await readerBuilds()).toBe(before + 1);
    const second = await get("/v/v2.0.0/search?q=zephyrword");
    expect(second.status).toBe(200);
    expect(await readerBuilds()).toBe(before + 1);
    const status = (await (await get("/api/status")).json()) as { memory: { caches: Record<string, { bytes: number }> } };
    expect(status.memory.caches.releaseSearchIndexes!.bytes).toBeGreaterThan(4 * 1024 * 1024);
  });
});
