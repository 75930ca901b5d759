import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { findRenderedPage, keepRenderedPage } from "./rendered-pages";

const LIVE = "a".repeat(40);
const OLD = "b".repeat(40);
const BRANCH = "c".repeat(40);
const ORIGIN = "https://docs.example";
/** The live commit, and one branch (feature/x) naming BRANCH. */
const at = (live: string, branch = BRANCH) => ({ live, ref: (name: string) => (name === "feature/x" ? branch : undefined) });
const html = (text: string) => Buffer.from(`<!doctype html><p>${text}</p>`.repeat(50));
const keep = (commit: string, url: string, text: string, build = "build1", origin = ORIGIN) =>
  keepRenderedPage(commit, build, origin, new URL(url, origin), {
    headers: [["Content-Type", "text/html"]],
    etag: `"${text}"`,
    body: html(text),
  });

keep(LIVE, "/guides/live", "live");
keep(OLD, "/guides/old?commit=" + OLD, "pinned");
keep(LIVE, "/guides/query?tab=x", "not canonical");
keep(BRANCH, "/guides/live?ref=feature%2Fx", "preview");

describe("findRenderedPage", () => {
  it.each([
    ["a live page at the live commit", "/guides/live", ORIGIN, "build1", LIVE, '"live"'],
    ["a live page once the live commit has moved", "/guides/live", ORIGIN, "build1", OLD, undefined],
    ["a page pinned by its full commit id, whatever is live", `/guides/old?commit=${OLD}`, ORIGIN, "build1", LIVE, '"pinned"'],
    ["a pinned page without its ?commit=", "/guides/old", ORIGIN, "build1", OLD, undefined],
    ["a page kept under a query that is not ?commit=", "/guides/query?tab=x", ORIGIN, "build1", LIVE, undefined],
    ["a page named by another origin", "/guides/live", "https://other.example", "build1", LIVE, undefined],
    ["a page rendered by another build", "/guides/live", ORIGIN, "build2", LIVE, undefined],
    ["a preview at the commit its ref names", "/guides/live?ref=feature%2Fx", ORIGIN, "build1", LIVE, '"preview"'],
    ["a preview whose ref has moved", "/guides/live?ref=feature%2Fx", ORIGIN, "build1", LIVE, undefined, OLD],
    ["a preview of a ref that does not exist", "/guides/live?ref=nothing", ORIGIN, "build1", LIVE, undefined],
    ["a preview spelt with an unescaped slash", "/guides/live?ref=feature/x", ORIGIN, "build1", LIVE, undefined],
  ])("%s", (_case, target, origin, build, live, etag, branch = BRANCH) => {
    expect(findRenderedPage(target, origin, build, at(live, branch))?.etag).toBe(etag);
  });

  it("compresses a body once per coding, to bytes that decode to the page", () => {
    const page = findRenderedPage("/guides/live", ORIGIN, "build1", at(LIVE))!;
    expect(page.body()).toEqual(html("live"));
    expect(brotliDecompressSync(page.body("br"))).toEqual(html("live"));
    expect(gunzipSync(page.body("gzip"))).toEqual(html("live"));
    expect(findRenderedPage("/guides/live", ORIGIN, "build1", at(LIVE))!.body("br")).toBe(page.body("br"));
  });
});
