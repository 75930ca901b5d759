import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  accessibilityOf,
  focusedElement,
  horizontalOverflow,
  launchBrowser,
  markWindow,
  open,
  screenshot,
  seriousAxeViolations,
  windowMarked,
  withPage,
} from "./helpers/browser";

/** Pages of the embedded content, each checked against GET /api/catalogue before use. */
const PAGES = {
  home: "/",
  guide: "/guides/developer/first-app/write-package",
  graphql: "/references/sui-api/graphql/reference/objects/address",
  tabs: "/concepts/tokenomics/staking-unstaking",
  notFound: "/guides/developer/no-such-page",
} as const;
/** More pages for the narrow-screen checks: wide tables, long identifiers, long code. */
const NARROW_EXTRA = ["/sui-api-ref", "/references/cli/client", "/references/sui-glossary", "/concepts/transactions/prog-txn-blocks"];

/** A page far down a long sidebar list (the GraphQL objects). */
const DEEP_IN_SIDEBAR = "/references/sui-api/graphql/reference/objects/validator-set";

const SIDEBAR = 'nav[aria-label="Section navigation"]';
const toggleOf = (label: string) => `${SIDEBAR} summary[aria-label="Pages under ${label}"]`;
const isOpen = (page: Page, label: string) => page.$eval(toggleOf(label), (summary) => (summary.parentElement as HTMLDetailsElement).open);

