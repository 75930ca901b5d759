import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { HANG_MS } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const SCREENSHOT_DIR = path.join(ROOT, "test-results/screenshots");
const AXE_PATH = path.join(ROOT, "node_modules/axe-core/axe.min.js");

/** Debian's Chromium, headless; one per test file. */
export function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(executablePath))
    throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium, or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 }, colorScheme: "light" };
export const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 800 }, colorScheme: "light", hasTouch: true };

/** A fresh context (own storage, own permissions) whose pages time out generously on a loaded machine. */
export async function newContext(browser: Browser, options: BrowserContextOptions = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({ reducedMotion: "reduce", ...options });
  context.setDefaultTimeout(HANG_MS);
  context.setDefaultNavigationTimeout(HANG_MS);
  return context;
}

/** Runs `body` with a page in a fresh context (newContext), closed after it whatever happens. */
export async function withPage<T>(
  browser: Browser,
  options: BrowserContextOptions,
  body: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await newContext(browser, options);
  try {
    return await body(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** Loads a page and waits until React has hydrated it (the root layout marks <html data-hydrated>). */
export async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/** Leaves a property on window: it survives client-side navigation and disappears on a full load. */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
}

export function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 42);
}

/**
 * Whether the browser suites save screenshots (`SCREENSHOTS=1`): for a person to look at the pages as
 * readers see them, not for the suites' assertions; encoding them was a sixth of a browser suite's CPU.
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === "1";

/** Saves a screenshot to test-results/screenshots/<name>.png, of the whole page unless `fullPage` is false, when SCREENSHOTS. */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage, animations: "disabled" });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page; returns the violations of impact serious or critical, with their targets. */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: an injected <script> would be (rightly) refused by the site's CSP.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(fs.readFileSync(AXE_PATH, "utf8"));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown[]; failureSummary?: string }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 8).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** How far the document is wider than the viewport (0 when nothing overflows horizontally). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

export interface AxNode {
  role: string;
  name: string;
  expanded?: boolean;
}

/**
 * What Chromium's accessibility tree (what screen readers read) says about the element `selector`
 * matches first: its role, accessible name and expanded state.
 */
export async function accessibilityOf(page: Page, selector: string): Promise<AxNode> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`no element matches ${selector}`);
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const node = nodes[0]!;
    const expanded = node.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined;
    return { role: String(node.role?.value ?? ""), name: String(node.name?.value ?? ""), expanded };
  } finally {
    await cdp.detach();
  }
}

/**
 * Describes the focused element and whether a focus indicator is drawn around it: on the element,
 * or on the field that wraps it (a search box's ring goes around the box and its button).
 */
export function focusedElement(page: Page): Promise<{ label: string; ring: boolean; inViewport: boolean } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const drawsRing = (node: Element) => {
      const style = getComputedStyle(node);
      return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    };
    const ring = drawsRing(el) || (el.parentElement !== null && el.parentElement.matches(":focus-within") && drawsRing(el.parentElement));
    let visible = true;
    for (let node: HTMLElement | null = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.visibility === "hidden" || s.display === "none" || parseFloat(s.opacity) < 0.5) visible = false;
    }
    const box = el.getBoundingClientRect();
    const inViewport =
      visible && box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
    const classes = el.className ? `.${String(el.className).split(" ").join(".")}` : "";
    const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40);
    const label = `${el.tagName.toLowerCase()}${classes} "${text}"`;
    return { label, ring, inViewport };
  });
}
