import type { Element, Root } from "hast";
import { visit } from "unist-util-visit";
import { isSiteId } from "./safe-html";

/**
 * A heading's id is made from its text (rehype-slug), so `## Main` would be id="main", the site's
 * own (the skip link's target). Such an id is moved out of the site's names, before the table of
 * contents reads it.
 */
export function rehypeHeadingIds() {
  return (tree: Root) => {
    visit(tree, "element", (node: Element) => {
      const id = node.properties.id;
      if (/^h[1-6]$/.test(node.tagName) && typeof id === "string" && isSiteId(id)) node.properties.id = `section-${id}`;
    });
  };
}