describe("the site in Chromium", () => {
  let browser: Browser;
  const site = inject("embeddedSiteUrl");
  const url = (p: string) => site + p;

  beforeAll(async () => {
    browser = await launchBrowser();
    const catalogue = (await (await fetch(url("/api/catalogue"))).json()) as Array<{ id: string }>;
    const ids = new Set(catalogue.map((p) => p.id));
    for (const p of [PAGES.guide, PAGES.graphql, PAGES.tabs, DEEP_IN_SIDEBAR, ...NARROW_EXTRA])
      expect(ids, `${p} is in the catalogue`).toContain(p.slice(1));
    expect(ids).not.toContain(PAGES.notFound.slice(1));
    // Compile the pages once, so no test waits for a cold compile, nor for the live search index.
    await Promise.all(
      [...Object.values(PAGES), ...NARROW_EXTRA, "/api/search?q=kiosk"].map((p) => fetch(url(p)).then((r) => r.arrayBuffer())),
    );
  });
  afterAll(() => browser?.close());

  describe("sidebar", () => {
    it("starts with only the categories on the way to the current page open, and marks that page", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.guide));
        const current = page.locator(`${SIDEBAR} a[aria-current="page"]`);
        await expect.poll(() => current.count()).toBe(1);
        expect(await current.getAttribute("href")).toBe(PAGES.guide);
        expect(await current.isVisible()).toBe(true);
        const categories = await page.$$eval(`${SIDEBAR} li.sidebar-category`, (items) =>
          items.map((li) => ({
            label: li.querySelector(".sidebar-link, .sidebar-label")?.textContent,
            open: (li.querySelector(":scope > details") as HTMLDetailsElement).open,
            onPath: li.querySelector('[aria-current="page"]') !== null,
          })),
        );
        expect(categories.filter((c) => c.onPath).map((c) => c.label)).toEqual(["Developer Guides", "Your First Sui dApp"]);
        for (const category of categories) expect(category.open, `${category.label} open`).toBe(category.onPath);
      });
    });

    it("opens and closes a category with the mouse; screen readers hear expanded and collapsed", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.guide));
        const child = page.locator(`${SIDEBAR} a[href="/guides/developer/sui-101/shared-owned"]`);
        expect(await accessibilityOf(page, toggleOf("Sui 101"))).toMatchObject({ name: "Pages under Sui 101", expanded: false });
        expect(await child.isVisible()).toBe(false);

        await page.click(toggleOf("Sui 101"));
        await child.waitFor({ state: "visible" });
        expect(await accessibilityOf(page, toggleOf("Sui 101"))).toMatchObject({ expanded: true });
        expect(page.url()).toBe(url(PAGES.guide));

        await page.click(toggleOf("Sui 101"));
        await child.waitFor({ state: "hidden" });
        expect(await accessibilityOf(page, toggleOf("Sui 101"))).toMatchObject({ expanded: false });
      });
    });

    it("reaches a category's link and toggle with Tab, and toggles with Enter and Space", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.guide));
        await page.focus(`${SIDEBAR} a[href="/guides/developer/sui-101"]`);
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Pages under Sui 101");
        expect((await focusedElement(page))?.ring).toBe(true);

        await page.keyboard.press("Enter");
        await expect.poll(() => isOpen(page, "Sui 101")).toBe(true);
        expect(await accessibilityOf(page, toggleOf("Sui 101"))).toMatchObject({ expanded: true });
        // The next Tab goes into the category just opened.
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toMatch(/^\/guides\/developer\/sui-101\//);

        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Space");
        await expect.poll(() => isOpen(page, "Sui 101")).toBe(false);
        expect(await accessibilityOf(page, toggleOf("Sui 101"))).toMatchObject({ expanded: false });
      });
    });

    it("scrolls its own column to the current page when that is far down a long list", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(DEEP_IN_SIDEBAR));
        const visibleInColumn = () =>
          page.$eval(`${SIDEBAR} a[aria-current="page"]`, (link) => {
            const column = link.closest("aside")!.getBoundingClientRect();
            const box = link.getBoundingClientRect();
            return box.top >= column.top && box.bottom <= column.bottom;
          });
        await expect.poll(visibleInColumn).toBe(true);
        // The page itself did not move.
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      });
      // The same in the drawer of a narrow screen, which takes the focus as it opens.
      await withPage(browser, PHONE, async (page) => {
        await open(page, url(DEEP_IN_SIDEBAR));
        await page.click(".menu-button");
        const current = page.locator(`${SIDEBAR} a[aria-current="page"]`);
        await current.waitFor({ state: "visible" });
        const box = (await current.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(800);
      });
    });

    it("keeps what the reader opened and closed through client-side navigation, also across sidebars", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.guide));
        await markWindow(page);
        await page.click(toggleOf("Cryptography"));
        await page.click(toggleOf("Your First Sui dApp"));
        await expect.poll(() => isOpen(page, "Cryptography")).toBe(true);
        await expect.poll(() => isOpen(page, "Your First Sui dApp")).toBe(false);

        // To a page in another category of the same sidebar.
        await page.click(`${SIDEBAR} a[href="/guides/developer/getting-started"]`);
        await page.waitForURL(url("/guides/developer/getting-started"));
        await expect.poll(() => isOpen(page, "Getting Started")).toBe(true);
        expect(await isOpen(page, "Cryptography")).toBe(true);
        expect(await isOpen(page, "Your First Sui dApp")).toBe(false);

        // To another sidebar and back: the guides sidebar is built anew and still remembers.
        await page.click('header nav[aria-label="Sections"] a[href="/concepts"]');
        await page.waitForURL(url("/concepts"));
        await page.locator(`${SIDEBAR} a[aria-current="page"][href="/concepts"]`).waitFor();
        await page.goBack();
        await page.waitForURL(url("/guides/developer/getting-started"));
        await expect.poll(() => isOpen(page, "Cryptography")).toBe(true);
        expect(await isOpen(page, "Your First Sui dApp")).toBe(false);

        // Back on a page inside the closed category: it opens so the current page shows.
        await page.goBack();
        await page.waitForURL(url(PAGES.guide));
        await expect.poll(() => isOpen(page, "Your First Sui dApp")).toBe(true);
        expect(await page.locator(`${SIDEBAR} a[aria-current="page"]`).isVisible()).toBe(true);
        expect(await windowMarked(page)).toBe(true);
      });
    });
  });

  it("hydrates and navigates under the Content-Security-Policy without a single violation", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      // Registered before any of the page's scripts run, so a blocked inline script is seen too.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`),
        );
      });
      const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
      for (const path of [PAGES.home, PAGES.notFound, PAGES.tabs, PAGES.guide]) {
        const response = await page.goto(url(path), { waitUntil: "load" });
        expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
        await page.waitForSelector("html[data-hydrated]", { state: "attached" });
        expect(await violations(), path).toEqual([]);
      }
      // Client-side navigation renders a page from its data, in the browser, under the same policy.
      const next = page.locator(".paginator-link.next");
      const nextHref = (await next.getAttribute("href"))!;
      await next.click();
      await page.waitForURL(url(nextHref));
      await expect.poll(() => page.locator(".markdown").innerText()).not.toBe("");
      expect(await violations()).toEqual([]);
    });
  });

  it("navigates between pages client-side, without loading a document", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(PAGES.guide));
      await markWindow(page);
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      const next = page.locator(".paginator-link.next");
      const nextHref = (await next.getAttribute("href"))!;
      await next.click();
      await page.waitForURL(url(nextHref));
      await expect.poll(() => page.title()).toMatch(/^Build and Test Packages · /);
      expect(await page.locator("h1").textContent()).toBe("Build and Test Packages");
      expect(await page.getAttribute(`${SIDEBAR} a[aria-current="page"]`, "href")).toBe(nextHref);

      await page.click('nav[aria-label="Breadcrumbs"] a[href="/guides/developer/first-app"]');
      await page.waitForURL(url("/guides/developer/first-app"));
      await page.goBack();
      await page.waitForURL(url(nextHref));
      await expect.poll(() => page.locator("h1").textContent()).toBe("Build and Test Packages");

      expect(await windowMarked(page)).toBe(true);
      expect(documents).toEqual([]);
    });
  });

  describe("theme", () => {
    /** Records the theme on <html> at the first animation frame (before the first paint) and at DOMContentLoaded. */
    const RECORD_THEME = () => {
      const w = window as unknown as { themeAtFirstFrame?: string | null; themeAtDomContentLoaded?: string | null };
      requestAnimationFrame(() => (w.themeAtFirstFrame = document.documentElement.getAttribute("data-theme")));
      document.addEventListener(
        "DOMContentLoaded",
        () => (w.themeAtDomContentLoaded = document.documentElement.getAttribute("data-theme")),
      );
    };
    const recorded = (page: Page) =>
      page
        .waitForFunction(() => {
          const w = window as unknown as { themeAtFirstFrame?: string | null; themeAtDomContentLoaded?: string | null };
          return w.themeAtFirstFrame !== undefined && w.themeAtDomContentLoaded !== undefined
            ? [w.themeAtFirstFrame, w.themeAtDomContentLoaded]
            : false;
        })
        .then((h) => h.jsonValue() as Promise<[string | null, string | null]>);
    const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    it.each(["light", "dark"] as const)("follows a %s system setting before the first paint", async (scheme) => {
      await withPage(browser, { ...DESKTOP, colorScheme: scheme }, async (page) => {
        await page.addInitScript(RECORD_THEME);
        await open(page, url(PAGES.guide));
        expect(await recorded(page)).toEqual([scheme, scheme]);
        expect(await background(page)).toBe(scheme === "dark" ? "rgb(15, 20, 26)" : "rgb(255, 255, 255)");
        expect(await page.getAttribute(".theme-toggle", "aria-label")).toBe(`Switch to ${scheme === "dark" ? "light" : "dark"} theme`);
      });
    });

    it("follows the system setting when it changes, until the reader picks a theme", async () => {
      await withPage(browser, { ...DESKTOP, colorScheme: "light" }, async (page) => {
        await open(page, url(PAGES.home));
        await page.emulateMedia({ colorScheme: "dark" });
        await page.waitForSelector('html[data-theme="dark"]', { state: "attached" });
        await page.click(".theme-toggle");
        await page.waitForSelector('html[data-theme="light"]', { state: "attached" });
        await page.emulateMedia({ colorScheme: "light" });
        await page.emulateMedia({ colorScheme: "dark" });
        // The pick wins over the system from now on.
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect(await page.getAttribute("html", "data-theme")).toBe("light");
      });
    });

    it("keeps the reader's choice across reloads, with no flash of the other theme", async () => {
      await withPage(browser, { ...DESKTOP, colorScheme: "light" }, async (page) => {
        await page.addInitScript(RECORD_THEME);
        await open(page, url(PAGES.tabs));
        expect(await recorded(page)).toEqual(["light", "light"]);
        await page.click('.theme-toggle[aria-label="Switch to dark theme"]');
        await page.waitForSelector('html[data-theme="dark"]', { state: "attached" });
        await expect.poll(() => background(page)).toBe("rgb(15, 20, 26)");
        expect(await page.getAttribute(".theme-toggle", "aria-label")).toBe("Switch to light theme");

        await page.reload();
        await page.waitForSelector("html[data-hydrated]", { state: "attached" });
        expect(await recorded(page)).toEqual(["dark", "dark"]);
        expect(await page.getAttribute(".theme-toggle", "aria-label")).toBe("Switch to light theme");

        // Another page, opened afresh in the same browser, gets the choice too.
        await open(page, url(PAGES.home));
        expect(await recorded(page)).toEqual(["dark", "dark"]);
        // A light pick holds against a dark system setting.
        await page.emulateMedia({ colorScheme: "dark" });
        await page.click('.theme-toggle[aria-label="Switch to light theme"]');
        await page.waitForSelector('html[data-theme="light"]', { state: "attached" });
        await page.reload();
        expect(await recorded(page)).toEqual(["light", "light"]);
      });
    });

    it("sets the theme from a script in <head>, ahead of the stylesheets and the body", async () => {
      const html = await (await fetch(url(PAGES.guide))).text();
      const script = html.indexOf("prefers-color-scheme");
      expect(script).toBeGreaterThan(html.indexOf("<head>"));
      expect(script).toBeLessThan(html.indexOf('rel="stylesheet"'));
      expect(script).toBeLessThan(html.indexOf("<body"));
    });
  });

  describe("table of contents", () => {
    const activeEntry = (page: Page) =>
      page.$$eval('.toc-wide a[aria-current="location"]', (links) => links.map((a) => a.getAttribute("href")));
    const headingTop = (page: Page, id: string) => page.$eval(`#${id}`, (h) => Math.round(h.getBoundingClientRect().top));

    it("scrolls to a heading from its link and highlights the section in view", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.guide));
        await expect.poll(() => activeEntry(page)).toEqual(["#what-you-build"]);

        await page.click('.toc-wide a[href="#entry-points"]');
        await page.waitForURL(url(`${PAGES.guide}#entry-points`));
        // Below the sticky header, at the top of the viewport.
        await expect.poll(() => headingTop(page, "entry-points")).toBeGreaterThan(55);
        expect(await headingTop(page, "entry-points")).toBeLessThan(150);
        await expect.poll(() => activeEntry(page)).toEqual(["#entry-points"]);

        // Reading on: the highlight follows the scroll, in both directions, one entry at a time.
        await page.$eval("#errors", (h) => window.scrollTo(0, window.scrollY + h.getBoundingClientRect().top - 100));
        await expect.poll(() => activeEntry(page)).toEqual(["#errors"]);
        await page.$eval("#create-the-package", (h) => window.scrollTo(0, window.scrollY + h.getBoundingClientRect().top - 100));
        await expect.poll(() => activeEntry(page)).toEqual(["#create-the-package"]);
        // Half way down a long section (the whole module's code), the section is still the one highlighted.
        await page.$eval("#the-module", (h) => window.scrollTo(0, window.scrollY + h.getBoundingClientRect().top - 100));
        await expect.poll(() => activeEntry(page)).toEqual(["#the-module"]);
        await page.mouse.wheel(0, 150);
        await page.waitForFunction(() => (document.getElementById("the-module")?.getBoundingClientRect().top ?? 0) < 0);
        await expect.poll(() => activeEntry(page)).toEqual(["#the-module"]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect.poll(() => activeEntry(page)).toEqual(["#what-you-build"]);
      });
    });

    it("highlights the last entry at the end of the page, where its heading cannot reach the top", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.guide));
        await page.click('.toc-wide a[href="#next-step"]');
        await page.waitForURL(url(`${PAGES.guide}#next-step`));
        await page.waitForFunction(() => Math.abs(window.innerHeight + window.scrollY - document.scrollingElement!.scrollHeight) < 2);
        // The page is too short below the heading to bring it to the top...
        expect(await headingTop(page, "next-step")).toBeGreaterThan(900 / 4);
        // ...yet it is the section shown.
        await expect.poll(() => activeEntry(page)).toEqual(["#next-step"]);
        await page.mouse.wheel(0, -400);
        await expect.poll(() => activeEntry(page)).not.toEqual(["#next-step"]);
      });
    });
  });

  describe("code blocks and tabs", () => {
    const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

    it("copies a code block with the mouse and with the keyboard", async () => {
      await withPage(browser, { ...DESKTOP, permissions: ["clipboard-read", "clipboard-write"] }, async (page) => {
        await open(page, url(PAGES.tabs));
        await page.evaluate(() => navigator.clipboard.writeText("nothing yet"));
        const blocks = page.locator(".markdown .code-block:visible");
        const first = blocks.nth(0);
        const button = first.locator(".copy-button");
        await first.hover();
        await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe("1");
        await button.click();
        const code = await first.locator("pre").innerText();
        expect(code.length).toBeGreaterThan(5);
        await expect.poll(() => clipboard(page)).toBe(code);
        await expect.poll(() => button.textContent()).toBe("Copied");
        await expect.poll(() => button.textContent()).toBe("Copy");

        const second = blocks.nth(1);
        const secondCode = await second.locator("pre").innerText();
        expect(secondCode).not.toBe(code);
        await second.locator("pre").focus();
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.className)).toBe("copy-button");
        expect((await focusedElement(page))?.inViewport).toBe(true);
        await page.keyboard.press("Enter");
        await expect.poll(() => clipboard(page)).toBe(secondCode);
      });
    });

    it("switches tabs with the arrow keys, and tabs of one group together", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.tabs));
        const lists = page.locator('[role="tablist"]');
        expect(await lists.count()).toBeGreaterThan(1);
        const selected = () => page.$$eval('[role="tab"][aria-selected="true"]', (tabs) => tabs.map((t) => t.textContent));
        const before = await selected();
        expect(new Set(before).size).toBe(1);

        await lists.nth(0).locator('[role="tab"][aria-selected="true"]').focus();
        await page.keyboard.press("ArrowRight");
        const after = await selected();
        expect(after[0]).not.toBe(before[0]);
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(after[0]);
        // Every tab list of the group follows, and the visible panel is the selected tab's.
        expect(new Set(after).size).toBe(1);
        const panel = await lists.nth(0).locator('[role="tab"][aria-selected="true"]').getAttribute("aria-controls");
        expect(await page.locator(`[id="${panel}"]`).isVisible()).toBe(true);
      });
    });
  });

  describe("the page body", () => {
    const panelState = (page: Page) =>
      page.$$eval(".markdown .tabs-panel", (panels) =>
        panels.map((p) => ({
          visible: p.getClientRects().length > 0,
          label: (p.querySelector(".tabs-label") as HTMLElement | null)?.innerText ?? "",
          text: (p as HTMLElement).innerText.length,
        })),
      );

    it("shows every tab panel, each after its label, without JavaScript", async () => {
      await withPage(browser, { ...DESKTOP, javaScriptEnabled: false }, async (page) => {
        await page.goto(url(PAGES.tabs), { waitUntil: "load" });
        const panels = await panelState(page);
        expect(panels.length).toBeGreaterThanOrEqual(4);
        for (const panel of panels) {
          expect(panel.visible).toBe(true);
          expect(panel.label).toMatch(/^(CLI|TypeScript)$/);
          expect(panel.text).toBeGreaterThan(panel.label.length + 20);
        }
        expect(await page.locator('[role="tablist"]').count()).toBe(0);
        expect(await accessibilityOf(page, ".markdown .tabs-label")).toMatchObject({ role: "heading", name: "CLI" });
        await screenshot(page, "tabs-without-javascript", false);
      });
    });

    it("turns the panels into tabs once enhanced, showing the group's remembered choice", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(PAGES.tabs));
        const tabs = await page.locator(".markdown .tabs").count();
        let panels = await panelState(page);
        expect(panels.filter((p) => p.visible).length).toBe(tabs);
        expect(await page.locator(".markdown .tabs-label:visible").count()).toBe(0);
        await page.locator('[role="tab"]', { hasText: "TypeScript" }).first().click();
        await page.reload({ waitUntil: "load" });
        await page.waitForSelector("html[data-hydrated]", { state: "attached" });
        const selected = await page.$$eval('[role="tab"][aria-selected="true"]', (all) => all.map((t) => t.textContent));
        expect(selected).toEqual(Array(tabs).fill("TypeScript"));
        panels = await panelState(page);
        expect(panels.filter((p) => p.visible).length).toBe(tabs);
      });
    });

    it("gives every h2 and h3 an anchor, shown on hover and on keyboard focus, that goes to and copies its URL", async () => {
      await withPage(browser, { ...DESKTOP, permissions: ["clipboard-read", "clipboard-write"] }, async (page) => {
        await open(page, url(PAGES.guide));
        const headings = await page.$$eval(".markdown :is(h2, h3):not(.sr-only)", (all) =>
          all.map((h) => ({ id: h.id, href: h.querySelector("a.heading-anchor")?.getAttribute("href") })),
        );
        expect(headings.length).toBeGreaterThan(2);
        for (const heading of headings) expect(heading.href, heading.id).toBe(`#${heading.id}`);

        const second = page.locator(".markdown h2").nth(1);
        const anchor = second.locator(".heading-anchor");
        const opacity = () => anchor.evaluate((a) => getComputedStyle(a).opacity);
        expect(await opacity()).toBe("0");
        await second.hover();
        await expect.poll(opacity).toBe("1");
        await page.mouse.move(0, 0);
        await expect.poll(opacity).toBe("0");
        // Reached with the keyboard: Tab from the element before it.
        await anchor.focus();
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => document.activeElement?.classList.contains("heading-anchor"))).toBe(true);
        expect((await focusedElement(page))?.ring).toBe(true);
        await expect.poll(opacity).toBe("1");

        const target = url(`${PAGES.guide}#${await second.getAttribute("id")}`);
        await page.keyboard.press("Enter");
        await page.waitForURL(target);
        await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(target);
        expect(await anchor.getAttribute("data-copied")).toBe("");
      });
    });

    it("follows internal links of the body client-side, and keeps a pinned commit in them", async () => {
      const { commit } = (await (await fetch(url("/api/status"))).json()) as { commit: string };
      await withPage(browser, DESKTOP, async (page) => {
        const documents: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "document") documents.push(request.url());
        });
        await open(page, url(`${PAGES.tabs}?commit=${commit}`));
        documents.length = 0;
        await markWindow(page);
        const link = page.locator('.markdown a[href^="/concepts/sui-architecture/staking-rewards"]').first();
        const href = (await link.getAttribute("href"))!;
        expect(href).toBe(`/concepts/sui-architecture/staking-rewards?commit=${commit}#estimating-rewards`);
        await link.click();
        await page.waitForURL(url(href));
        await expect.poll(() => page.locator("h1").textContent()).toBe("Staking Rewards");
        expect(await windowMarked(page)).toBe(true);
        expect(documents).toEqual([]);
      });
    });
  });

  it("shows a focus ring on everything Tab reaches, and reaches the content", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(PAGES.tabs));
      await page.keyboard.press("Tab");
      const skip = await focusedElement(page);
      expect(skip?.label).toContain("Skip to content");
      expect(skip?.inViewport).toBe(true);
      const seen: string[] = [];
      const problems: string[] = [];
      for (let i = 0; i < 200; i++) {
        await page.keyboard.press("Tab");
        const focused = await focusedElement(page);
        if (!focused) break;
        seen.push(focused.label);
        if (!focused.ring || !focused.inViewport) problems.push(`${focused.label}: ring ${focused.ring}, on screen ${focused.inViewport}`);
      }
      expect(problems).toEqual([]);
      // The walk went through the header, the sidebar and into the article's tabs and code.
      expect(seen.some((l) => l.startsWith("button.theme-toggle"))).toBe(true);
      expect(seen.some((l) => l.startsWith("summary.category-toggle"))).toBe(true);
      expect(seen.some((l) => l.startsWith("a.sidebar-link"))).toBe(true);
      expect(seen.some((l) => l.startsWith("button.doc-action"))).toBe(true);
      expect(seen.some((l) => l.startsWith("pre"))).toBe(true);
      expect(seen.some((l) => l.startsWith("button.copy-button"))).toBe(true);
      // The selected tab of each tab list (roving tabindex: the others are reached with the arrow keys).
      expect(seen.some((l) => l === `button "CLI"`)).toBe(true);
    });
  });

  it("skips from the top of the page to the content with the skip link", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(PAGES.guide));
      await page.keyboard.press("Tab");
      expect((await focusedElement(page))?.label).toContain("Skip to content");
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("main") != null)).toBe(true);
    });
  });

  describe("at 375 × 800", () => {
    it("opens the navigation drawer and closes it with Escape, the backdrop and a link", async () => {
      await withPage(browser, PHONE, async (page) => {
        await open(page, url(PAGES.guide));
        await markWindow(page);
        const menu = page.locator(".menu-button");
        const drawer = page.locator("#doc-sidebar");
        const current = drawer.locator('a[aria-current="page"]');
        expect(await menu.isVisible()).toBe(true);
        expect(await drawer.isVisible()).toBe(false);
        expect(await menu.getAttribute("aria-expanded")).toBe("false");

        await menu.click();
        await current.waitFor({ state: "visible" });
        expect(await menu.getAttribute("aria-expanded")).toBe("true");
        expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Close navigation");
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await screenshot(page, "drawer-375", false);
        await page.keyboard.press("Escape");
        await current.waitFor({ state: "hidden" });
        expect(await page.evaluate(() => document.activeElement?.className)).toBe("menu-button");
        expect(await menu.getAttribute("aria-expanded")).toBe("false");

        await menu.click();
        await current.waitFor({ state: "visible" });
        await page.mouse.click(360, 400);
        await current.waitFor({ state: "hidden" });

        await menu.click();
        await page.click(`#doc-sidebar a[href="/guides/developer/first-app/build-test"]`);
        await page.waitForURL(url("/guides/developer/first-app/build-test"));
        await drawer.locator('a[aria-current="page"]').waitFor({ state: "hidden" });
        expect(await drawer.isVisible()).toBe(false);
        expect(await windowMarked(page)).toBe(true);
      });
    });

    it("keeps the keyboard out of the closed drawer", async () => {
      await withPage(browser, PHONE, async (page) => {
        await open(page, url(PAGES.guide));
        const visited: string[] = [];
        for (let i = 0; i < 12; i++) {
          await page.keyboard.press("Tab");
          const inSidebar = await page.evaluate(() => document.activeElement?.closest('aside[aria-label="Sidebar"]') != null);
          const focused = await focusedElement(page);
          visited.push(focused?.label ?? "nothing");
          expect(inSidebar, `Tab ${i + 1} reached ${focused?.label} in the closed drawer`).toBe(false);
          expect(focused?.inViewport, `${focused?.label} is on screen`).toBe(true);
        }
        // From the header, the focus went straight on into the article.
        expect(visited.some((label) => label.includes("On this page") || label.startsWith("a "))).toBe(true);
      });
    });

    it("shows the copy buttons on a touch screen, and no label sits on code", async () => {
      await withPage(browser, PHONE, async (page) => {
        await open(page, url(PAGES.tabs));
        const opacities = await page.$$eval(".markdown .code-block:not([hidden] *) .copy-button", (buttons) =>
          buttons.filter((b) => b.getClientRects().length).map((b) => getComputedStyle(b).opacity),
        );
        expect(opacities.length).toBeGreaterThan(1);
        expect(new Set(opacities)).toEqual(new Set(["1"]));
        // The language label at the bottom right of a block overlaps none of its lines.
        const overlaps = await page.$$eval(".code-frame", (frames) =>
          frames.flatMap((frame) => {
            const label = frame.querySelector(".code-language")?.getBoundingClientRect();
            if (!label || !label.width) return [];
            return [...frame.querySelectorAll(".line")]
              .map((line) => line.getBoundingClientRect())
              .filter((line) => line.width && line.bottom > label.top + 1 && line.top < label.bottom - 1)
              .map(() => frame.querySelector("pre")?.textContent?.slice(0, 40) ?? "");
          }),
        );
        expect(overlaps).toEqual([]);
      });
    });

    it.each([...Object.entries(PAGES), ...NARROW_EXTRA.map((p) => [p.slice(1).replaceAll("/", "-"), p])])(
      "nothing overflows sideways on %s (%s)",
      async (name, pagePath) => {
        await withPage(browser, PHONE, async (page) => {
          await open(page, url(pagePath));
          expect(await page.evaluate(() => window.innerWidth)).toBe(375);
          const overflow = await horizontalOverflow(page);
          await screenshot(page, `${name}-375`);
          expect(overflow, `${pagePath} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
          expect(await seriousAxeViolations(page)).toEqual([]);
        });
      },
    );
  });

  it("searches from the keyboard: Ctrl+K, / and Cmd+K open it, arrows pick a result, Enter goes there", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(PAGES.guide));
      await markWindow(page);
      const dialog = page.locator("dialog.search-dialog");
      const input = dialog.getByRole("combobox");
      const selected = dialog.locator('[role="option"][aria-selected="true"]');

      for (const shortcut of ["Control+k", "/", "Meta+k"]) {
        await page.locator("h1").click();
        await page.keyboard.press(shortcut);
        await input.waitFor({ state: "visible" });
        expect(await input.evaluate((el) => el === document.activeElement), `${shortcut} focuses the search field`).toBe(true);
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "hidden" });
      }

      await page.keyboard.press("Control+k");
      await input.waitFor({ state: "visible" });
      await page.keyboard.type("kiosk");
      await expect.poll(() => dialog.locator('[role="option"]').count()).toBeGreaterThan(1);
      const first = await selected.getAttribute("id");
      expect(await input.getAttribute("aria-activedescendant")).toBe(first);
      await page.keyboard.press("ArrowDown");
      await expect.poll(() => selected.getAttribute("id")).not.toBe(first);
      const chosen = await selected.getAttribute("id");
      expect(await input.getAttribute("aria-activedescendant")).toBe(chosen);
      await screenshot(page, "search-light", false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The same, dark: with no theme picked, the page follows the system setting as it changes.
      await page.emulateMedia({ colorScheme: "dark" });
      await page.waitForSelector('html[data-theme="dark"]', { state: "attached" });
      await screenshot(page, "search-dark", false);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const target = (await selected.getAttribute("href"))!;
      expect(target).not.toBe(PAGES.guide);

      await page.keyboard.press("Enter");
      await page.waitForURL(url(target));
      await dialog.waitFor({ state: "hidden" });
      expect(await windowMarked(page)).toBe(true);
      if (target.includes("#")) await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#${target.split("#")[1]}`);
    });
  });

  describe("accessibility (axe-core: nothing serious or critical)", () => {
    // One load per page: the dark theme is the system setting changed after the light one was
    // checked, which the page follows (see "theme") with the same markup and styles as a dark load.
    it.each(Object.entries(PAGES))("%s (%s) in the light and the dark theme", async (name, pagePath) => {
      await withPage(browser, { ...DESKTOP, colorScheme: "light" }, async (page) => {
        const response = await page.goto(url(pagePath));
        expect(response?.status()).toBe(name === "notFound" ? 404 : 200);
        await page.waitForSelector(`html[data-hydrated][data-theme="light"]`, { state: "attached" });
        expect(await page.title()).toMatch(
          name === "notFound" ? /^Page not found · Sui Documentation$/ : / · Sui Documentation$|^Sui Documentation$/,
        );
        // Nothing shows escaped markup to the reader (generated references once showed `Coin&lt;T&gt;`).
        expect(await page.locator("main").innerText()).not.toMatch(/&(lt|gt|amp|quot|#\d+);|\\[{}]/);
        for (const theme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: theme });
          await page.waitForSelector(`html[data-theme="${theme}"]`, { state: "attached" });
          await screenshot(page, `${name}-${theme}`);
          const violations = await seriousAxeViolations(page);
          expect(violations, `${theme}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
        }
      });
    });
  });
});
