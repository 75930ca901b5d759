import GithubSlugger from "github-slugger";
import type { Nodes, Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

/** One searchable unit: the text of a page between two h2/h3 headings (or before the first). */
export interface Section {
  /** `<pageId>#<anchor>`, or the page id for the text before the first heading. */
  key: string;
  pageId: string;
  pageTitle: string;
  /** The h2/h3 heading this text sits under; empty for the page's introduction. */
  heading: string;
  /** The id rehype-slug gives that heading, so a result links straight to it. */
  anchor: string;
  text: string;
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** Nodes whose children are blocks: their texts are joined with a space, not run together. */
const BLOCK_PARENTS = new Set(["root", "blockquote", "list", "listItem", "table", "tableRow", "footnoteDefinition"]);

/**
 * The words a reader sees in a node, as textContent would give them once rendered: code keeps its
 * text (readers look up function names), images their alt text, HTML nothing.
 */
export function textOf(node: Nodes): string {
  if (node.type === "html") return "";
  if (node.type === "image") return node.alt ?? "";
  if ("value" in node) return node.value;
  if (!("children" in node)) return "";
  return (node.children as Nodes[]).map(textOf).join(BLOCK_PARENTS.has(node.type) ? " " : "");
}

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Splits a page's clean Markdown (server/markdown: snippets inlined, no MDX left) into sections at
 * its h2 and h3 headings. Anchors come from the same slugger, fed every heading in the same order,
 * as rehype-slug at compile time, so duplicate headings get the same `-1`, `-2` suffixes.
 */
export function pageSections(pageId: string, pageTitle: string, markdown: string): Section[] {
  const tree = parser.parse(markdown) as Root;
  const slugger = new GithubSlugger();
  const sections: Section[] = [];
  let current: Section = { key: pageId, pageId, pageTitle, heading: "", anchor: "", text: "" };
  let texts: string[] = [];
  // The introduction is kept even when empty: a match on the page title alone leads to the page's top.
  const flush = () => {
    current.text = clean(texts.join(" "));
    if (current.text || current.heading || !current.anchor) sections.push(current);
    texts = [];
  };
  for (const node of tree.children) {
    if (node.type !== "heading") {
      texts.push(textOf(node));
      continue;
    }
    // The slug is of the text as rendered, spaces and all, as rehype-slug sees it.
    const raw = textOf(node);
    const heading = clean(raw);
    const anchor = slugger.slug(raw);
    if (node.depth === 2 || node.depth === 3) {
      flush();
      current = { key: `${pageId}#${anchor}`, pageId, pageTitle, heading, anchor, text: "" };
    } else {
      texts.push(heading);
    }
  }
  flush();
  return sections;
}
