import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  horizontalOverflow,
  launchBrowser,
  markWindow,
  open,
  screenshot,
  seriousAxeViolations,
  windowMarked,
  withPage,
} from "./helpers/browser";

/** A page to search from, and the page the typo "kisok" must find (both checked against the catalogue). */
const START = "/guides/developer/getting-started";
const KIOSK = "/standards/kiosk";

const DIALOG = "dialog.search-dialog";
const OPTION = `${DIALOG} [role="option"]`;

describe("search in Chromium", () => {
  const site = inject("embeddedSiteUrl");
  let browser: Browser;
  const url = (p: string) => site + p;

  beforeAll(async () => {
    browser = await launchBrowser();
    const ids = new Set(((await (await fetch(url("/api/catalogue"))).json()) as Array<{ id: string }>).map((p) => p.id));
    for (const p of [START, KIOSK]) expect(ids, `${p} is in the catalogue`).toContain(p.slice(1));
    // The first search builds nothing (the live index is built at start), but may wait for it: on
    // a busy machine longer than a search waits (then it answers 503).
    const deadline = Date.now() + 240_000;
    let status = 503;
    while ((status = (await fetch(url("/api/search?q=kiosk"))).status) === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(status).toBe(200);
  });
  afterAll(() => browser?.close());

  /** Opens the dialog with Ctrl+K, types `q` and waits for its results. */
  async function searchFor(page: Page, q: string): Promise<void> {
    await page.keyboard.press("Control+k");
    const input = page.locator(`${DIALOG} [role="combobox"]`);
    await input.waitFor({ state: "visible" });
    await input.fill(q);
    await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toMatch(/match/);
  }

  /** The pages the dialog lists, in order (each group is a page, labelled with its title). */
  const listedPages = (page: Page) =>
    page.$$eval(`${DIALOG} [role="group"]`, (groups) => groups.map((g) => new URL(g.querySelector("a")!.href).pathname));

  it("finds the kiosk page for the typo “kisok”, grouped by page with the matching sections", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(START));
      await searchFor(page, "kisok");
      expect((await listedPages(page)).slice(0, 3)).toContain(KIOSK);
      const kiosk = page
        .locator(`${DIALOG} [role="group"]`)
        .filter({ has: page.locator(`a[href^="${KIOSK}#"], a[href="${KIOSK}"]`) })
        .first();
      expect(await kiosk.getAttribute("aria-label")).toBe("Sui Kiosk");
      // Each option names its section and marks the word the typo stood for.
      expect(await kiosk.locator(".search-hit-heading").count()).toBeGreaterThan(0);
      expect((await page.locator(`${DIALOG} mark`).allTextContents()).map((t) => t.toLowerCase())).toContain("kiosk");
      // The last option opens the results page with every match.
      expect(await page.locator(`${OPTION}.search-all`).getAttribute("href")).toBe("/search?q=kisok");
    });
  });

  it("closes with one press of Escape, with or without words typed", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(START));
      const dialog = page.locator(DIALOG);
      await searchFor(page, "validator");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      // Opened again, it still holds the words (selected, so typing replaces them); Escape once more closes it.
      await page.keyboard.press("Control+k");
      await dialog.waitFor({ state: "visible" });
      expect(await page.inputValue(`${DIALOG} [role="combobox"]`)).toBe("validator");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.querySelector("dialog")!.open)).toBe(false);
    });
  });

  it("moves the focus to the chosen section in the main content, after a client-side navigation", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(START));
      await markWindow(page);
      await searchFor(page, "kisok");
      // Walk to the first option that names a section of the kiosk page.
      const options = await page.$$eval(OPTION, (links) => links.map((a) => a.getAttribute("href")!));
      const target = options.findIndex((href) => href.startsWith(`${KIOSK}#`));
      expect(target).toBeGreaterThanOrEqual(0);
      for (let i = 0; i < target; i++) await page.keyboard.press("ArrowDown");
      const href = options[target]!;
      await page.keyboard.press("Enter");
      await page.waitForURL(url(href));
      await page.locator(DIALOG).waitFor({ state: "hidden" });
      const anchor = decodeURIComponent(href.split("#")[1]!);
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(anchor);
      expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
      // The heading is on screen, below the sticky header.
      const box = (await page.locator(`[id="${anchor}"]`).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(900);
      expect(await windowMarked(page)).toBe(true);
      // The next Tab goes on from the section, not from the top of the page.
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
    });
  });

  it("says why while the index is being built, and asks again when the server said to, without another keystroke", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      // The server's answer while a replica that just started builds its index (server/search/index.ts).
      const building = "The search index is still being built; try again in a few seconds.";
      const asked: number[] = [];
      await page.route("**/api/search?*", async (route) => {
        asked.push(Date.now());
        if (asked.length > 1) return route.continue();
        await route.fulfill({
          status: 503,
          headers: { "Retry-After": "1" },
          contentType: "application/json",
          body: JSON.stringify({ error: building }),
        });
      });
      await open(page, url(START));
      await page.keyboard.press("Control+k");
      await page.locator(`${DIALOG} [role="combobox"]`).fill("kisok");
      await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toBe(building);
      await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toMatch(/match/);
      expect(asked).toHaveLength(2);
      expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(1_000);
      expect(await listedPages(page)).toContain(KIOSK);
    });
  });

  it("opens the results page on Enter when no result is shown yet", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(START));
      await page.keyboard.press("Control+k");
      await page.locator(`${DIALOG} [role="combobox"]`).waitFor({ state: "visible" });
      // Typed and sent at once: the dialog's own search has not answered yet.
      await page.keyboard.type("xylophonist");
      await page.keyboard.press("Enter");
      await page.waitForURL(url("/search?q=xylophonist"));
      expect(await page.locator(".search-page-count").textContent()).toContain("No page matches “xylophonist”");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    });
  });

  it("opens the dialog from the header's box, carrying over what was typed", async () => {
    await withPage(browser, DESKTOP, async (page) => {
      await open(page, url(START));
      await page.locator("header .search-box").click();
      await page.locator(DIALOG).waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await page.locator(DIALOG).waitFor({ state: "hidden" });
      await page.locator("header .search-box").focus();
      await page.keyboard.type("kio");
      await page.locator(DIALOG).waitFor({ state: "visible" });
      await expect.poll(() => page.inputValue(`${DIALOG} [role="combobox"]`)).toBe("kio");
      expect(await page.inputValue("header .search-box")).toBe("");
    });
  });

  describe("without JavaScript", () => {
    const NO_JS = { javaScriptEnabled: false };

    it("searches from the header's box: it submits to the results page, grouped by page", async () => {
      await withPage(browser, { ...DESKTOP, ...NO_JS }, async (page) => {
        await page.goto(url(START));
        await page.locator("header .search-box").fill("kisok");
        await page.keyboard.press("Enter");
        await page.waitForURL(url("/search?q=kisok"));
        const pages = await page.$$eval(".search-page-results > li h2 a", (links) => links.map((a) => a.getAttribute("href")));
        expect(pages.slice(0, 3)).toContain(KIOSK);
        expect(await page.locator("h1").textContent()).toBe("Search results for “kisok”");
        const kiosk = page.locator(".search-page-results > li").filter({ has: page.locator(`h2 a[href="${KIOSK}"]`) });
        expect(await kiosk.locator(".search-page-section").count()).toBeGreaterThan(0);
        // A section link goes to its heading, as any link does without JavaScript.
        const section = (await kiosk.locator(".search-page-section").first().getAttribute("href"))!;
        await kiosk.locator(".search-page-section").first().click();
        await page.waitForURL(url(section));
      });
    });

    it("pages through more results with a link, landing on the first new one", async () => {
      await withPage(browser, { ...DESKTOP, ...NO_JS }, async (page) => {
        await page.goto(url("/search?q=object"));
        const results = page.locator(".search-page-results > li");
        expect(await results.count()).toBe(20);
        await page.getByRole("link", { name: /^More results/ }).click();
        await page.waitForURL(/limit=40#result-21$/);
        expect(await results.count()).toBe(40);
        const first = (await page.locator("#result-21").boundingBox())!;
        expect(first.y).toBeGreaterThanOrEqual(0);
        expect(first.y).toBeLessThan(400);
      });
    });

    it("on a phone, the header's search button leads to the results page's own box", async () => {
      await withPage(browser, { ...PHONE, ...NO_JS }, async (page) => {
        await page.goto(url(START));
        expect(await page.locator("header .search-box").isVisible()).toBe(false);
        await page.locator("header .search-submit").click();
        await page.waitForURL(url("/search?q="));
        await page.locator("#search-page-q").fill("kisok");
        await page.keyboard.press("Enter");
        await page.waitForURL(url("/search?q=kisok"));
        expect(await page.locator(`.search-page-results h2 a[href="${KIOSK}"]`).count()).toBe(1);
      });
    });
  });

  describe("why a result matched", () => {
    /** A query no word of the site is within a typo of, whose closest words are "kiosk" and its forms. */
    const NOTHING = "kiooskk";

    it("marks the query's words in section headings and page titles, not only in excerpts", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(START));
        await searchFor(page, "transfer policy");
        const kiosk = page.locator(`${DIALOG} [role="group"][aria-label="Sui Kiosk"]`);
        const headings = (await kiosk.locator(".search-hit-heading mark").allTextContents()).map((t) => t.toLowerCase());
        expect(headings).toEqual(expect.arrayContaining(["transfer", "policy"]));
        await page.locator(`${DIALOG} [role="combobox"]`).fill("kiosk");
        await expect
          .poll(async () => (await page.locator(`${DIALOG} .search-group-title mark`).allTextContents()).map((t) => t.toLowerCase()))
          .toContain("kiosk");
      });
    });

    it("offers up to three of the site's closest words and the results page when nothing matches", async () => {
      await withPage(browser, DESKTOP, async (page) => {
        await open(page, url(START));
        await page.keyboard.press("Control+k");
        await page.locator(`${DIALOG} [role="combobox"]`).fill(NOTHING);
        await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toMatch(/No results/);
        const suggestions = page.locator(`${DIALOG} .search-suggestion`);
        const words = await suggestions.allTextContents();
        expect(words.length).toBeGreaterThan(0);
        expect(words.length).toBeLessThanOrEqual(3);
        expect(words.some((w) => w.startsWith("kiosk"))).toBe(true);
        expect(await page.locator(`${DIALOG} .search-empty-all a`).getAttribute("href")).toBe(`/search?q=${NOTHING}`);
        // A suggestion searches for it at once.
        await suggestions
          .filter({ hasText: /^kiosk/ })
          .first()
          .click();
        await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toMatch(/match/);
        expect((await listedPages(page)).slice(0, 3)).toContain(KIOSK);
      });
    });

    it("offers the same suggestions, as links, on the results page without JavaScript", async () => {
      await withPage(browser, { ...DESKTOP, javaScriptEnabled: false }, async (page) => {
        await page.goto(url(`/search?q=${NOTHING}`), { waitUntil: "load" });
        const links = await page.locator(".search-suggestions a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
        expect(links.length).toBeGreaterThan(0);
        expect(links.length).toBeLessThanOrEqual(3);
        expect(links.some((href) => /^\/search\?q=kiosk/.test(href ?? ""))).toBe(true);
      });
    });

    const cases = (["light", "dark"] as const).flatMap((theme) => [
      ["1280", theme, { ...DESKTOP, colorScheme: theme }] as const,
      ["375", theme, { ...PHONE, colorScheme: theme }] as const,
    ]);
    it.each(cases)("the suggestions at %s px, %s: inside the dialog, nothing serious for axe", async (width, theme, options) => {
      await withPage(browser, options, async (page) => {
        await open(page, url(START));
        await page.locator("header .search-submit").click();
        await page.locator(DIALOG).waitFor({ state: "visible" });
        await page.locator(`${DIALOG} [role="combobox"]`).fill(NOTHING);
        await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toMatch(/No results/);
        await page.locator(`${DIALOG} .search-suggestion`).first().waitFor();
        await screenshot(page, `search-suggestions-${width}-${theme}`, false);
        const box = (await page.locator(`${DIALOG} .search-empty`).boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(Number(width));
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    });
  });

  describe("looks", () => {
    const cases = (["light", "dark"] as const).flatMap((theme) => [
      ["1280", theme, { ...DESKTOP, colorScheme: theme }] as const,
      ["375", theme, { ...PHONE, colorScheme: theme }] as const,
    ]);

    it.each(cases)("the dialog at %s px, %s: readable, nothing serious for axe", async (width, theme, options) => {
      await withPage(browser, options, async (page) => {
        await open(page, url(START));
        if (width === "375") {
          await page.locator("header .search-submit").click();
          await page.locator(DIALOG).waitFor({ state: "visible" });
          await page.locator(`${DIALOG} [role="combobox"]`).fill("kisok");
          await expect.poll(() => page.locator(`${DIALOG} .search-status`).textContent()).toMatch(/match/);
        } else {
          await searchFor(page, "kisok");
        }
        await page.keyboard.press("ArrowDown");
        await screenshot(page, `search-dialog-${width}-${theme}`, false);
        const box = (await page.locator(DIALOG).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(Number(width));
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    });

    it.each(cases)("the results page at %s px, %s: no sideways scrolling, nothing serious for axe", async (width, theme, options) => {
      await withPage(browser, options, async (page) => {
        await open(page, url("/search?q=transfer%20policy"));
        await screenshot(page, `search-page-${width}-${theme}`, false);
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeViolations(page)).toEqual([]);
      });
    });
  });
});
