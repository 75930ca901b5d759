import { describe, expect, it } from "vitest";
import {
  missingSections,
  pairPages,
  routeOf,
  similarity,
  upstreamGaps,
  type Mapping,
  type PageRef,
  type Pairing,
  type UpstreamMapping,
} from "./pairing";
import { gapsByArea, renderReport, verdictOf, wrap } from "./report";

describe("routeOf", () => {
  it.each([
    ["concepts/transfers/transfer-to-object.mdx", "concepts/transfers/transfer-to-object"],
    ["develop/objects/display/index.mdx", "develop/objects/display"],
    ["index.mdx", ""],
    ["guides/operator/sui-full-node.md", "guides/operator/sui-full-node"],
    ["a\\b\\c.mdx", "a/b/c"],
  ])("%s -> %s", (input, output) => {
    expect(routeOf(input)).toBe(output);
  });
});

describe("pairPages", () => {
  const theirs: PageRef[] = [
    { route: "develop/objects/transfers/transfer-to-object", title: "Transfer to Object" },
    { route: "develop/objects/object-ownership/wrapped", title: "Wrapped Objects" },
    { route: "concepts/cryptography/zklogin", title: "zkLogin" },
    { route: "operators/full-node/sui-full-node", title: "Run a Sui Full Node" },
    { route: "standards/kiosk", title: "Sui Kiosk" },
    { route: "standards/kiosk-apps", title: "Kiosk Apps" },
  ];
  const cases: { name: string; ours: PageRef; mapping?: Mapping; expected: string | null }[] = [
    { name: "same route", ours: { route: "concepts/cryptography/zklogin", title: "zkLogin" }, expected: "concepts/cryptography/zklogin" },
    {
      name: "moved folder, same page name",
      ours: { route: "concepts/transfers/transfer-to-object", title: "Transfer to Object" },
      expected: "develop/objects/transfers/transfer-to-object",
    },
    {
      name: "same name beats a prefix-sharing sibling",
      ours: { route: "standards/kiosk", title: "Kiosk" },
      expected: "standards/kiosk",
    },
    {
      name: "the mapping wins over similarity",
      ours: { route: "guides/operator/sui-full-node", title: "Sui Full Node" },
      mapping: { "guides/operator/sui-full-node": "operators/full-node/sui-full-node" },
      expected: "operators/full-node/sui-full-node",
    },
    {
      name: "a mapping to none leaves the page without a counterpart",
      ours: { route: "references/cli/console", title: "Sui Console" },
      mapping: { "references/cli/console": { none: "removed in 1.45" } },
      expected: null,
    },
    { name: "nothing similar", ours: { route: "guides/developer/app-examples/blackjack", title: "Blackjack" }, expected: null },
  ];
  it.each(cases)("$name", ({ ours, mapping, expected }) => {
    const [pairing] = pairPages([ours], theirs, mapping ?? {});
    if (expected === null) expect(pairing?.kind).toBe("none");
    else expect(pairing).toMatchObject({ theirs: expected });
  });

  it("without guessing, pairs only mapped pages and identical routes", () => {
    const pairings = pairPages(
      [
        { route: "concepts/transfers/transfer-to-object", title: "Transfer to Object" },
        { route: "standards/kiosk", title: "Kiosk" },
        { route: "standards/kiosk-apps", title: "Kiosk Apps (ours)" },
        { route: "guides/operator/sui-full-node", title: "Full node" },
      ],
      theirs.filter((page) => page.route !== "standards/kiosk-apps"),
      { "guides/operator/sui-full-node": "operators/full-node/sui-full-node" },
      { guess: false },
    );
    expect(pairings.map((pairing) => (pairing.kind === "none" ? null : pairing.theirs))).toEqual([
      null,
      "standards/kiosk",
      null,
      "operators/full-node/sui-full-node",
    ]);
  });

  it("keeps a mapping's note on the pairing", () => {
    const [pairing] = pairPages([{ route: "concepts/tables", title: "Tables" }], theirs, {
      "concepts/tables": { to: "develop/objects/object-ownership/wrapped", note: "one section of theirs" },
    });
    expect(pairing).toEqual({
      kind: "mapped",
      ours: "concepts/tables",
      theirs: "develop/objects/object-ownership/wrapped",
      score: 1,
      note: "one section of theirs",
    });
  });

  it("reports a mapping to a page the upstream tree lacks", () => {
    const [pairing] = pairPages([{ route: "a/b", title: "B" }], theirs, { "a/b": "gone/page" });
    expect(pairing).toMatchObject({ kind: "none", reason: expect.stringContaining("gone/page") });
  });

  it("scores an identical page 1 and an unrelated one low", () => {
    const page = { route: "standards/kiosk", title: "Sui Kiosk" };
    expect(similarity(page, page)).toBeCloseTo(1);
    expect(similarity(page, { route: "develop/objects/versioning", title: "Versioning" })).toBeLessThan(0.2);
  });
});

