import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { BUILD_BOUNDS, boundedPageSections, boundedSections, PAGE_BOUNDS, withinChars, type PageBounds } from "./page-bounds";
import { normalizeTerm } from "./ranking";
import { pageSections, type Section } from "./sections";

const tokenize: (text: string) => string[] = MiniSearch.getDefault("tokenize");
const distinctTerms = (sections: readonly Section[]) =>
  new Set(
    sections
      .flatMap((s) => [s.pageTitle, s.description, s.heading, s.text])
      .flatMap((t) => tokenize(t).flatMap((w) => normalizeTerm(w) ?? [])),
  ).size;
const chars = (sections: readonly Section[]) => sections.reduce((sum, s) => sum + s.text.length + s.heading.length, 0);

/** Distinct made-up words: w0a, w1a, … */
const words = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `w${(i + from).toString(36)}x`).join(" ");

describe("boundedPageSections", () => {
  const hostile: Array<[string, string, string]> = [
    ["a 10 MB body of one repeated sentence", "Validators vote on checkpoints. ".repeat(330_000), "Validators vote"],
    ["a body of 500,000 distinct words", words(500_000), "w0x w1x w2x"],
    [
      "500,000 distinct words under 20,000 headings",
      Array.from({ length: 20_000 }, (_, i) => `## H${i}\n\n${words(25, i * 25)}`).join("\n\n"),
      "H0 w0x w1x",
    ],
    ["a 10 MB body without a space", "x".repeat(10_000_000), "xxxxxxxx"],
  ];

  it.each(hostile)("holds every bound for %s", (_name, markdown, beginning) => {
    const sections = boundedPageSections("p", "Hostile page", markdown);
    expect(sections.length).toBeGreaterThan(0);
    expect(sections.length).toBeLessThanOrEqual(PAGE_BOUNDS.sections);
    expect(chars(sections)).toBeLessThanOrEqual(PAGE_BOUNDS.chars);
    expect(distinctTerms(sections)).toBeLessThanOrEqual(PAGE_BOUNDS.distinctTerms + distinctTerms(pageSections("p", "Hostile page", "")));
    // The page's beginning is still indexed.
    expect(
      sections
        .flatMap((s) => [s.heading, s.text])
        .filter(Boolean)
        .join(" "),
    ).toMatch(new RegExp(`^${beginning}`));
  });

  const small: PageBounds = { chars: 60, titleChars: 5, descriptionChars: 12, sections: 2, distinctTerms: 6 };
  it.each([
    [
      "cuts the text at the first word past the distinct-word bound",
      "one two one three four five six",
      [["", "one two one three four five"]],
    ],
    [
      "keeps a page within the bounds as it is",
      "one two\n\n## Two\n\nthree",
      [
        ["", "one two"],
        ["Two", "three"],
      ],
    ],
    [
      "joins text under headings past the section bound to the last section kept",
      "a1\n\n## B\n\nb1\n\n## C\n\nc1",
      [
        ["", "a1"],
        ["B", "b1 C c1"],
      ],
    ],
    [
      "drops a heading that would pass the bound, rather than cut it",
      "one two\n\n## Three four five six seven\n\neight",
      [["", "one two"]],
    ],
    ["reads only the first `chars` characters", `start ${"x ".repeat(100)}end`, [["", `start ${"x ".repeat(27).trim()}`]]],
  ])("%s", (_name, markdown, expected) => {
    expect(boundedPageSections("p", "T", markdown, small).map((s) => [s.heading, s.text])).toEqual(expected);
  });

  it("indexes at most `titleChars` of the title", () => {
    expect(boundedPageSections("p", "Title words", "text", small)[0]!.pageTitle).toBe("Title");
  });

  it.each([
    ["at most `descriptionChars` of the description", "What it does, in short", "one", "What it does"],
    ["the description's words within the distinct-word bound, before the text's", "b c d e f g", "one two", "b c d e f"],
  ])("indexes %s", (_name, description, markdown, indexed) => {
    const sections = boundedPageSections("p", "T", markdown, small, undefined, description);
    expect(sections[0]!.description).toBe(indexed);
  });

  it("cuts no page of the size of the catalogue's largest (35 KB, 722 distinct words, 33 sections)", () => {
    const largest = Array.from({ length: 33 }, (_, i) => `## Part ${i}\n\n${words(22, i * 22)} ${"filler text ".repeat(80)}`).join("\n\n");
    expect(largest.length).toBeGreaterThan(35_000);
    expect(boundedPageSections("p", "Largest", largest)).toEqual(pageSections("p", "Largest", largest));
  });
});

describe("boundedSections", () => {
  const real = Array.from({ length: 40 }, (_, i) => ({
    id: `real${i}`,
    title: `Real ${i}`,
    markdown: `Validators vote. ${words(300, i * 10)}`,
  }));
  const hostile = (count: number, length: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `hostile${i}`,
      title: "Hostile",
      description: words(100, 1_000_000 * (i + 1) - 500),
      markdown: words(length, 1_000_000 * (i + 1)),
    }));

  it.each([
    ["20 pages of 100,000 distinct words", hostile(20, 100_000)],
    ["200 pages of 10,000 distinct words", hostile(200, 10_000)],
  ])("holds the build's bounds with %s, and takes the real pages whole", (_name, pages) => {
    const sections = boundedSections([...real, ...pages]);
    expect(distinctTerms(sections)).toBeLessThanOrEqual(BUILD_BOUNDS.distinctTerms);
    expect(chars(sections)).toBeLessThanOrEqual(BUILD_BOUNDS.chars);
    const realSections = sections.filter((s) => s.pageId.startsWith("real"));
    expect(realSections).toEqual(real.flatMap((p) => pageSections(p.id, p.title, p.markdown)));
    // Every hostile page is still found by its title.
    for (const p of pages) expect(sections.find((s) => s.pageId === p.id)?.pageTitle).toBe("Hostile");
  });

  it("cuts the longest pages first to keep all of them within the build's characters", () => {
    const pages = [
      { id: "short", title: "S", markdown: "a ".repeat(100) },
      { id: "long", title: "L", markdown: "b ".repeat(1_000) },
      { id: "longer", title: "L", markdown: "c ".repeat(2_000) },
    ];
    const cut = withinChars(pages, PAGE_BOUNDS, { chars: 1_000, distinctTerms: 100 });
    expect(cut.map((p) => p.markdown.length)).toEqual([200, 400, 400]);
  });
});
