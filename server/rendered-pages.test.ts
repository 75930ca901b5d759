import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { findRenderedPage, keepRenderedPage } from "./rendered-pages";

const LIVE = "a".repeat(40);
const OLD = "b".repeat(40);
const ORIGIN = "https://docs.example";
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

describe("findRenderedPage", () => {
  it.each([
    ["a live page at the live commit", "/guides/live", ORIGIN, "build1", LIVE, '"live"'],
    ["a live page once the live commit has moved", "/guides/live", ORIGIN, "build1", OLD, undefined],
    ["a page pinned by its full commit id, whatever is live", `/guides/old?commit=${OLD}`, ORIGIN, "build1", LIVE, '"pinned"'],
    ["a pinned page without its ?commit=", "/guides/old", ORIGIN, "build1", OLD, undefined],
    ["a page kept under a query that is not ?commit=", "/guides/query?tab=x", ORIGIN, "build1", LIVE, undefined],
    ["a page named by another origin", "/guides/live", "https://other.example", "build1", LIVE, undefined],
    ["a page rendered by another build", "/guides/live", ORIGIN, "build2", LIVE, undefined],
  ])("%s", (_case, target, origin, build, live, etag) => {
    expect(findRenderedPage(target, origin, build, live)?.etag).toBe(etag);
  });

  it("compresses a body once per coding, to bytes that decode to the page", () => {
    const page = findRenderedPage("/guides/live", ORIGIN, "build1", LIVE)!;
    expect(page.body()).toEqual(html("live"));
    expect(brotliDecompressSync(page.body("br"))).toEqual(html("live"));
    expect(gunzipSync(page.body("gzip"))).toEqual(html("live"));
    expect(findRenderedPage("/guides/live", ORIGIN, "build1", LIVE)!.body("br")).toBe(page.body("br"));
  });
});
