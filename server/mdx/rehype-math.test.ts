import { describe, expect, it } from "vitest";
import { compileToHtml } from "./page-html-for-tests";
import { PageProblems } from "./problems";

describe("math", () => {
  it("typesets inline $…$ as MathML inside the paragraph", async () => {
    const html = await compileToHtml("The fee is $u \\times p$ MIST.");
    expect(html).toMatch(/^<p>The fee is <span class=katex><math><semantics><mrow><mi>u<\/mi><mo>×<\/mo><mi>p<\/mi><\/mrow>/);
    expect(html).toContain('<annotation encoding="application/x-tex">u \\times p</annotation>');
    expect(html).toMatch(/ MIST\.<\/p>$/);
  });

  it("typesets $$…$$ as a display block of its own", async () => {
    const html = await compileToHtml("$$\n\\text{fee} = \\frac{a}{b}\n$$");
    expect(html).toMatch(/^<div class=math-display><span class=katex><math display=block>/);
    expect(html).toContain("<mfrac><mi>a</mi><mi>b</mi></mfrac>");
  });

  it("reads braces inside math as TeX, never as MDX expressions", async () => {
    // Without remark-math before the safe-subset check, {1} would be refused as a JavaScript expression.
    const html = await compileToHtml("Half is $\\frac{1}{2}$ and $\\{x\\}$ is a set.\n\n$$\n\\sum_{i=1}^{n} w_i \\ge \\tfrac{2}{3}W\n$$");
    expect(html).toContain("<mfrac><mn>1</mn><mn>2</mn></mfrac>");
    expect(html).toContain("<munderover>");
  });

  it("writes no inline styles and no HTML rendering of the formula", async () => {
    const html = await compileToHtml("$$\n\\color{red}{x} + \\sqrt{y}\n$$");
    expect(html).not.toMatch(/style=/);
    expect(html).not.toContain("katex-html");
  });

  it("keeps an escaped dollar sign as text", async () => {
    expect(await compileToHtml("It costs \\$5 or \\$6.")).toBe("<p>It costs $5 or $6.</p>");
  });

  it.each([
    ["an unknown command", "Text\n\n$\\notacommand{x}$", 3, /math: Undefined control sequence: \\notacommand/],
    ["an unbalanced brace", "$$\n\\frac{1}{2\n$$", 1, /math: /],
    ["a link", "$\\href{javascript:alert(1)}{x}$", 1, /math: .*\\href/],
    ["a macro that expands forever", "$\\def\\a{\\a\\a}\\a$", 1, /math: Too many expansions/],
  ])("refuses %s with its place", async (_name, body, line, reason) => {
    const error = await compileToHtml(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageProblems);
    const [problem] = (error as PageProblems).problems;
    expect(problem).toMatchObject({ file: "docs/test-page.mdx", line });
    expect(problem!.reason).toMatch(reason);
  });
});
