/**
 * The work that runs in worker processes, off the request thread: compiling pages, generating
 * reference pages from data files, building search indexes, diffing pages, reading pages' links. Each job takes and returns plain data.
 * Run as a process's entry (build/workers/jobs.js, which the pool forks), this module serves them
 * (serve-jobs.ts).
 */
import { pathToFileURL } from "node:url";
import type { GeneratedPage } from "../content/generator";
import { generators } from "../generators";
import { compileMdx, type MdxInput } from "../mdx/compile";
import { getHighlighter } from "../mdx/highlighter";
import { boundedDiff, type DiffOutcome } from "../diff/text-diff";
import { scanPage, scanTree, type PageScan } from "../checks/link-scan";
import { parsePage } from "../markdown/expand";
import { cleanMarkdownOfTree } from "../markdown/index";
import { formatProblem, PageProblems, type PageProblem } from "../mdx/problems";
import { boundedSections } from "../search/page-bounds";
import { SearchIndex, type SerializedSearchIndex } from "../search/search-index";
import { serveJobs } from "./serve-jobs";

export { serveJobs };

// Load the grammars as soon as the worker starts, not during the first page's compile (a push
// waiting to go live would pay for it).
const grammars = getHighlighter();

export type CompileOutcome = { ok: true; json: string } | { ok: false; problems: PageProblem[] };

/** The compiled page as JSON text: one string crosses the thread boundary cheaply and goes to disk as is. */
export async function compilePage(input: MdxInput): Promise<CompileOutcome> {
  try {
    return { ok: true, json: JSON.stringify(await compileMdx(input)) };
  } catch (error) {
    if (error instanceof PageProblems) return { ok: false, problems: error.problems };
    return { ok: false, problems: [{ file: input.path, line: 1, column: 1, reason: (error as Error).message }] };
  }
}

export type GenerateOutcome = { ok: true; pages: GeneratedPage[] } | { ok: false; message: string };

function generatePages({ sourcePath, text }: { sourcePath: string; text: string }): GenerateOutcome {
  const generator = generators.find((g) => g.sourcePath === sourcePath);
  if (!generator) return { ok: false, message: `no generator reads ${sourcePath}` };
  try {
    return { ok: true, pages: generator.generate(text) };
  } catch (error) {
    return { ok: false, message: `cannot generate pages: ${(error as Error).message}` };
  }
}

export type MarkdownOutcome = { ok: true; text: string } | { ok: false; message: string };

/**
 * A page's clean Markdown (server/markdown), for its .md twin, /llms-full.txt and search, and its
 * links and anchors read from the same parse for the checks (server/checks): the search index of the
 * live commit converts every page, and the checks read every page's links after it.
 */
function cleanMarkdown(input: MdxInput): MarkdownOutcome & { links?: PageScan } {
  try {
    const tree = parsePage(input.path, input.source);
    // Read before the snippets go in: a page's links are its own, its snippets' are theirs.
    const links = scanTree(tree);
    return { ok: true, text: cleanMarkdownOfTree(tree, input), links };
  } catch (error) {
    return { ok: false, message: error instanceof PageProblems ? error.problems.map(formatProblem).join("\n") : (error as Error).message };
  }
}

export interface SearchPage {
  id: string;
  title: string;
  /** The page's frontmatter description: what it teaches, in a sentence. */
  description: string;
  /** The page's clean Markdown (server/markdown), snippets inlined. */
  markdown: string;
  /** A generated reference page (GraphQL types, JSON-RPC methods). */
  reference?: boolean;
}

/** The index of a commit's pages, within PAGE_BOUNDS and BUILD_BOUNDS: no pages that can go live outgrow the worker's heap. */
function buildSearchIndex({ pages }: { pages: SearchPage[] }): SerializedSearchIndex {
  return SearchIndex.build(boundedSections(pages)).serialize();
}

/** Two versions of a page's text, diffed within the caps of server/diff/text-diff.ts. */
function diffPage({ before, after }: { before: string; after: string }): DiffOutcome {
  return boundedDiff(before, after);
}

/** Every page's links and anchors, for the checks of a ref (server/checks/). */
function scanLinks({ sources }: { sources: string[] }): PageScan[] {
  return sources.map(scanPage);
}

/** The jobs by name. */
export const jobTable = {
  compile: compilePage,
  generate: generatePages,
  searchIndex: buildSearchIndex,
  markdown: cleanMarkdown,
  diff: diffPage,
  scanLinks,
};

/** The jobs by name, with their input and output, for the pool's types. */
export type Jobs = typeof jobTable;

// Ready for jobs once the grammars are loaded: a job's time limit starts when the pool sends it, and
// the worker's own start (seconds on a loaded machine) is not the job's.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  void grammars.then(
    () => serveJobs(jobTable),
    () => serveJobs(jobTable),
  );
