import { describe, expect, it } from "vitest";
import { pageSections } from "./sections";

describe("pageSections", () => {
  const markdown = [
    'Intro text with a [link](/x), a [`code` label](/y "t") and ![a diagram](/d.svg).',
    "## First `step`",
    "Body one.",
    "```move",
    "## not a heading",
    "```",
    "### Detail",
    "Deeper.",
    "#### Small",
    "Kept in detail.",
    "## First step",
    "> **Tip:** quoted `a\\_b` and a\\_b",
    "## 2. Sign \\[env.\\<name>]",
    "| a | `public_transfer` |\n|---|---|\n| 1 | yes |",
    "- item *one*",
    "- item __two__",
    "<div>tags go, text stays</div>",
  ].join("\n\n");
  const sections = pageSections("a", "A", markdown);

  it("splits at h2 and h3 with rehype-slug's anchors, duplicates numbered, escapes undone", () => {
    expect(sections.map((s) => [s.key, s.heading, s.anchor])).toEqual([
      ["a", "", ""],
      ["a#first-step", "First step", "first-step"],
      ["a#detail", "Detail", "detail"],
      ["a#first-step-1", "First step", "first-step-1"],
      ["a#2-sign-envname", "2. Sign [env.<name>]", "2-sign-envname"],
    ]);
  });

  it("keeps the words a reader sees: link labels, alt text, code, h4 text, table cells, list items, text inside HTML", () => {
    expect(sections.map((s) => s.text)).toEqual([
      "Intro text with a link, a code label and a diagram.",
      "Body one. ## not a heading",
      "Deeper. Small Kept in detail.",
      "Tip: quoted a\\_b and a_b",
      "a public_transfer 1 yes item one item two tags go, text stays",
    ]);
  });

  it("gives a page without text its introduction all the same, so its title is found", () => {
    expect(pageSections("b", "B", "")).toEqual([
      { key: "b", pageId: "b", description: "", pageTitle: "B", heading: "", anchor: "", text: "" },
    ]);
  });
});
