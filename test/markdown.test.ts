import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DESKTOP, launchBrowser, newContext, open, PHONE, screenshot } from "./helpers/browser";
import { page as pageFile, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, type RunningServer } from "./helpers/server";

const ROOT = path.resolve(import.meta.dirname, "..");
const spec = JSON.parse(fs.readFileSync(path.join(ROOT, "content/schemas/openrpc.json"), "utf8")) as {
  methods: Array<{ name: string; tags?: Array<{ name: string }>; params: Array<{ name: string }> }>;
};

/** Markdown with fenced code blocks (indented ones too) and code spans taken out. */
const prose = (markdown: string) => markdown.replace(/^( *)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1\2[ \t]*$/gm, "").replace(/`[^`\n]*`/g, "");

/** What MDX leaves behind when a conversion misses something: imports, exports, components, directives. */
function mdxLeftovers(markdown: string): string[] {
  const text = prose(markdown);
  return [
    ...text.matchAll(/^(?:import|export) .*$|<\/?(?:Admonition|Tabs|TabItem|Cards?|Steps|Badge|details|summary)\b[^>]*>|^:::.*$/gm),
  ].map((m) => m[0]);
}

/** The product's own content, served as `npm start` serves it (the run's shared server). */
describe("clean Markdown and the JSON-RPC reference", () => {
  const site = inject("embeddedSiteUrl");
  let browser: Browser | undefined;

  afterAll(() => browser?.close());

  const get = (route: string) => fetch(site + route, { redirect: "manual" });

  describe("the .md twin", () => {
    it("is the page's clean Markdown: title, description, URL, then the body with its snippet's text in place", async () => {
      const res = await get("/references/cli/client.md");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      const markdown = await res.text();
      expect(markdown).toMatch(/^# Sui Client CLI\n\n> .+\n\nSource: <http:\/\/localhost:\d+\/references\/cli\/client>\n\n/);
      const source = fs.readFileSync(path.join(ROOT, "content/docs/references/cli/client.mdx"), "utf8");
      expect(source).toMatch(/^import \w+ from '@site\/snippets\/initialize-sui-client-cli\.mdx';$/m);
      const snippetFirstLine = fs
        .readFileSync(path.join(ROOT, "content/snippets/initialize-sui-client-cli.mdx"), "utf8")
        .split("\n---\n")[1]!
        .trim()
        .split("\n")[0]!;
      expect(markdown).toContain(snippetFirstLine);
      expect(mdxLeftovers(markdown)).toEqual([]);
      expect(markdown).not.toContain("id: references/cli/client");
    });

    it("turns cards into links and keeps code blocks as written", async () => {
      const markdown = await (await get("/references.md")).text();
      expect(markdown).toContain("- [JSON-RPC API reference (retired)](/sui-api-ref): The retired JSON-RPC methods");
      expect(mdxLeftovers(markdown)).toEqual([]);
      const coin = await (await get("/standards/coin.md")).text();
      expect(coin).toMatch(/^```ts title="send-reef\.ts"\nimport \{ SuiGrpcClient \} from '@mysten\/sui\/grpc';$/m);
      expect(coin).toMatch(/^\*\*TypeScript\*\*$/m);
    });

    it("names the pinned commit in its URL", async () => {
      const { commit } = (await (await get("/api/status")).json()) as { commit: string };
      const markdown = await (await get(`/references/cli/client.md?commit=${commit}`)).text();
      expect(markdown).toContain(`/references/cli/client?commit=${commit}>`);
    });
  });

  describe("/llms-full.txt", () => {
    let text: string;
    beforeAll(async () => {
      const res = await get("/llms-full.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      text = await res.text();
    });

    it("holds every page's clean Markdown in sidebar order, each under its title and URL, within its bound", async () => {
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8 * 1024 * 1024);
      expect(text.startsWith("# Sui Documentation\n")).toBe(true);
      const sources = [...text.matchAll(/^Source: <http:\/\/localhost:\d+\/(.*)>$/gm)].map((m) => m[1]!);
      const catalogue = (await (await get("/api/catalogue")).json()) as Array<{ id: string }>;
      expect(sources.length).toBe(catalogue.filter((p) => !p.id.startsWith("snippets/")).length);
      const first = (name: string) => sources.findIndex((id) => id.split("/")[0] === name);
      expect(sources[0]).toBe("guides");
      expect(first("guides")).toBeLessThan(first("concepts"));
      expect(first("concepts")).toBeLessThan(first("standards"));
      expect(first("standards")).toBeLessThan(first("references"));
      expect(sources).toContain("sui-api-ref/sui_getObject");
      expect(sources).toContain("references/sui-api/graphql/reference/schema");
      expect(text).not.toContain("Pages not in this file");
      expect(mdxLeftovers(text)).toEqual([]);
    });

    it("is linked from /llms.txt, whose pages link to their .md twins", async () => {
      const index = await (await get("/llms.txt")).text();
      expect(index).toMatch(/http:\/\/localhost:\d+\/llms-full\.txt/);
      expect(index).toMatch(/^- \[Sui Client CLI\]\(http:\/\/localhost:\d+\/references\/cli\/client\.md\): /m);
    });

    it("is answered from cache the second time", async () => {
      type Caches = { memory: { caches: Record<string, { entries: number; bytes: number }> } };
      const kept = async () => ((await (await get("/api/status")).json()) as Caches).memory.caches.llmsFullTexts!;
      const before = await kept();
      expect(await (await get("/llms-full.txt")).text()).toBe(text);
      // Found under the first request's key, weighed at least as much as the text sent: nothing added.
      // (How much faster that makes it is the benches' business.)
      expect(before.entries).toBeGreaterThan(0);
      expect(before.bytes).toBeGreaterThanOrEqual(text.length);
      expect(await kept()).toEqual(before);
    });
  });

  describe("the JSON-RPC reference", () => {
    /** The link every h2 ends with. */
    const HEADING_ANCHOR = "(?:<a class=heading-anchor [^>]*></a>)?";
    it("is an index of every method by group, one line each, under 300 KB, with the old anchors", async () => {
      const res = await get("/sui-api-ref");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(300 * 1024);
      for (const group of new Set(spec.methods.map((m) => m.tags?.[0]?.name ?? "Other")))
        expect(html).toMatch(new RegExp(`>${group}${HEADING_ANCHOR}</h2>`));
      for (const { name } of spec.methods) {
        expect(html).toMatch(new RegExp(`<a (?=[^>]*\\bid="?${name.toLowerCase()}"?[\\s>])[^>]*href="/sui-api-ref/${name}"`));
      }
    });

    it("has a page per method with its parameters, result and example request and response", async () => {
      const res = await get("/sui-api-ref/sui_getObject");
      expect(res.status).toBe(200);
      // Break points the compiler marks in table code (span.wbr) are not part of the text.
      const html = (await res.text()).replaceAll("<span class=wbr></span>", "");
      expect(html).toContain("<h1>sui_getObject</h1>");
      for (const { name } of spec.methods.find((m) => m.name === "sui_getObject")!.params) expect(html).toContain(`<code>${name}</code>`);
      for (const heading of ["Parameters", "Result", "Example"])
        expect(html).toMatch(new RegExp(`<h2[^>]*>${heading}${HEADING_ANCHOR}</h2>`));
      expect(html).toContain("Request");
      expect(html).toContain("Response");
      // The sidebar leads to the other methods.
      expect(html).toContain('href="/sui-api-ref/suix_getCoins"');
      const markdown = await (await get("/sui-api-ref/sui_getObject.md")).text();
      expect(markdown).toMatch(/^# sui_getObject\n/);
      expect(markdown).toContain("| `object_id` |");
      expect(mdxLeftovers(markdown)).toEqual([]);
    });

    it("answers an unknown method with 404, saying so and pointing to the index", async () => {
      const res = await get("/sui-api-ref/sui_noSuchMethod");
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain("There is no page at /sui-api-ref/sui_noSuchMethod.");
      expect(html).toMatch(/<a[^>]* href="\/sui-api-ref"[^>]*>See Sui JSON-RPC API Reference<\/a>/);
    });
  });

  describe("in Chromium", () => {
    beforeAll(async () => {
      browser = await launchBrowser();
    });

    it("sends an old link to a method's anchor on the single page to the method's page", async () => {
      const context = await newContext(browser!);
      const page = await context.newPage();
      await open(page, `${site}/sui-api-ref#sui_getobject`);
      await page.waitForURL(`${site}/sui-api-ref/sui_getObject`);
      await page.waitForSelector("h1:text-is('sui_getObject')");
      await context.close();
    });

    it("copies the page's clean Markdown with Copy page", async () => {
      const context = await newContext(browser!);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site });
      const page = await context.newPage();
      await open(page, `${site}/references/cli/client`);
      await page.getByRole("button", { name: "Copy page as Markdown" }).click();
      await page.getByRole("button", { name: "Copied" }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await (await get("/references/cli/client.md")).text());
      await context.close();
    });

    it("without JavaScript, shows the method's line and its link at the old anchor", async () => {
      const context = await newContext(browser!, { ...DESKTOP, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${site}/sui-api-ref#suix_getcoins`);
      const line = page.locator("#suix_getcoins");
      await expect(line.getAttribute("href")).resolves.toBe("/sui-api-ref/suix_getCoins");
      await expect(line.isVisible()).resolves.toBe(true);
      const box = (await line.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(900);
      await context.close();
    });

    it.each([
      ["index", "/sui-api-ref"],
      ["method", "/sui-api-ref/sui_getObject"],
    ])("renders the %s page readably at 1280 and 375 px in both themes (screenshots)", async (name, route) => {
      for (const [width, options] of [
        ["1280", DESKTOP],
        ["375", PHONE],
      ] as const) {
        for (const colorScheme of ["light", "dark"] as const) {
          const context = await newContext(browser!, { ...options, colorScheme });
          const page = await context.newPage();
          await open(page, site + route);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          await screenshot(page, `jsonrpc-${name}-${width}-${colorScheme}`, width === "375" || name === "index");
          await context.close();
        }
      }
    });
  });
});

describe("clean Markdown across commits", () => {
  let server: RunningServer;
  let first: string;

  beforeAll(async () => {
    const work = WorkingCopy.init().write(sampleContent());
    first = work.commit("First version");
    const repo = work.publishBare();
    // Only the snippet changes: the page's own blob stays the same.
    work.write(pageFile("snippets/hello", "Hello snippet", "Goodbye from the snippet."));
    work.commit("Reword the snippet");
    work.push();
    server = await startServer({ CONTENT_REPO: repo });
  });
  afterAll(() => server?.stop());

  it("follows a change of a snippet into the Markdown of the pages that import it", async () => {
    const pinned = await (await fetch(`${server.url}/guides/first.md?commit=${first}`)).text();
    expect(pinned).toContain("Hello from the snippet.");
    expect(pinned).toContain("> **Tip:** A tip.");
    const live = await (await fetch(`${server.url}/guides/first.md`)).text();
    expect(live).toContain("Goodbye from the snippet.");
    expect(live).not.toContain("Hello from the snippet.");
  });
});
