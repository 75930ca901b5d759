import type { Root } from "mdast";
import { VFile } from "vfile";
import { blankFrontmatter } from "../mdx/compile";
import { resolveImport } from "../mdx/imports";
import { inlineSnippets } from "../mdx/inline-snippets";
import { mdxParser } from "../mdx/parser";
import { PageProblems } from "../mdx/problems";
import { checkSafeSubset } from "../mdx/safe-subset";

const parser = mdxParser;

/**
 * Parses a page and puts each imported snippet's content where it is used, resolving imports as the
 * compiler does. Leaner than the compiler about everything else: this output is read, never run, so
 * an import that names no snippet (or a circle of snippets) is left out instead of refused, and
 * imports, exports and `{...}` expressions are dropped. Throws PageProblems when the MDX does not parse.
 */
export function parseExpanded(
  path: string,
  source: string,
  files: Readonly<Record<string, string>>,
  importers: readonly string[] = [],
): Root {
  return expandSnippets(parsePage(path, source), path, files, importers);
}

/**
 * A page's syntax tree as the compiler parses it, frontmatter left out (blanked, so that positions
 * are lines of the file). Throws PageProblems when the MDX does not parse.
 */
export function parsePage(path: string, source: string): Root {
  const file = new VFile({ path, value: blankFrontmatter(source) });
  try {
    return parser.runSync(parser.parse(file), file) as Root;
  } catch (error) {
    const e = error as { reason?: string; message?: string; line?: number; column?: number };
    throw new PageProblems([{ file: path, line: e.line ?? 1, column: e.column ?? 1, reason: e.reason ?? e.message ?? String(error) }]);
  }
}

/** Puts the snippets `tree` (the page at `path`) imports where it uses them, as parseExpanded does; changes and returns `tree`. */
export function expandSnippets(tree: Root, path: string, files: Readonly<Record<string, string>>, importers: readonly string[] = []): Root {
  const snippets = new Map<string, Root>();
  for (const { name, specifier } of checkSafeSubset(tree, path).imports) {
    const resolved = resolveImport(path, specifier, (p) => p in files);
    if (!resolved || !/^snippets\/.+\.mdx?$/.test(resolved) || resolved === path || importers.includes(resolved)) continue;
    snippets.set(name, parseExpanded(resolved, files[resolved]!, files, [...importers, path]));
  }
  // Used inside a line: a one-paragraph snippet joins the line, anything longer its phrasing only.
  inlineSnippets(tree, snippets, (_node, blocks) => blocks.flatMap((block) => (block.type === "paragraph" ? block.children : [])));
  return tree;
}
