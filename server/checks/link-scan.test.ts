import { describe, expect, it } from "vitest";
import { parsePage } from "../markdown/expand";
import { scanPage, scanTree } from "./link-scan";

describe("scanPage", () => {
  it.each([
    ["a heading's slug", "## Install the CLI", ["install-the-cli"]],
    ["repeated headings numbered", "## Step\n\n## Step", ["step", "step-1"]],
    ["a site id moved aside", "## Main", ["section-main"]],
    ["an author's id", '<Card id="intro" title="A" href="/a" />', ["intro"]],
  ])("anchors: %s", (_, source, anchors) => {
    expect(scanPage(source).anchors).toEqual(anchors);
  });

  it.each([
    ["a link on its line", "Intro.\n\nSee [x](/guides/x#y).", [{ url: "/guides/x#y", line: 3, image: false }]],
    ["an image", "![alt](/static/a.png)", [{ url: "/static/a.png", line: 1, image: true }]],
    ["a component's href", '<Card title="A" href="/a" />', [{ url: "/a", line: 1, image: false }]],
    ["lines counted past the frontmatter", "---\nid: a\ntitle: A\n---\n\n[a](/b)", [{ url: "/b", line: 6, image: false }]],
  ])("links: %s", (_, source, links) => {
    expect(scanPage(source).links).toEqual(links);
  });

  it("says why a page it cannot parse is unreadable", () => {
    expect(scanPage("<Card").unreadable).toBeTruthy();
  });

  // The Markdown conversion parses each page once and hands the checks what scanTree reads of that parse.
  it.each([
    ["frontmatter, links and headings", "---\nid: a\ntitle: A\n---\n\n## Step\n\nSee [x](/guides/x#y).\n\n## Step"],
    ["a snippet imported and used", "import Hello from '@site/snippets/hello.mdx';\n\n## Hi\n\n<Hello />\n\n![a](/static/a.png)"],
    ["a component's links", '<Card id="intro" title="A" href="/a" />'],
  ])("reads the same from the page's parse for Markdown as from its source: %s", (_, source) => {
    expect(scanTree(parsePage("docs/a.mdx", source))).toEqual(scanPage(source));
  });
});
