import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, SCREENSHOTS, horizontalOverflow, launchBrowser, open, screenshot, withPage } from "./helpers/browser";

const GUIDE = "/guides/developer/first-app/write-package";
const GRAPHQL = "/references/sui-api/graphql/reference/objects/address";
/** A page in none of the four sidebars. */
const NO_SIDEBAR = "/snippets/move-summary";
/**
 * The pages that had a table wider than the content column at 1280 px (measured over every page of
 * the catalogue before tables learnt to wrap their code: 30 of the 115 pages with tables).
 */
const WIDE_TABLE_PAGES = [
  "concepts/components",
  "concepts/cryptography/transaction-auth/keys-addresses",
  "concepts/dynamic-fields",
  "concepts/dynamic-fields/tables-bags",
  "concepts/graphql-rpc",
  "concepts/object-ownership",
  "concepts/transfers",
  "concepts/transfers/transfer-to-object",
  "guides/developer/advanced/custom-indexer",
  "guides/developer/advanced/graphql-migration",
  "guides/developer/app-examples/trading/indexer-api",
  "guides/developer/cryptography/groth16",
  "guides/developer/cryptography/hashing",
  "guides/developer/cryptography/signing",
  "guides/developer/dev-cheat-sheet",
  "guides/developer/getting-started/connect",
  "guides/operator/archives",
  "guides/operator/data-management",
  "references/cli/client",
  "references/move/move-toml",
  "references/rust-sdk",
  "references/sui-api",
  "standards/closed-loop-token/action-request",
  "standards/closed-loop-token/spending",
  "standards/closed-loop-token/token-policy",
  "standards/deepbook/orders",
  "standards/deepbook/query-the-pool",
  "standards/deepbook/routing-a-swap",
  "standards/display",
  "sui-api-ref",
];
const SECTION_LINKS = ["/guides", "/concepts", "/standards", "/references"];
const NO_JS: BrowserContextOptions = { javaScriptEnabled: false };

