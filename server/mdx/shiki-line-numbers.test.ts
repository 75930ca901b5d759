import { describe, expect, it } from "vitest";
import { codeText, compileToHtml } from "./page-html-for-tests";

describe("code block meta", () => {
  it("showLineNumbers marks the block and leaves the code's text alone", async () => {
    const html = await compileToHtml("```ts showLineNumbers\nconst a = 1;\nconst b = 2;\n```");
    expect(html).toMatch(/<pre [^>]*data-line-numbers=""/);
    expect(codeText(html)).toBe("const a = 1;\nconst b = 2;");
  });

  it("combines with highlighted lines and a title", async () => {
    const html = await compileToHtml('```ts showLineNumbers {2} title="a.ts"\nconst a = 1;\nconst b = 2;\n```');
    expect(html).toMatch(/<pre [^>]*data-title=a.ts [^>]*data-line-numbers=""/);
    expect(html.match(/class=(line|"line highlighted")/g)).toEqual(["class=line", 'class="line highlighted"']);
  });

  it("is off without the meta", async () => {
    expect(await compileToHtml("```ts\nconst a = 1;\n```")).not.toContain("data-line-numbers");
  });
});
