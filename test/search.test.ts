import { describe, expect, it } from "vitest";
import { excerpt } from "../server/search/excerpt";
import { pageSections, plainText } from "../server/search/sections";
import { parseSearchRequest } from "../server/search/query";

describe("plainText", () => {
  it.each([
    ["Call [`coin::split`](/standards/coin) now", "Call coin::split now"],
    ["![A diagram](/static/a.svg)", "A diagram"],
    ["<Card title=\"x\">Inside</Card>", "Inside"],
    [":::tip Fast path", "Fast path"],
    ["- **bold** item", "bold item"],
    ["| `public_transfer` | yes |", "public_transfer yes"],
    ["|---|:---:|", ""],
    ["> quoted", "quoted"],
  ])("%s → %s", (line, text) => expect(plainText(line)).toBe(text));
});

describe("pageSections", () => {
  const source = [
    "---", "id: a", "title: A", "---", "import X from '@site/snippets/x.mdx';", "", "Intro text.",
    "## First `step`", "Body one.", "```move", "## not a heading", "```", "### Detail", "Deeper.", "#### Small", "Kept in detail.", "## First step", "Again.", "## 2. Sign [env.&lt;name&gt;]",
  ].join("\n");
  const sections = pageSections("a", "A", source);

  it("splits at h2 and h3 with rehype-slug's anchors, duplicates numbered", () => {
    expect(sections.map((s) => [s.heading, s.anchor])).toEqual([
      ["", ""],
      ["First step", "first-step"],
      ["Detail", "detail"],
      ["First step", "first-step-1"],
      ["2. Sign [env.<name>]", "2-sign-envname"],
    ]);
  });

  it("keeps code and h4 text in their section and drops imports and frontmatter", () => {
    expect(sections[0]!.text).toBe("Intro text.");
    expect(sections[1]!.text).toBe("Body one. ## not a heading");
    expect(sections[2]!.text).toBe("Deeper. Small Kept in detail.");
  });
});

describe("excerpt", () => {
  const text = "Objects on Sui have owners. " + "Filler words go here. ".repeat(20) + "A shared object needs consensus before execution.";

  it("centres the window on the first match and marks every match in it", () => {
    const { text: window, highlights } = excerpt(text, ["consensus", "shared"], 80);
    expect(window.startsWith("… ")).toBe(true);
    expect(highlights.map(([s, e]) => window.slice(s, e))).toEqual(["shared", "consensus"]);
  });

  it("starts at the beginning when the match is early, and only marks word starts", () => {
    const { text: window, highlights } = excerpt("Owners own objects; unowned ones are shared.", ["own"], 200);
    expect(window).toBe("Owners own objects; unowned ones are shared.");
    expect(highlights.map(([s, e]) => window.slice(s, e))).toEqual(["Own", "own"]);
  });

  it("treats regular-expression characters in terms literally", () => {
    expect(excerpt("a (b) c", ["(b)"]).highlights).toEqual([[2, 5]]);
  });
});

describe("parseSearchRequest", () => {
  it.each([
    ["q=coin", { q: "coin", limit: 10 }],
    ["q=%20coin%20%20split%20&limit=50", { q: "coin split", limit: 50 }],
  ])("accepts %s", (query, expected) => expect(parseSearchRequest(new URLSearchParams(query))).toEqual(expected));

  it.each(["", "q=", "q=%20", `q=${"x".repeat(201)}`, "q=a&limit=0", "q=a&limit=51", "q=a&limit=2.5", "q=a&limit="])("rejects %s", (query) =>
    expect(() => parseSearchRequest(new URLSearchParams(query))).toThrow(/query|characters|limit/),
  );
});
