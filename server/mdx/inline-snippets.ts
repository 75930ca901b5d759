import type { Root, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { SKIP, visit } from "unist-util-visit";

/**
 * Drops imports and `{...}` expressions and puts each imported snippet's content where it is used.
 * A snippet used inside a line must become phrasing: `inLine` turns its blocks into what replaces
 * the element, or returns undefined to leave the element where it is (the compiler reports it,
 * the clean-Markdown converter keeps the phrasing of its paragraphs).
 */
export function inlineSnippets(
  tree: Root,
  snippets: ReadonlyMap<string, Root>,
  inLine: (node: MdxJsxTextElement, blocks: RootContent[]) => RootContent[] | undefined,
): void {
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type === "mdxjsEsm" || node.type === "mdxFlowExpression" || node.type === "mdxTextExpression") {
      parent.children.splice(index, 1);
      return [SKIP, index];
    }
    if (node.type !== "mdxJsxFlowElement" && node.type !== "mdxJsxTextElement") return;
    const element = node as MdxJsxFlowElement | MdxJsxTextElement;
    const snippet = element.name ? snippets.get(element.name) : undefined;
    if (!snippet) return;
    const blocks: RootContent[] = structuredClone(snippet.children);
    const content = element.type === "mdxJsxTextElement" ? inLine(element, blocks) : blocks;
    if (!content) return;
    (parent.children as RootContent[]).splice(index, 1, ...content);
    return [SKIP, index + content.length];
  });
}
