import type { Element, ElementContent, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString } from "hast-util-to-string";
import katex from "katex";
import { SKIP, visit } from "unist-util-visit";
import type { VFile } from "vfile";

/**
 * Typesets the `$…$` and `$$…$$` that remark-math found into MathML with KaTeX, at compile time.
 * MathML is drawn by the browser itself: no script, no font files, no inline styles (KaTeX's HTML
 * output needs all three). A formula KaTeX cannot parse fails the page with its place, as an
 * unknown code language does, instead of showing red text to readers.
 */
export function rehypeMath() {
  return (tree: Root, file: VFile) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (!parent || index === undefined) return;
      const classes = (node.properties.className as string[] | undefined) ?? [];
      const inline = node.tagName === "code" && classes.includes("math-inline");
      // Display math arrives as <pre><code class="math-display">: the whole <pre> is replaced.
      const code =
        node.tagName === "pre" ? node.children.find((c): c is Element => c.type === "element" && c.tagName === "code") : undefined;
      const display = !!code && ((code.properties.className as string[] | undefined) ?? []).includes("math-display");
      if (!inline && !display) return;
      const tex = toString(display ? code! : node);
      parent.children.splice(index, 1, ...typeset(tex, display, node, file));
      return [SKIP, index + 1];
    });
  };
}

function typeset(tex: string, displayMode: boolean, node: Element, file: VFile): ElementContent[] {
  let html: string;
  try {
    html = katex.renderToString(tex, {
      displayMode,
      output: "mathml",
      throwOnError: true,
      // \href, \url, \includegraphics and \html* are refused (KaTeX would only paint them red): a formula cannot link or add markup.
      trust: ({ command }) => {
        throw new Error(`${command} is not allowed: a formula cannot link, embed or add markup`);
      },
      strict: "ignore",
      maxExpand: 1000,
      maxSize: 20,
    });
  } catch (error) {
    const reason = error instanceof katex.ParseError ? error.rawMessage : error instanceof Error ? error.message : String(error);
    file.fail(`math: ${reason} (in ${displayMode ? "$$…$$" : "$…$"}: ${tex.slice(0, 60)}); write a literal dollar sign as \\$`, {
      place: node.position,
    });
  }
  const math = fromHtml(html, { fragment: true }).children as ElementContent[];
  // HTML puts <math> in the MathML namespace by itself; the attribute would only be noise.
  visit({ type: "root", children: math } as Root, "element", (element: Element) => {
    delete element.properties.xmlns;
  });
  // A block of its own that scrolls sideways when a long formula is wider than the column.
  return displayMode ? [{ type: "element", tagName: "div", properties: { className: ["math-display"] }, children: math }] : math;
}
