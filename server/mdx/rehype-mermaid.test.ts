import { describe, expect, it } from "vitest";
import { codeText, compileToHtml } from "./page-html-for-tests";

describe("mermaid fences", () => {
  it("become a diagram placeholder holding the source as a plain code block", async () => {
    const html = await compileToHtml("```mermaid\nflowchart LR\n  A[Client] -->|signs| B{Validator}\n```");
    expect(html).toMatch(/^<div class=mermaid-diagram data-mermaid=""><figure class=code-block>[\s\S]*<pre [^>]*data-language=text[^>]*>/);
    // The source reads as written, so readers without JavaScript can follow it and the loader can draw it.
    expect(codeText(html)).toBe("flowchart LR\n  A[Client] --&gt;|signs| B{Validator}");
  });

  it("leave other code blocks alone", async () => {
    const html = await compileToHtml("```ts\nconst a = 1;\n```");
    expect(html).not.toContain("data-mermaid");
  });
});
