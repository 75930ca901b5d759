import { describe, expect, it } from "vitest";
import { extractPage } from "./blocks";
import { parseFenceMeta } from "./fence-meta";

describe("parseFenceMeta", () => {
  it.each([
    ["", {}],
    ['title="src/a.ts"', { title: "src/a.ts" }],
    ['title="sources/x.move" {3-5}', { title: "sources/x.move" }],
    ["preamble=client title='b c.ts'", { preamble: "client", title: "b c.ts" }],
  ])("%s", (meta, expected) => expect(parseFenceMeta(meta)).toEqual(expected));
});

describe("extractPage", () => {
  const source = [
    "---", // 1
    "id: x", // 2
    "---", // 3
    "Intro with `SuiClient`.", // 4
    "", // 5
    '```ts title="a.ts"', // 6
    "const a = 1;", // 7
    "```", // 8
    "- item", // 9
    "  ```sh", // 10
    "  sui client gas", // 11
    "  ```", // 12
    "````md", // 13
    "```move", // 14
    "````", // 15
  ].join("\n");
  const { blocks, prose } = extractPage({ file: "content/docs/x.mdx", source });

  it("finds fenced blocks with language, meta, first code line and dedented code", () => {
    expect(blocks.map((b) => [b.lang, b.line, b.code, b.meta])).toEqual([
      ["ts", 7, "const a = 1;", { title: "a.ts" }],
      ["sh", 11, "sui client gas", {}],
      ["md", 14, "```move", {}],
    ]);
  });

  it("keeps prose paragraphs with their first line and leaves frontmatter out", () => {
    expect(prose.map((p) => [p.line, p.text])).toEqual([
      [4, "Intro with `SuiClient`."],
      [9, "- item"],
    ]);
  });
});
