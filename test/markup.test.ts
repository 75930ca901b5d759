import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, PHONE, launchBrowser, newContext, open, screenshot } from "./helpers/browser";

/** Pages of the embedded content: formulas (and a numbered code block), and Mermaid diagrams. */
const MATH = "/concepts/tokenomics/gas-in-sui";
const DIAGRAMS = "/concepts/sui-architecture/consensus";

const isMermaid = (url: string) => /mermaid/i.test(new URL(url).pathname);

describe("math, diagrams and code blocks in Chromium", () => {
  const site = inject("embeddedSiteUrl");
  let browser: Browser;
  const url = (p: string) => site + p;

  beforeAll(async () => {
    browser = await launchBrowser();
    await Promise.all([MATH, DIAGRAMS].map((p) => fetch(url(p)).then((r) => r.arrayBuffer())));
  });
  afterAll(() => browser?.close());

  /** Opens a page in a fresh context, recording the scripts it requests and its errors. */
  async function visit<T>(
    path: string,
    options: Parameters<typeof newContext>[1],
    body: (page: Page, scripts: string[], errors: string[]) => Promise<T>,
  ): Promise<T> {
    const context = await newContext(browser, options);
    const scripts: string[] = [];
    const errors: string[] = [];
    context.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    context.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") errors.push(message.text());
    });
    try {
      const page = await context.newPage();
      if (options?.javaScriptEnabled === false) await page.goto(url(path), { waitUntil: "load" });
      else await open(page, url(path));
      return await body(page, scripts, errors);
    } finally {
      await context.close();
    }
  }

  it("shows formulas as MathML typeset on the server, in light and dark mode", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      await visit(MATH, { ...DESKTOP, colorScheme }, async (page) => {
        const display = page.locator(".math-display math").first();
        await display.scrollIntoViewIfNeeded();
        const box = await display.boundingBox();
        // Drawn as mathematics (a table of aligned rows), not as the TeX source.
        expect(box!.height).toBeGreaterThan(60);
        expect(await page.locator(".math-display math mtable").count()).toBeGreaterThan(0);
        const colours = await display.evaluate((math) => ({
          text: getComputedStyle(math).color,
          page: getComputedStyle(document.querySelector(".markdown p")!).color,
        }));
        expect(colours.text).toBe(colours.page);
        await screenshot(page, `markup-math-${colorScheme}`, false);
      });
    }
    // No script is needed: the same MathML is there with JavaScript off.
    await visit(MATH, { ...DESKTOP, javaScriptEnabled: false }, async (page) => {
      expect(await page.locator("math").count()).toBeGreaterThan(3);
    });
  });

  it("numbers code lines without copying the numbers, and shades highlighted lines edge to edge", async () => {
    await visit(MATH, DESKTOP, async (page) => {
      const pre = page.locator("pre[data-line-numbers]").first();
      await pre.scrollIntoViewIfNeeded();
      const number = await pre
        .locator(".line")
        .nth(14)
        .evaluate((line) => getComputedStyle(line, "::before").content);
      expect(number).toBe("counter(line)");
      const text = await pre.evaluate((element) => (element as HTMLElement).innerText);
      expect(text.split("\n")[0]).toBe("import { SuiGrpcClient } from '@mysten/sui/grpc';");
      const widths = await pre.evaluate((element) => {
        const highlighted = element.querySelector<HTMLElement>(".line.highlighted")!;
        return {
          line: highlighted.getBoundingClientRect().width,
          scroll: element.scrollWidth,
          lines: element.querySelectorAll(".line.highlighted").length,
        };
      });
      expect(widths.lines).toBe(4);
      expect(widths.line).toBeGreaterThanOrEqual(widths.scroll - 1);
      await screenshot(page, "markup-code-lines", false);
    });
  });

  it("draws Mermaid diagrams with the page's theme, and redraws them when the theme changes", async () => {
    await visit(DIAGRAMS, DESKTOP, async (page, scripts, errors) => {
      const diagram = page.locator(".mermaid-diagram").first();
      // Mermaid loads when a diagram comes near the viewport.
      await diagram.scrollIntoViewIfNeeded();
      await page.waitForSelector(".mermaid-diagram[data-drawn] svg");
      expect(await page.locator(".mermaid-diagram[data-drawn]").count()).toBe(2);
      // The drawing replaces the source; the labels are text, readable by everyone.
      expect(await diagram.locator(".code-block").isVisible()).toBe(false);
      expect(await diagram.locator("svg").textContent()).toContain("A3: leader");
      expect(scripts.some(isMermaid)).toBe(true);
      const fill = () =>
        diagram
          .locator("svg .node rect")
          .first()
          .evaluate((rect) => getComputedStyle(rect).fill);
      const light = await fill();
      await screenshot(page, "markup-diagram-light", false);

      await page.click(".theme-toggle");
      await expect.poll(fill).not.toBe(light);
      await diagram.scrollIntoViewIfNeeded();
      await screenshot(page, "markup-diagram-dark", false);
      // Drawn under the site's Content-Security-Policy (no eval, no foreign scripts), without a warning.
      expect(errors).toEqual([]);
    });
  });

  it("on a phone, keeps diagram labels legible in a frame that scrolls sideways, never the page", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      await visit("/concepts/sui-architecture/transaction-lifecycle", { ...PHONE, colorScheme }, async (page) => {
        await page.locator(".mermaid-diagram").scrollIntoViewIfNeeded();
        await page.waitForSelector(".mermaid-diagram[data-drawn] svg");
        const sizes = await page.$eval(".mermaid-drawing", (frame) => {
          const svg = frame.querySelector("svg")!;
          return {
            scale: svg.getBoundingClientRect().width / svg.viewBox.baseVal.width,
            frame: frame.scrollWidth > frame.clientWidth,
            tabIndex: frame.tabIndex,
          };
        });
        expect(sizes.scale).toBeGreaterThanOrEqual(0.69);
        expect(sizes).toMatchObject({ frame: true, tabIndex: 0 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
        await page.locator(".mermaid-drawing").scrollIntoViewIfNeeded();
        await screenshot(page, `markup-diagram-375-${colorScheme}`, false);
      });
    }
  });

  it("keeps a diagram's source readable as code without JavaScript", async () => {
    await visit(DIAGRAMS, { ...DESKTOP, javaScriptEnabled: false }, async (page) => {
      const source = page.locator(".mermaid-diagram .code-block pre").first();
      expect(await source.isVisible()).toBe(true);
      expect(await source.textContent()).toMatch(/^flowchart LR\n\s+A3\{\{"A3: leader"\}\} --> /);
    });
  });

  it("loads no Mermaid code on a page without a diagram", async () => {
    await visit(MATH, DESKTOP, async (page, scripts) => {
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter(isMermaid)).toEqual([]);
      // Mermaid is over 200 KB gzipped: the page stays within the site's budget of 120 KB.
      let gzipped = 0;
      for (const script of scripts) gzipped += gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer())).length;
      expect(gzipped / 1024).toBeLessThan(120);
      // Every script is one the page's HTML names: nothing is imported on the side.
      const html = await (await fetch(url(MATH))).text();
      expect(scripts.filter((s) => !html.includes(new URL(s).pathname))).toEqual([]);
    });
  });
});
