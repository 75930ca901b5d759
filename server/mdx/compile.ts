import rehypeShikiFromHighlighter from "@shikijs/rehype/core";
import { transformerMetaHighlight } from "@shikijs/transformers";
import type { Element, ElementContent, ElementData, Properties } from "hast";
import type { Root as MdastRoot } from "mdast";
import type { Handler } from "mdast-util-to-hast";
import type { MdxJsxFlowElement, MdxJsxTextElement } from "mdast-util-mdx-jsx";
import rehypeSlug from "rehype-slug";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { VFile } from "vfile";
import { getHighlighter, THEMES, transformerCodeMeta } from "./highlighter";
import { resolveImport } from "./imports";
import { inlineSnippets } from "./inline-snippets";
import { mdxParser } from "./parser";
import { PageProblems, problemAt, type PageProblem } from "./problems";
import { rehypeCodeLanguages } from "./rehype-code-languages";
import { rehypeHeadingIds } from "./rehype-heading-ids";
import { rehypeMath } from "./rehype-math";
import { rehypeMermaid } from "./rehype-mermaid";
import { rehypeTableCodeBreaks } from "./rehype-table-code-breaks";
import { rehypeToc, type TocEntry } from "./rehype-toc";
import { renderHtml } from "./render-html";
import { attributeValue, checkSafeSubset } from "./safe-subset";
import { transformerLineNumbers } from "./shiki-line-numbers";

export type { TocEntry };

/**
 * Bump when the output of compileMdx changes for the same input, so cached pages are recompiled
 * (the engine adds the versions of the parser and highlighter packages to every key).
 */
export const COMPILER_VERSION = "page-html@4";

export interface MdxInput {
  /** Repository path of the page, e.g. docs/guides/index.mdx. */
  path: string;
  source: string;
  /** Every repository file the page may import, by repository path. */
  files: Record<string, string>;
}

/** A compiled page: its body as HTML of allowed elements only (never code to run), and its headings. */
export interface CompiledPage {
  html: string;
  toc: TocEntry[];
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

const parser = mdxParser;

/**
 * Compiles a page to the HTML of its body: allowed elements and the site's components. Throws PageProblems, each with
 * file:line:column, when the page or a snippet it imports leaves the safe subset or does not parse.
 */
export async function compileMdx({ path, source, files }: MdxInput): Promise<CompiledPage> {
  const mdast = await expand(path, source, files, []);
  const highlighter = await getHighlighter();
  const toc: TocEntry[] = [];
  const file = new VFile({ path });
  const hast = await unified()
    .use(remarkRehype, { handlers: { mdxJsxFlowElement: jsxToHast, mdxJsxTextElement: jsxToHast } })
    .use(rehypeSlug)
    .use(rehypeHeadingIds)
    .use(rehypeToc(toc))
    .use(rehypeMath)
    .use(rehypeMermaid)
    .use(rehypeCodeLanguages)
    .use(rehypeTableCodeBreaks)
    .use(rehypeShikiFromHighlighter, highlighter, {
      themes: THEMES,
      defaultColor: false,
      transformers: [transformerMetaHighlight(), transformerCodeMeta, transformerLineNumbers],
    })
    .run(mdast, file)
    .catch((error: unknown) => {
      throw asProblems(path, error);
    });
  return { html: renderHtml(hast as never), toc };
}

/** Parses and checks one file, then replaces each use of an imported snippet by the snippet's content. */
async function expand(path: string, source: string, files: Record<string, string>, importers: string[]): Promise<MdastRoot> {
  const file = new VFile({ path, value: blankFrontmatter(source) });
  let tree: MdastRoot;
  try {
    tree = (await parser.run(parser.parse(file), file)) as MdastRoot;
  } catch (error) {
    throw asProblems(path, error);
  }
  const { problems, imports } = checkSafeSubset(tree, path);
  const snippets = new Map<string, MdastRoot>();
  for (const { name, specifier, node } of imports) {
    const resolved = resolveImport(path, specifier, (p) => p in files);
    if (!resolved) {
      problems.push(
        problemAt(
          path,
          node,
          `import "${specifier}" does not name a file of the content repository at this commit (use @site/snippets/<name>.mdx)`,
        ),
      );
    } else if (!/^snippets\/.+\.mdx?$/.test(resolved)) {
      problems.push(problemAt(path, node, `import "${specifier}": only snippets (snippets/<name>.mdx) can be imported`));
    } else if (resolved === path || importers.includes(resolved)) {
      problems.push(problemAt(path, node, `import "${specifier}": ${resolved} imports this file back, which would never end`));
    } else {
      snippets.set(name, await expand(resolved, files[resolved]!, files, [...importers, path]));
    }
  }
  if (problems.length === 0) inline(tree, path, snippets, problems);
  if (problems.length) throw new PageProblems(problems.sort((a, b) => a.line - b.line || a.column - b.column));
  return tree;
}

/** Puts each snippet's content where it is used; a snippet of more than one paragraph used inside a line is a problem. */
function inline(tree: MdastRoot, path: string, snippets: ReadonlyMap<string, MdastRoot>, problems: PageProblem[]): void {
  inlineSnippets(tree, snippets, (node, blocks) => {
    const [only, ...rest] = blocks;
    if (only?.type === "paragraph" && !rest.length) return only.children;
    problems.push(problemAt(path, node, `<${node.name} /> is a block of its own: put it on a line by itself`));
    return undefined;
  });
}

/** The site's components and allowed HTML become hast elements; their props were checked to be literal. */
const jsxToHast: Handler = (state, node: JsxElement) => {
  const children = state.all(node) as ElementContent[];
  if (node.name === null) return children;
  const properties: Record<string, unknown> = {};
  for (const attribute of node.attributes) {
    const value = attributeValue(attribute);
    if (value instanceof Error || attribute.type !== "mdxJsxAttribute") continue;
    const name = attribute.name === "class" ? "className" : attribute.name;
    properties[name] = name === "className" && typeof value === "string" ? value.split(/\s+/).filter(Boolean) : value;
  }
  const element: Element = { type: "element", tagName: node.name, properties: properties as Properties, children };
  // Marked as the author's, in data no attribute can write: the renderer holds it to the authors' lists.
  // (The cast: hast-util-from-parse5 declares a position every element's data must have; these come from MDX.)
  element.data = { authored: true } as ElementData;
  return element;
};

/** Frontmatter is read by the engine; here it becomes blank lines so positions stay those of the file. */
export function blankFrontmatter(source: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  return match ? match[0].replace(/[^\n]/g, "") + source.slice(match[0].length) : source;
}

/** Parser and plugin failures (VFileMessage and plain errors) as problems with a place. */
function asProblems(path: string, error: unknown): PageProblems {
  if (error instanceof PageProblems) return error;
  const e = error as {
    reason?: string;
    message?: string;
    line?: number;
    column?: number;
    place?: { line?: number; column?: number; start?: { line: number; column: number } };
  };
  const line = e.line ?? e.place?.start?.line ?? e.place?.line ?? 1;
  const column = e.column ?? e.place?.start?.column ?? e.place?.column ?? 1;
  return new PageProblems([{ file: path, line, column, reason: e.reason ?? e.message ?? String(error) }]);
}
