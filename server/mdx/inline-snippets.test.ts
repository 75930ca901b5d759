import { describe, expect, it } from "vitest";
import { toCleanMarkdown } from "../markdown/index";
import { compileMdx } from "./compile";
import { PageProblems } from "./problems";

const files = { "snippets/one.mdx": "One *line*.\n", "snippets/two.mdx": "First paragraph.\n\nSecond paragraph.\n" };
const page = (body: string) => ({
  path: "docs/x.mdx",
  source: `import One from '@site/snippets/one.mdx';\nimport Two from '@site/snippets/two.mdx';\n\n${body}\n`,
  files,
});

describe("snippets in the compiler and the clean-Markdown converter", () => {
  it.each([
    [
      "a snippet on a line of its own",
      "<Two />",
      "<p>First paragraph.</p><p>Second paragraph.</p>",
      "First paragraph.\n\nSecond paragraph.\n",
    ],
    ["a one-paragraph snippet inside a line", "Say <One /> now.", "<p>Say One <em>line</em>. now.</p>", "Say One _line_. now.\n"],
  ])("%s is inlined by both", async (_name, body, html, markdown) => {
    expect((await compileMdx(page(body))).html.replace(/\n/g, "")).toBe(html);
    expect(toCleanMarkdown(page(body))).toBe(markdown);
  });

  it("refuses a longer snippet inside a line when compiling, and keeps its phrasing in Markdown", async () => {
    await expect(compileMdx(page("Say <Two /> now."))).rejects.toThrow(PageProblems);
    await expect(compileMdx(page("Say <Two /> now."))).rejects.toThrow(/<Two \/> is a block of its own/);
    expect(toCleanMarkdown(page("Say <Two /> now."))).toBe("Say First paragraph.Second paragraph. now.\n");
  });
});
