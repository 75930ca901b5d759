import GithubSlugger from "github-slugger";
import type { Root as MdastRoot, RootContent } from "mdast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import { visit } from "unist-util-visit";
import { blankFrontmatter } from "../mdx/compile";
import { mdxParser } from "../mdx/parser";
import { isSiteId } from "../mdx/safe-html";

/** A link or image of a page, as its author wrote it, with its line in the file. */
export interface ScannedLink {
  url: string;
  line: number;
  /** An image (`![…](…)`, `<img src>`): it must name a file, not a page. */
  image: boolean;
}

/** What a page offers other pages (its anchors) and what it points at (its links), read from its source. */
export interface PageScan {
  /** Ids a link may name after `#`: its headings' (as the compiler makes them) and ids its author gave. */
  anchors: string[];
  links: ScannedLink[];
  /** Why the page could not be read, when it could not: its compile problems are reported by the compile itself. */
  unreadable?: string;
}

/** Link-bearing attributes of the site's components and allowed HTML. */
const URL_ATTRIBUTES: Record<string, boolean> = { href: false, src: true };

type Jsx = MdxJsxFlowElement | MdxJsxTextElement;

/** A heading's text as rehype-slug reads it: the text of everything inside. */
function textOf(node: RootContent): string {
  if ("value" in node && (node.type === "text" || node.type === "inlineCode")) return node.value;
  return "children" in node ? (node.children as RootContent[]).map(textOf).join("") : "";
}

/**
 * Reads a page's links, images and anchors from its MDX source, each with its line: what the
 * checks of a ref need to find broken links without rendering.
 */
export function scanPage(source: string): PageScan {
  let tree: MdastRoot;
  try {
    tree = mdxParser.runSync(mdxParser.parse(blankFrontmatter(source))) as MdastRoot;
  } catch (error) {
    return { anchors: [], links: [], unreadable: (error as Error).message.split("\n")[0] };
  }
  return scanTree(tree);
}

/**
 * The links, images and anchors of a page's syntax tree as parsed (its snippets not put in: their
 * links are theirs). Anchors follow the compiler: rehype-slug's ids (GitHub's slugs, numbered when
 * repeated), moved out of the site's own names.
 */
export function scanTree(tree: MdastRoot): PageScan {
  const slugger = new GithubSlugger();
  const anchors: string[] = [];
  const links: ScannedLink[] = [];
  const lineOf = (node: { position?: { start: { line: number } } }) => node.position?.start.line ?? 1;
  visit(tree, (node) => {
    if (node.type === "heading") {
      const id = slugger.slug(textOf(node));
      anchors.push(isSiteId(id) ? `section-${id}` : id);
    } else if (node.type === "link" || node.type === "image") {
      links.push({ url: node.url, line: lineOf(node), image: node.type === "image" });
    } else if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
      for (const attribute of (node as Jsx).attributes) {
        if (attribute.type !== "mdxJsxAttribute" || typeof attribute.value !== "string") continue;
        if (attribute.name === "id") anchors.push(attribute.value);
        const image = URL_ATTRIBUTES[attribute.name];
        if (image !== undefined) links.push({ url: attribute.value, line: lineOf(node), image: image || (node as Jsx).name === "img" });
      }
    }
  });
  return { anchors, links };
}