describe("missingSections", () => {
  it.each([
    { ours: ["Create a kiosk", "Sell items"], theirs: ["Creating a Kiosk", "Purchase items"], lacking: ["Purchase items"] },
    { ours: ["Limits"], theirs: ["Limits and failure cases"], lacking: ["Limits and failure cases"] },
    { ours: ["Failure cases and limits"], theirs: ["Limits"], lacking: [] },
    { ours: [], theirs: ["Overview", "Related links"], lacking: ["Overview", "Related links"] },
    { ours: ["A"], theirs: [], lacking: [] },
  ])("$theirs against $ours", ({ ours, theirs, lacking }) => {
    expect(missingSections(ours, theirs)).toEqual(lacking);
  });
});

describe("upstreamGaps", () => {
  const page = (route: string, chars = 100) => ({ route, title: route, chars });
  const pairings: Pairing[] = [
    { kind: "mapped", ours: "concepts/dynamic-fields", theirs: "develop/objects/dynamic-fields", score: 1 },
    { kind: "matched", ours: "standards/kiosk", theirs: "standards/kiosk", score: 1 },
    { kind: "none", ours: "concepts/strings", reason: "no counterpart" },
  ];
  const ours = new Set(["concepts/dynamic-fields", "standards/kiosk", "concepts/strings"]);
  const cases: { name: string; route: string; upstream?: UpstreamMapping; where: "paired" | "lacking" | "covered" | "leftOut" }[] = [
    { name: "paired by the mapping", route: "develop/objects/dynamic-fields", where: "paired" },
    { name: "paired by route", route: "standards/kiosk", where: "paired" },
    { name: "nothing pairs with it", route: "references/cli/ptb", where: "lacking" },
    {
      name: "covered inside one of ours",
      route: "develop/objects/tables",
      upstream: { "develop/objects/tables": { in: "concepts/dynamic-fields", note: "a section" } },
      where: "covered",
    },
    {
      name: "covered by a page of ours that no longer exists is still lacking",
      route: "develop/objects/tables",
      upstream: { "develop/objects/tables": { in: "concepts/tables", note: "a section" } },
      where: "lacking",
    },
    {
      name: "left out on purpose",
      route: "references/cli/replay",
      upstream: { "references/cli/replay": { none: "not in the pinned release" } },
      where: "leftOut",
    },
  ];
  it.each(cases)("$name", ({ route, upstream, where }) => {
    const gaps = upstreamGaps([page(route)], pairings, upstream ?? {}, ours);
    const found = (["lacking", "covered", "leftOut"] as const).filter((key) => gaps[key].some((gap) => gap.route === route));
    expect(found).toEqual(where === "paired" ? [] : [where]);
  });

  it("lists the gap longest first and renders it with the total", () => {
    const gaps = upstreamGaps([page("a", 10), page("b", 3000), page("c", 200)], pairings, {}, ours);
    expect(gaps.lacking.map((gap) => gap.route)).toEqual(["b", "c", "a"]);
    const report = renderReport({ source: "test", rows: [], unpaired: [], gaps });
    expect(report).toContain("- upstream pages no page of ours covers: 3 (3,210 chars)");
    expect(report).toContain("- `b` (b): 3,000 chars");
  });
});

describe("gapsByArea", () => {
  const page = (route: string, chars: number) => ({ route, title: route, chars });
  it.each([
    { name: "nothing lacking", pages: [], areas: [] },
    { name: "a top-level page is its own area", pages: [page("develop", 100)], areas: [{ area: "develop", pages: 1, chars: 100 }] },
    { name: "the root page", pages: [page("", 5)], areas: [{ area: "(root)", pages: 1, chars: 5 }] },
    {
      name: "deeper routes group by their first two segments",
      pages: [page("onchain-finance/deepbook/a", 10), page("onchain-finance/deepbook/b/c", 20), page("onchain-finance/pas", 5)],
      areas: [
        { area: "onchain-finance/deepbook", pages: 2, chars: 30 },
        { area: "onchain-finance/pas", pages: 1, chars: 5 },
      ],
    },
    {
      name: "most characters first, not most pages",
      pages: [page("a/x", 1), page("a/x/y", 1), page("b/z", 50)],
      areas: [
        { area: "b/z", pages: 1, chars: 50 },
        { area: "a/x", pages: 2, chars: 2 },
      ],
    },
  ])("$name", ({ pages, areas }) => {
    expect(gapsByArea(pages)).toEqual(areas);
  });
});

describe("verdictOf", () => {
  it.each([
    [3, "thinner"],
    [1.51, "thinner"],
    [1.5, "comparable"],
    [1, "comparable"],
    [0.67, "comparable"],
    [0.66, "fuller"],
  ] as const)("ratio %s is %s", (ratio, verdict) => {
    expect(verdictOf(ratio)).toBe(verdict);
  });
});

describe("wrap", () => {
  it("breaks at spaces before the width and indents continuation lines", () => {
    expect(wrap("aaa bbb ccc ddd", "  ", 8)).toEqual(["aaa bbb", "  ccc", "  ddd"]);
  });
  it("keeps a word longer than the width whole", () => {
    expect(wrap("x averyveryverylongword y", "", 6)).toEqual(["x", "averyveryverylongword", "y"]);
  });
});
