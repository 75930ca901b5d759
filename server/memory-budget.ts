/**
 * The memory plan: no process of the server may go over 400 MB RSS, whatever readers do (every
 * page, every page at old commits, endless unknown URLs). Every cache is bounded in bytes (its
 * values weighed by a size function), and the bounds below are chosen together so that, all full,
 * they fit beside what the runtime needs anyway. Measured with `npm run bench:scale` on its
 * 50,000-commit repository (379 pages, ~90 KB of HTML each), Node 20, as RSS less what the caches
 * held. Compiles, generated pages, clean Markdown and search indexes run in worker processes
 * (server/workers/pool.ts), each a process of its own with its own bound (the last list).
 *
 * - Main thread, ~200 MB: Node, the app's code, React; V8's heap with its slack and garbage between
 *   collections (young generation 2 × 4 MB: `--max-semi-space-size=4`); the allocator's slack
 *   (`MALLOC_ARENA_MAX=2`)
 * - Search index, ~21 MB: the live commit's (measured: the embedded catalogue's 3,443 sections and
 *   their pages' descriptions take 20.4 MB of heap, as SearchIndex.load weighs it)
 * - The caches below, all full, ~168 MB
 * - Total, ~389 MB
 *
 * Measured against it at 50,000 commits (BENCHMARKS.md, Scale), the server process read 237, 365, 365
 * and 377 MB after its phases and the compile worker at most 164 MB. What the plan counts as slack
 * is mostly garbage: dead Buffers of rendered documents (external memory up to ~90 MB over the
 * rendered-page cache between full collections) and the main heap's garbage.
 *
 * - liveRenderedPages, 40 MB: HTML of pages at the live commit as sent, and its compressed copies: it held
 *   the whole catalogue (~35 MB raw) when sized; today's 440 pages outgrow it (361 fit, 41.9 MB with gzip
 *   copies), mostly as each page carries its sidebar twice, as HTML and as loader data
 * - pinnedRenderedPages, 6 MB: the same for pages at `?commit=` and previews at `?ref=` (~60 pages)
 * - compiled, 12 MB: compiled pages by content key: the live catalogue took ~12 MB when sized (today 365
 *   of its 440 pages fit); a page is compiled again only to render it anew (a push, another origin), and a
 *   miss reads DATA_DIR/compiled, not the compiler
 * - texts, 4 MB: blob texts by oid (page sources, snippets, schemas), weighed as V8 holds them
 *   (cache.ts stringBytes): the live catalogue's 196 take 3.3 MB; a miss is one `git cat-file` read
 * - generated, 4 MB: pages a generator made of a data file, per schema blob (1.2 MB for both live schemas)
 * - contents, 32 MB: per content tree: file map, catalogue and sidebars, weighed as measured
 *   (server/engine.ts contentBytes: the embedded content's tree 0.35 MB of heap, 0.6 MB as weighed; a tree
 *   of 20,000 pages 22 MB). Snapshots keep their content only through this cache, so this is all the content
 *   that commits read at `?commit=` keep; the live commit's tree is held by the live site besides, while it
 *   is live
 * - subtrees, treeEntries, 2 + 1 MB: the Git store's parsed trees under the content root
 * - frontmatters, 8 MB: parsed frontmatter per page blob: a new commit's catalogue re-parses only the
 *   pages it changed while every page's fits (~400 B each)
 * - pageKeys, histories, commits, 1 MB each: per page and per commit metadata
 * - sidebarFiles, snapshots, expanded, 0.5 MB each: sidebar JSON per blob, commit → its commit info and
 *   content tree oid (never the content), `?commit=` abbreviations
 * - markdownBodies, 4 MB: pages as clean Markdown (server/markdown), by content key, weighed as V8 holds
 *   them: the live catalogue's 432 take 3.0 MB; the live search index is built from them, then `.md` twins,
 *   diffs and `/llms-full.txt` read them, and a push's index converts only the pages it changed
 * - llmsFullTexts, 8 MB: `/llms-full.txt` per content tree and origin: one text at its 8 MB bound when it
 *   is Latin-1 (weighed as V8 holds it)
 * - pinnedSearchIndexes, 4 MB: search indexes of `?commit=` searches (and the previous live one after a
 *   push), weighed as measured (SearchIndex.load): a small catalogue's; one of the embedded catalogue's size
 *   (~20 MB) is not kept, so each search at an old commit of it builds one, within SearchLimits
 * - releaseSearchIndexes, 32 MB: search indexes of releases (`/v/<tag>/search`, VERSION_TAGS), kept apart
 *   from the pinned ones so that a release's search costs one build per tag commit, and readers rotating
 *   `?commit=` cannot evict them. It holds one release of today's embedded catalogue's size (~20 MB, as
 *   SearchIndex.load weighs it; a release at the live commit uses the live index) beside a smaller
 *   one, or all 5 releases of the default menu (VERSION_MENU_SIZE) while each weighs at most 6 MB
 *   (about 120 pages like the embedded ones): that is what fits under the limit beside the larger
 *   live search index. Five releases of the embedded size (100 MB) do not fit: readers rotating
 *   through more than fit have the least recently searched built again, within SearchLimits
 * - pageDiffs, 0.5 MB: page diffs by commit pair and page, and their refusals (a diff shown is at most
 *   ~130 KB: 64,000 characters)
 * - recentChanges, 0.5 MB: pages of the `/changes` feed
 * - refListings, 2 MB: the branches, tags and pull requests `?ref=` previews (server/refs/ref-tips.ts):
 *   two listings (the current quarter second's and the one before) of at most MAX_REFS = 2,000 refs of
 *   ~450 B (listingBytes), 1.8 MB. At 0.5 MB (weighed at 400 B a ref) a listing of more than ~1,300 refs
 *   was not kept at all, and every `?ref=` read listed the refs again
 * - linkScans, 2 MB: each page source's links and anchors, for the checks of a ref (server/checks/):
 *   the embedded catalogue's take 0.85 MB as weighed, so the live commit's and a ref's changes fit
 * - checkReports, 1 MB: the checks of a ref by commit pair (a few KB each; a ref that breaks every link more)
 *
 * A worker process (server/workers/pool.ts), one per core but one, and one more for publishing only
 * while previews hold all the others:
 *
 * - V8 heap, ≤ 160 MB: Shiki's grammars and compiled regular expressions, remark/rehype, a job's garbage;
 *   the old generation is limited to 160 MB (the whole catalogue's search index is built in one job and
 *   needs 96–128 MB), the young to 2 × 4 MB
 * - Node and the allocator, ~60 MB
 *
 * A cache smaller than what readers rotate through misses every time, so the live pages get the
 * largest share and old commits compete among themselves. Everything not listed is bounded by
 * count and small (webhook deliveries, Accept-Encoding values) or lives per request; a 404 keeps
 * nothing. `/api/status` shows each cache's bytes against its budget.
 */
