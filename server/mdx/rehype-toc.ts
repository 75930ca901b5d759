import type { Element, Root } from "hast";
import { toString } from "hast-util-to-string";
import { visit } from "unist-util-visit";

export interface TocEntry {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** Collects h2 and h3 headings (after rehype-slug gave them ids) into `into`. */
export function rehypeToc(into: TocEntry[]) {
  return () => (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      if ((node.tagName === "h2" || node.tagName === "h3") && typeof node.properties.id === "string") {
        into.push({ id: node.properties.id, text: toString(node).trim(), depth: node.tagName === "h2" ? 2 : 3 });
      }
    });
  };
}
