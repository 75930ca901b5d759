import { describe, expect, it } from "vitest";
import { describeCounts, linkProblem, markNew, stateOf, type CheckCounts, type LinkTargets } from "./report";

const targets: LinkTargets = {
  anchors: new Map<string, ReadonlySet<string> | undefined>([
    ["guides/first", new Set(["install"])],
    ["guides/second", new Set(["next"])],
    ["graphql/types", undefined],
  ]),
  aliases: new Map([["second", "guides/second"]]),
  files: new Set(["static/img/a.png", "static/spec.pdf"]),
};

describe("linkProblem", () => {
  it.each([
    ["/guides/first", false, undefined],
    ["/guides/first/", false, undefined],
    ["/guides/first.md", false, undefined],
    ["/guides/first#install", false, undefined],
    ["/guides/first#uninstall", false, "no such anchor on /guides/first"],
    ["#next", false, undefined],
    ["#nowhere", false, "no such anchor on /guides/second"],
    ["./first", false, undefined],
    ["/second#next", false, undefined],
    ["/guides/third", false, "no such page"],
    ["/graphql/types#anything", false, undefined],
    ["https://sui.io/x", false, undefined],
    ["//cdn.example.com/a.png", true, undefined],
    ["mailto:a@b.c", false, undefined],
    ["/search?q=x", false, undefined],
    ["/", false, undefined],
    ["/static/img/a.png", true, undefined],
    ["/static/img/b.png", true, "no such file"],
    ["/static/spec.pdf", false, undefined],
    ["/guides/first", true, "no such file: images are served from /static/"],
  ])("%s (image: %s) from /guides/second: %s", (url, image, problem) => {
    expect(linkProblem("guides/second", { url, image }, targets)).toBe(problem);
  });
});

describe("markNew", () => {
  it("marks a finding new unless the target has the same one, on whatever line", () => {
    const at = [{ file: "a.mdx", url: "/x", line: 3 }];
    const found = [
      { file: "a.mdx", url: "/x", line: 9 },
      { file: "a.mdx", url: "/y", line: 4 },
      { file: "b.mdx", url: "/x", line: 3 },
    ];
    expect(markNew(found, at, (f) => f.url).map((f) => f.new)).toEqual([false, true, true]);
  });
});

describe("the status of a ref", () => {
  const counts = (over: Partial<CheckCounts>): CheckCounts => ({
    compile: 0,
    sidebars: 0,
    links: 0,
    files: 0,
    added: 0,
    removed: 0,
    changed: 0,
    ...over,
  });
  it.each([
    [counts({ changed: 2 }), "success", "Nothing broken; pages: 2 changed, 0 added, 0 removed"],
    [counts({ links: 1, added: 1 }), "failure", "1 broken link; pages: 0 changed, 1 added, 0 removed"],
    [
      counts({ compile: 2, sidebars: 1, links: 3, files: 1 }),
      "failure",
      "2 pages fail to compile, 1 sidebar problem, 3 broken links, 1 missing file; pages: 0 changed, 0 added, 0 removed",
    ],
  ])("%j: %s, %s", (c, state, description) => {
    expect(stateOf(c)).toBe(state);
    expect(describeCounts(c)).toBe(description);
    expect(describeCounts(c).length).toBeLessThanOrEqual(140);
  });
});
