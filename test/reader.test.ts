import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, type RunningServer } from "./helpers/server";
import { rawRequest } from "./helpers/raw-http";

const SVG_V1 = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>';
const SVG_V2 = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="blue"/></svg>';

describe("reader features: search, static files, edit links, sharing", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let first: string;

  beforeAll(async () => {
    work = WorkingCopy.init().write({
      ...sampleContent(),
      ...page(
        "guides/coins",
        "Coins and Balances",
        "Coins carry a balance.\n\n## Splitting a coin\n\nCall `coin::split` to take part of a **balance** into a new coin.\n\n" +
          "![A red square](/static/img/square.svg)\n\n## Merging coins\n\nUse `coin::join` to merge two coins of the same type.",
        { sidebar: "guidesSidebar" },
      ),
      "static/img/square.svg": SVG_V1,
    });
    first = work.commit("Coins page with a red square");
    const repo = work.publishBare();
    work.write({
      ...page(
        "guides/coins",
        "Coins and Balances",
        "Coins carry a balance.\n\n## Splitting a coin\n\nThe zebrafish function replaced split.\n\n![A blue square](/static/img/square.svg)",
        { sidebar: "guidesSidebar" },
      ),
      "static/img/square.svg": SVG_V2,
    });
    work.commit("Rewrite the coins page");
    work.push();
    server = await startServer({
      CONTENT_REPO: repo,
      EDIT_URL_BASE: "https://github.com/example/docs/edit/main",
      SITE_URL: "https://docs.example.com",
    });
  });
  afterAll(() => server?.stop());

  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: "manual", ...init });
  type SectionHit = { heading: string; url: string; excerpt: string; highlights: [number, number][] };
  type PageHit = { id: string; title: string; url: string; sections: SectionHit[] };
  const search = async (query: string) => {
    const res = await get(`/api/search?${query}`);
    return {
      status: res.status,
      body: (await res.json()) as { results?: PageHit[]; total?: number; limit?: number; error?: string; commit?: string },
    };
  };

  it("finds sections by body text, grouped by page, with the section, anchor and highlighted excerpt", async () => {
    const { status, body } = await search("q=zebrafish");
    expect(status).toBe(200);
    expect(body.results![0]).toMatchObject({ id: "guides/coins", title: "Coins and Balances", url: "/guides/coins" });
    const [section] = body.results![0]!.sections;
    expect(section).toMatchObject({ heading: "Splitting a coin", url: "/guides/coins#splitting-a-coin" });
    expect(section!.highlights.map(([s, e]) => section!.excerpt.slice(s, e).toLowerCase())).toContain("zebrafish");
  });

  it("finds a snippet's text under the section of the page that includes it, not as a page of its own", async () => {
    const { body } = await search("q=hello%20from%20the%20snippet");
    expect(body.results!.map((r) => r.id)).toEqual(["guides/first"]);
    expect(body.results![0]!.sections[0]).toMatchObject({ heading: "Install", url: "/guides/first#install" });
  });

  it("forgives typos, and matches the last word as a prefix while the reader types", async () => {
    for (const q of ["zebarfish", "zebrafsh", "coins%20and%20bal"])
      expect((await search(`q=${q}`)).body.results![0], q).toMatchObject({ id: "guides/coins" });
  });

  it("answers `limit` pages and how many match in all, so a client can ask for more", async () => {
    const all = (await search("q=guide&limit=50")).body;
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.results).toHaveLength(all.total!);
    const one = (await search("q=guide&limit=1")).body;
    expect(one).toMatchObject({ limit: 1, total: all.total });
    expect(one.results!.map((r) => r.id)).toEqual([all.results![0]!.id]);
    expect((await search("q=guide")).body.limit).toBe(10);
  });

  it("searches the content of the commit being viewed", async () => {
    expect((await search("q=zebrafish&commit=" + first)).body.results).toEqual([]);
    const abbreviated = await get(`/api/search?q=coin%3A%3Ajoin&commit=${first.slice(0, 7)}`);
    expect(abbreviated.headers.get("location")).toBe(`/api/search?q=coin%3A%3Ajoin&commit=${first}`);
    const old = await search(`q=coin%3A%3Ajoin&commit=${first}`);
    expect(old.body.commit).toBe(first);
    expect(old.body.results![0]!.sections[0]).toMatchObject({ heading: "Merging coins" });
    const live = (await search("q=merging")).body.results!.flatMap((r) => r.sections);
    expect(live.filter((s) => s.heading === "Merging coins")).toEqual([]);
  });

  describe("the results page /search, server-rendered for readers without JavaScript", () => {
    const html = async (path: string) => {
      const res = await get(path);
      return { status: res.status, text: await res.text(), location: res.headers.get("location") };
    };

    it("lists the matching pages with their matching sections, linked to the sections", async () => {
      const { status, text } = await html("/search?q=zebarfish");
      expect(status).toBe(200);
      expect(text).toMatch(/<h1[^>]*>Search results for “<!-- -->zebarfish<!-- -->”<\/h1>/);
      expect(text).toMatch(/<h2><a[^>]*href="\/guides\/coins"[^>]*>Coins and Balances<\/a><\/h2>/);
      expect(text).toMatch(/<a[^>]*href="\/guides\/coins#splitting-a-coin"[^>]*><span class="search-hit-heading">Splitting a coin<\/span>/);
      expect(text).toContain("<mark>zebrafish</mark>");
      expect(text).toContain('<meta name="robots" content="noindex"/>');
    });

    it("offers more results with a link that asks for a larger limit and lands on the first new one", async () => {
      const { text } = await html("/search?q=guide&limit=1");
      expect(text.match(/<li id="result-\d+"/g)).toHaveLength(1);
      expect(text).toMatch(/href="\/search\?q=guide&amp;limit=21#result-2"[^>]*>More results \(<!-- -->1<!-- --> of /);
      const more = await html("/search?q=guide&limit=21");
      expect(more.text).not.toContain("More results");
      expect(more.text.match(/<li id="result-\d+"/g)!.length).toBeGreaterThan(1);
    });

    it("has a real search form in the header and on the page, both submitting to /search", async () => {
      const { status, text } = await html("/search");
      expect(status).toBe(200);
      expect(
        text.match(/<form[^>]*role="search"[^>]*>/g)?.every((form) => /action="\/search"/.test(form) && /method="get"/.test(form)),
      ).toBe(true);
      expect(text.match(/<form[^>]*role="search"/g)).toHaveLength(2);
      expect(text).toContain("Search the documentation</h1>");
      // A doc page's header has the same form, so a reader without JavaScript can search from anywhere.
      expect((await html("/guides/coins")).text).toMatch(
        /<form class="search-form" role="search" action="\/search" method="get"><button type="submit"[^>]*aria-label="Search"/,
      );
    });

    it("keeps the pinned commit, in canonical form, and says nothing matched when nothing did", async () => {
      const abbreviated = await html(`/search?commit=${first.slice(0, 7)}&q=zebrafish`);
      expect(abbreviated.status).toBe(301);
      expect(abbreviated.location).toBe(`/search?q=zebrafish&commit=${first}`);
      const { text } = await html(abbreviated.location!);
      expect(text).toContain("No page matches “zebrafish”");
      expect(text).toContain(`<input type="hidden" name="commit" value="${first}"/>`);
    });

    it.each([
      ["/search?q=coin&limit=0", 400, "limit must be a whole number from 1 to 50"],
      [`/search?q=${"a".repeat(201)}`, 400, "at most 200 characters"],
    ])("answers %s with %i and a message", async (path, status, message) => {
      const { status: actual, text } = await html(path);
      expect(actual).toBe(status);
      expect(text).toContain(message);
    });
  });

  it.each([
    ["q=", 400, "needs a query"],
    ["", 400, "needs a query"],
    ["q=%20%20%20", 400, "needs a query"],
    [`q=${"a".repeat(201)}`, 400, "at most 200 characters"],
    ["q=coin&limit=0", 400, "limit must be a whole number from 1 to 50"],
    ["q=coin&limit=51", 400, 'limit must be a whole number from 1 to 50 (pages of results); got "51"'],
    ["q=coin&limit=abc", 400, 'got "abc"'],
    ["q=coin&commit=zzzz", 400, "commit"],
    ["q=coin&commit=1234567", 404, "is not in the content repository"],
  ])("rejects the search %s with %i and a message", async (query, status, message) => {
    const res = await search(query);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
  });

  it.each(['q="*()[]{}\\', "q=%F0%9F%98%80", "q=%27%20OR%201%3D1%20--", "q=%EF%BF%BD", "q=....", "q=a"])(
    "answers the odd query %s with 200 and a list",
    async (query) => {
      const res = await search(query);
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.results)).toBe(true);
    },
  );

  it("serves files from static/ at the live commit and at a pinned one, with an ETag", async () => {
    const live = await get("/static/img/square.svg");
    expect(live.status).toBe(200);
    expect(live.headers.get("content-type")).toBe("image/svg+xml");
    expect(live.headers.get("x-content-type-options")).toBe("nosniff");
    expect(live.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await live.text()).toBe(SVG_V2);
    const pinned = await get(`/static/img/square.svg?commit=${first}`);
    expect(await pinned.text()).toBe(SVG_V1);
    expect(pinned.headers.get("cache-control")).toContain("immutable");
    const again = await get("/static/img/square.svg", { headers: { "If-None-Match": live.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("links images at the commit of the page", async () => {
    const html = await (await get(`/guides/coins?commit=${first}`)).text();
    expect(html).toContain(`src="/static/img/square.svg?commit=${first}"`);
    expect(html).toContain('alt="A red square"');
  });

  it.each([
    ["/static/img/missing.svg", 404, "no file /static/img/missing.svg"],
    // URL parsing resolves encoded dot segments before routing, so this asks for a page, not a file.
    ["/static/img/%2e%2e/%2e%2e/docs/guides.mdx", 404, "There is no page at /docs/guides.mdx"],
    ["/static/img/..%2f..%2fdocs%2fguides.mdx", 400, "not a valid file path"],
    ["/static/img%5c..%5csquare.svg", 400, "not a valid file path"],
    ["/static/img/square.svg?commit=nothex", 400, "commit"],
  ])("refuses the static path %s with %i", async (path, status, message) => {
    // Raw bytes: fetch would normalise the dot segments before they reach the server.
    const res = await rawRequest(server.url, { target: path });
    expect(res.status).toBe(status);
    expect(res.body).toContain(message);
  });

  it("links every page to its source for editing, and offers its Markdown", async () => {
    const html = await (await get("/guides/coins")).text();
    expect(html).toContain('href="https://github.com/example/docs/edit/main/docs/guides/coins.mdx"');
    expect(html).toContain("Edit this page");
    expect(html).toContain("Copy page as Markdown");
    expect(html).toContain('href="/guides/coins.md"');
  });

  it("points a pinned page's canonical URL at the live page and never marks the current version noindex", async () => {
    const pinned = await (await get(`/guides/coins?commit=${first}`)).text();
    expect(pinned).toContain('<link rel="canonical" href="https://docs.example.com/guides/coins"/>');
    expect(pinned).toContain('href="/guides/coins.md?commit=' + first);
    const live = await (await get("/guides/coins")).text();
    expect(live).toContain('<link rel="canonical" href="https://docs.example.com/guides/coins"/>');
    expect(live).toContain('<meta property="og:title"');
    expect(live).not.toContain("noindex");
  });
});