describe("the site's chrome in Chromium", () => {
  const site = inject("embeddedSiteUrl");
  let browser: Browser;
  const url = (p: string) => site + p;

  beforeAll(async () => {
    browser = await launchBrowser();
    const ids = new Set(((await (await fetch(url("/api/catalogue"))).json()) as Array<{ id: string }>).map((p) => p.id));
    for (const id of [GUIDE.slice(1), GRAPHQL.slice(1), NO_SIDEBAR.slice(1), ...WIDE_TABLE_PAGES])
      expect(ids, `${id} is in the catalogue`).toContain(id);
    // Compile the pages once, a few at a time, so no test waits for a cold compile.
    const all = ["/", GUIDE, GRAPHQL, ...WIDE_TABLE_PAGES.map((id) => `/${id}`)];
    for (let i = 0; i < all.length; i += 4) await Promise.all(all.slice(i, i + 4).map((p) => fetch(url(p)).then((r) => r.arrayBuffer())));
  });
  afterAll(() => browser?.close());

  /** Opens a page; without JavaScript there is no hydration to wait for. */
  const load = (page: Page, path: string, js = true) =>
    js ? open(page, url(path)) : page.goto(url(path), { waitUntil: "load" }).then(() => undefined);

  describe("tables", () => {
    it("fit the content column at 1280 px, and the page never scrolls sideways at 375 px", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        let tables = 0;
        const problems: string[] = [];
        for (const id of WIDE_TABLE_PAGES) {
          await load(page, `/${id}`);
          const widths = await page.$$eval(".markdown table", (list) => {
            const column = document.querySelector(".markdown")!.getBoundingClientRect().width;
            return list.map((table) => ({ table: table.getBoundingClientRect().width, column }));
          });
          tables += widths.length;
          for (const [i, w] of widths.entries())
            if (w.table > w.column + 0.5)
              problems.push(`${id}: table ${i + 1} is ${Math.round(w.table)} px in a ${Math.round(w.column)} px column`);
          await page.setViewportSize({ width: 375, height: 800 });
          const overflow = await horizontalOverflow(page);
          if (overflow > 0) problems.push(`${id}: ${overflow} px wider than a 375 px screen`);
          await page.setViewportSize(DESKTOP.viewport!);
        }
        expect(problems).toEqual([]);
        expect(tables).toBeGreaterThan(50);
      });
    });

    it("break long code in cells between words, never between the letters of a word", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await load(page, "/standards/deepbook/orders");
        const cell = page.locator(".markdown td code", { hasText: "expire_timestamp" }).first();
        // Two lines, broken after the underscore; copying the cell gives the identifier back whole.
        expect(await cell.evaluate((code) => code.getClientRects().length)).toBe(2);
        expect(
          await cell.evaluate((code) => [...code.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent)),
        ).toEqual(["expire_", "timestamp"]);
        expect(await cell.innerText()).toBe("expire_timestamp");
      });
    });

    it("on a phone, scroll inside their box with a shadow at the edge that has more", async () => {
      await withPage(browser, PHONE, async (page) => {
        await load(page, "/guides/developer/advanced/graphql-migration");
        const box = page.locator(".table-scroll").first();
        await box.scrollIntoViewIfNeeded();
        const state = () =>
          box.evaluate((el) => ({
            scrolls: el.scrollWidth > el.clientWidth,
            background: getComputedStyle(el).backgroundImage,
            attachment: getComputedStyle(el).backgroundAttachment,
          }));
        const before = await state();
        expect(before.scrolls).toBe(true);
        // Covers that move with the content over shadows that stay at the edges.
        expect(before.background).toMatch(/radial-gradient/);
        expect(before.attachment).toBe("local, local, scroll, scroll");
        await screenshot(page, "table-scroll-375", false);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      });
    });
  });

  describe("navigation on a phone", () => {
    const drawerLinks = (page: Page) =>
      page.$$eval("#doc-sidebar nav a[href]", (links) => links.filter((a) => a.getClientRects().length).map((a) => a.getAttribute("href")));

    it.each([
      ["a guide", GUIDE, GUIDE],
      ["the home page", "/", undefined],
      ["a page outside the sidebars", NO_SIDEBAR, undefined],
      ["the error page", "/guides/developer/no-such-page", undefined],
    ])("offers the four sections in the drawer on %s, and the section's tree", async (_name, path, current) => {
      await withPage(browser, PHONE, async (page) => {
        await load(page, path);
        await page.click(".menu-button");
        await page.locator("#doc-sidebar .drawer-sections").waitFor({ state: "visible" });
        const links = await drawerLinks(page);
        expect(links.slice(0, 4)).toEqual(SECTION_LINKS);
        if (current) {
          expect(await page.getAttribute('#doc-sidebar a[aria-current="page"]', "href")).toBe(current);
          expect(await page.getAttribute('#doc-sidebar .drawer-sections a[aria-current="true"]', "href")).toBe("/guides");
        } else expect(links).toHaveLength(4);
      });
    });

    it("fits the top bar and the page into a 320 px screen", async () => {
      await withPage(browser, { ...PHONE, viewport: { width: 320, height: 700 } }, async (page) => {
        for (const path of ["/", GUIDE]) {
          await load(page, path);
          expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
        }
      });
    });

    it("puts the page's title before its table of contents", async () => {
      await withPage(browser, PHONE, async (page) => {
        await load(page, GUIDE);
        const title = (await page.locator("h1").boundingBox())!;
        const toc = (await page.locator(".toc-narrow").boundingBox())!;
        expect(title.y + title.height).toBeLessThanOrEqual(toc.y);
        expect(
          await page
            .locator("h1")
            .evaluate((h1) =>
              Boolean(h1.compareDocumentPosition(document.querySelector(".toc-narrow")!) & Node.DOCUMENT_POSITION_FOLLOWING),
            ),
        ).toBe(true);
      });
    });
  });

  describe("without JavaScript", () => {
    it("opens and closes the drawer from the menu on a phone", async () => {
      await withPage(browser, { ...PHONE, ...NO_JS }, async (page) => {
        await load(page, GUIDE, false);
        const current = page.locator('#doc-sidebar a[aria-current="page"]');
        expect(await current.isVisible()).toBe(false);
        await page.click(".menu-button");
        await current.waitFor({ state: "visible" });
        expect(await page.locator("#doc-sidebar .drawer-sections a").count()).toBe(4);
        await screenshot(page, "drawer-no-js-375", false);
        await page.click(".drawer-close");
        await current.waitFor({ state: "hidden" });
      });
    });

    it("opens sidebar categories", async () => {
      await withPage(browser, { ...DESKTOP, ...NO_JS }, async (page) => {
        await load(page, GUIDE, false);
        const child = page.locator('nav[aria-label="Section navigation"] a[href="/guides/developer/sui-101/shared-owned"]');
        expect(await child.isVisible()).toBe(false);
        await page.click('summary[aria-label="Pages under Sui 101"]');
        await child.waitFor({ state: "visible" });
      });
    });
  });

  it("starts the breadcrumbs with the section", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      const crumbs = () =>
        page.$$eval('nav[aria-label="Breadcrumbs"] li', (items) =>
          items.map((li) => [li.textContent, li.querySelector("a")?.getAttribute("href") ?? null]),
        );
      await load(page, GUIDE);
      expect(await crumbs()).toEqual([
        ["Guides", "/guides"],
        ["Developer Guides", "/guides/developer"],
        ["Your First Sui dApp", "/guides/developer/first-app"],
        ["Write a Move Package", null],
      ]);
      // A section's index page, and a generated page whose id names no section but whose sidebar does.
      await load(page, "/guides");
      expect(await crumbs()).toEqual([["Guides", null]]);
      await load(page, "/sui-api-ref");
      expect((await crumbs())[0]).toEqual(["References", "/references"]);
    });
  });

  it("has a footer with the licence and the community's links, and a logo drawn in SVG", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await load(page, "/");
      const footer = page.locator("footer.site-footer");
      expect(await footer.locator('a[rel~="license"]').getAttribute("href")).toBe("https://creativecommons.org/licenses/by/4.0/");
      const hrefs = await footer.locator("a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(
        expect.arrayContaining(["https://github.com/MystenLabs/sui", "https://discord.gg/sui", "https://forums.sui.io"]),
      );
      expect(await page.locator(".brand svg").count()).toBe(1);
    });
  });

  describe("meta", () => {
    const metaOf = async (path: string) => {
      const html = await (await fetch(url(path))).text();
      const value = (re: RegExp) => re.exec(html)?.[1];
      return {
        canonical: value(/<link rel="canonical" href="([^"]+)"/),
        ogUrl: value(/<meta property="og:url" content="([^"]+)"/),
        ogImage: value(/<meta property="og:image" content="([^"]+)"/),
        twitterImage: value(/<meta name="twitter:image" content="([^"]+)"/),
      };
    };

    it.each([["/"], [GUIDE]])("names %s and its social image with absolute URLs", async (path) => {
      // Without SITE_URL or ALLOWED_HOSTS, the origin is http://localhost:<PORT> (never the request's Host).
      const origin = `http://localhost:${new URL(site).port}`;
      const meta = await metaOf(path);
      expect(meta).toEqual({
        canonical: `${origin}${path}`,
        ogUrl: `${origin}${path}`,
        ogImage: `${origin}/social-card.png`,
        twitterImage: `${origin}/social-card.png`,
      });
    });

    it("serves the social image as a 1200 × 630 PNG", async () => {
      const res = await fetch(url("/social-card.png"));
      expect(res.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await res.arrayBuffer());
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });
  });

  it.each([
    ["home", "/"],
    ["guide", GUIDE],
    ["graphql", GRAPHQL],
  ])("ships at most 120 KB of gzipped JavaScript on the %s page", async (_name, path) => {
    await withPage(browser, DESKTOP, async (page) => {
      const scripts: Array<Promise<number>> = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => gzipSync(body).length));
      });
      await load(page, path);
      const inline = await page.$$eval("script:not([src])", (list) => list.map((s) => s.textContent ?? ""));
      const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + gzipSync(inline.join("")).length;
      expect(scripts.length).toBeGreaterThan(0);
      expect(total / 1024, `${path}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(120);
    });
  });

  // Only screenshots, for a person to look at: the other suites check what these pages must do.
  it.runIf(SCREENSHOTS).each(["light", "dark"] as const)("looks right at 1280 and 375 px in the %s theme (screenshots)", async (theme) => {
    for (const [name, options] of [
      ["1280", DESKTOP],
      ["375", PHONE],
    ] as const) {
      await withPage(browser, { ...options, colorScheme: theme }, async (page) => {
        for (const [pageName, path] of [
          ["home", "/"],
          ["guide", GUIDE],
          ["tables", "/standards/deepbook/orders"],
        ]) {
          await load(page, path!);
          await screenshot(page, `chrome-${pageName}-${name}-${theme}`, false);
        }
        await load(page, GUIDE);
        if (name === "375") {
          await page.click(".menu-button");
          await page.locator("#doc-sidebar .drawer-sections").waitFor({ state: "visible" });
          await screenshot(page, `chrome-drawer-375-${theme}`, false);
        } else {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await screenshot(page, `chrome-footer-1280-${theme}`, false);
        }
      });
    }
  });
});
