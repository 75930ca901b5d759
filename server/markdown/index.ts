/**
 * Clean Markdown of a page, for a person or a model to read (the `.md` twin, "Copy page",
 * `/llms-full.txt`, the search index): MDX without anything only MDX understands.
 *
 * The output starts with the page's title as `# Title` and its description as a `> ` line (from the
 * frontmatter, or from `header` for generated pages, which have none), then the body: headings stay
 * `##` and below as written, snippets are inlined, components become plain Markdown (see
 * plain-mdast.ts) and code blocks are kept as written.
 */
import matter from "gray-matter";
import type { Root, RootContent } from "mdast";
import remarkGfm from "remark-gfm";
import remarkMath from "remark-math";
import remarkStringify from "remark-stringify";
import { unified } from "unified";
import type { MdxInput } from "../mdx/compile";
import { expandSnippets, parsePage } from "./expand";
import { toPlainMdast } from "./plain-mdast";

export interface MarkdownHeader {
  title: string;
  description?: string;
  /** The page's absolute URL, given as a `Source:` line under the description. */
  url?: string;
}

const printer = unified().use(remarkGfm, { tablePipeAlign: false }).use(remarkMath).use(remarkStringify, {
  bullet: "-",
  emphasis: "_",
  strong: "*",
  fence: "`",
  fences: true,
  rule: "-",
  listItemIndent: "one",
  incrementListMarker: true,
});

/**
 * The page as clean Markdown. `header` replaces what the frontmatter says (generated pages have no
 * frontmatter; the URL is the caller's to know). Throws PageProblems when the MDX does not parse.
 */
export function toCleanMarkdown(input: MdxInput, header?: MarkdownHeader): string {
  const head = header ?? frontmatterHeader(input.source);
  return (head ? markdownHeader(head) : "") + cleanMarkdownBody(input);
}

/** The body alone: the costly part, which the server computes in a worker and caches per content. */
export function cleanMarkdownBody(input: MdxInput): string {
  return cleanMarkdownOfTree(parsePage(input.path, input.source), input);
}

/** The body of the page `input` as parsed already (parsePage): its snippets are put into `tree`. */
export function cleanMarkdownOfTree(tree: Root, input: MdxInput): string {
  return printer.stringify(toPlainMdast(expandSnippets(tree, input.path, input.files)));
}

/** `# Title`, `> description` and `Source: <url>`, each followed by a blank line. */
export function markdownHeader(header: MarkdownHeader): string {
  return printer.stringify({ type: "root", children: headerBlocks(header) }) + "\n";
}

function frontmatterHeader(source: string): MarkdownHeader | undefined {
  if (!source.startsWith("---")) return undefined;
  try {
    // An options object turns off gray-matter's unbounded cache of every string it parsed.
    const { title, description } = matter(source, {}).data as Record<string, unknown>;
    if (typeof title !== "string" || !title.trim()) return undefined;
    return { title: title.trim(), description: typeof description === "string" ? description.trim() : undefined };
  } catch {
    return undefined;
  }
}

function headerBlocks({ title, description, url }: MarkdownHeader): RootContent[] {
  const blocks: RootContent[] = [{ type: "heading", depth: 1, children: [{ type: "text", value: title }] }];
  if (description) blocks.push({ type: "blockquote", children: [{ type: "paragraph", children: [{ type: "text", value: description }] }] });
  if (url)
    blocks.push({
      type: "paragraph",
      children: [
        { type: "text", value: "Source: " },
        { type: "link", url, children: [{ type: "text", value: url }] },
      ],
    });
  return blocks;
}