const MB = 1024 * 1024;

export const CACHE_BUDGETS = {
  liveRenderedPages: 40 * MB,
  pinnedRenderedPages: 6 * MB,
  compiled: 12 * MB,
  texts: 4 * MB,
  generated: 4 * MB,
  contents: 32 * MB,
  subtrees: 2 * MB,
  treeEntries: 1 * MB,
  frontmatters: 8 * MB,
  pageKeys: 1 * MB,
  histories: 1 * MB,
  commits: 1 * MB,
  sidebarFiles: 0.5 * MB,
  snapshots: 0.5 * MB,
  expanded: 0.5 * MB,
  markdownBodies: 4 * MB,
  llmsFullTexts: 8 * MB,
  pinnedSearchIndexes: 4 * MB,
  releaseSearchIndexes: 32 * MB,
  pageDiffs: 0.5 * MB,
  recentChanges: 0.5 * MB,
  refListings: 2 * MB,
  linkScans: 2 * MB,
  checkReports: 1 * MB,
} as const;

/** What the server process needs besides its caches (see the plan above), MB. */
export const RUNTIME_MB = { mainThread: 200, liveSearchIndex: 21 } as const;

/** A worker process: its heap limit (server/workers/pool.ts) and what Node needs beside it, MB. */
export const WORKER_PROCESS_MB = { heapLimit: 160, runtime: 60 } as const;

/** The bound no process of the server may exceed, MB. */
export const RSS_LIMIT_MB = 400;
