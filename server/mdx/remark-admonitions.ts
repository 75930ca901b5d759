import type { Root, Paragraph, PhrasingContent } from "mdast";
import type { ContainerDirective, LeafDirective, TextDirective } from "mdast-util-directive";
import type { MdxJsxFlowElement } from "mdast-util-mdx-jsx";
import { visit, SKIP } from "unist-util-visit";

export const ADMONITION_TYPES = ["note", "tip", "info", "caution", "danger", "warning"] as const;
const KNOWN = new Set<string>(ADMONITION_TYPES);

type Directive = ContainerDirective | LeafDirective | TextDirective;

/**
 * Turns Docusaurus-style `:::note[Title]` blocks into `<Admonition type="note" title="Title">`.
 * Any other directive syntax is put back as the text it was written as, because in prose
 * `:word` is far more often a typo-free colon than an intended directive.
 */
export function remarkAdmonitions() {
  return (tree: Root) => {
    visit(tree, (node, index, parent) => {
      if (!isDirective(node) || !parent || index === undefined) return;
      if (node.type === "containerDirective" && KNOWN.has(node.name)) {
        const [first, ...rest] = node.children;
        const hasLabel = first?.type === "paragraph" && first.data?.directiveLabel === true;
        const title = hasLabel ? plainText((first as Paragraph).children) : undefined;
        const element: MdxJsxFlowElement = {
          type: "mdxJsxFlowElement",
          name: "Admonition",
          attributes: [
            { type: "mdxJsxAttribute", name: "type", value: node.name === "warning" ? "caution" : node.name },
            ...(title ? [{ type: "mdxJsxAttribute" as const, name: "title", value: title }] : []),
          ],
          children: (hasLabel ? rest : node.children) as MdxJsxFlowElement["children"],
        };
        parent.children.splice(index, 1, element as never);
        return;
      }
      const prefix = node.type === "containerDirective" ? ":::" : node.type === "leafDirective" ? "::" : ":";
      const text: PhrasingContent = { type: "text", value: prefix + node.name };
      const replacement =
        node.type === "textDirective" ? [text, ...node.children] : [{ type: "paragraph", children: [text] }, ...node.children];
      parent.children.splice(index, 1, ...(replacement as never[]));
      return [SKIP, index];
    });
  };
}

function isDirective(node: { type: string }): node is Directive {
  return node.type === "containerDirective" || node.type === "leafDirective" || node.type === "textDirective";
}

function plainText(nodes: PhrasingContent[]): string {
  return nodes.map((n) => ("value" in n ? n.value : "children" in n ? plainText(n.children as PhrasingContent[]) : "")).join("");
}
