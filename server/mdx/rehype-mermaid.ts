import type { Element, Root } from "hast";
import { SKIP, visit } from "unist-util-visit";

/**
 * A ```mermaid fence becomes a diagram placeholder holding its source as a plain code block: that
 * is what readers without JavaScript see, and what the browser's Mermaid loader (app/lib/mermaid.client.ts,
 * which finds it by data-mermaid) reads and replaces
 * with the drawing. Pages without a diagram never load Mermaid. Runs before the language check,
 * which does not know "mermaid".
 */
export function rehypeMermaid() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element, index, parent) => {
      if (node.tagName !== "pre" || !parent || index === undefined) return;
      const code = node.children.find((c): c is Element => c.type === "element" && c.tagName === "code");
      const classes = (code?.properties.className as string[] | undefined) ?? [];
      if (!code || !classes.includes("language-mermaid")) return;
      code.properties.className = ["language-text"];
      const figure: Element = {
        type: "element",
        tagName: "div",
        properties: { className: ["mermaid-diagram"], dataMermaid: "" },
        children: [node],
      };
      parent.children[index] = figure;
      return SKIP;
    });
  };
}
