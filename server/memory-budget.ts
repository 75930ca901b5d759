/**
 * The memory plan: no process of the server may go over 400 MB RSS, whatever readers do (every
 * page, every page at old commits, endless unknown URLs). Every cache is bounded in bytes (its
 * values weighed by a size function), and the bounds below are chosen together so that they fit
 * beside what the runtime needs anyway. Measured on the 50,000-commit repository of
 * `npm run bench:scale` (379 pages), Node 20, one worker thread:
 *
 * | Part | MB | What it is |
 * |---|---|---|
 * | Runtime of the main thread | ~160 | Node, the app's code, React, V8's heap with nothing cached, the allocator's slack |
 * | Worker thread | ~90 | its own V8 heap: Shiki's grammars and compiled regular expressions, remark/rehype; young generation capped |
 * | Search indexes | ~15 | the live commit's and up to three pinned ones (SearchLimits.keptPinnedIndexes) |
 * | The caches below, full | 120 | |
 * | Total | ~385 | |
 *
 * | Cache | Budget | What it holds |
 * |---|---|---|
 * | liveRenderedPages | 48 MB | HTML of pages at the live commit as sent, and its compressed copies: the whole catalogue (~35 MB raw at ~90 KB a page) |
 * | pinnedRenderedPages | 8 MB | the same for pages at `?commit=` |
 * | compiled | 24 MB | compiled pages by content key: the live catalogue takes ~11 MB, the rest serves old commits and pushes |
 * | texts | 8 MB | blob texts by oid (page sources, snippets, schemas): re-read from git cheaply on a miss |
 * | generated | 8 MB | pages a generator made of a data file, per schema blob (~1 MB per schema) |
 * | contents | 8 MB | per content tree: file map, catalogue and sidebars (~0.5 MB per tree, so ~16 commits' trees) |
 * | subtrees, treeEntries | 4 + 4 MB | the Git store's parsed trees under the content root |
 * | frontmatters, pageKeys, histories, commits | 2 MB each | per page and per commit metadata |
 * | sidebarFiles, snapshots, expanded | 1 MB each | sidebar JSON per blob, commit → content tree, `?commit=` abbreviations |
 *
 * A cache smaller than what readers rotate through misses every time, so the live pages get the
 * largest share and old commits compete among themselves. Everything not listed is bounded by
 * count and small (webhook deliveries, Accept-Encoding values) or lives per request.
 */
const MB = 1024 * 1024;

export const CACHE_BUDGETS = {
  liveRenderedPages: 48 * MB,
  pinnedRenderedPages: 8 * MB,
  compiled: 24 * MB,
  texts: 8 * MB,
  generated: 8 * MB,
  contents: 8 * MB,
  subtrees: 4 * MB,
  treeEntries: 4 * MB,
  frontmatters: 2 * MB,
  pageKeys: 2 * MB,
  histories: 2 * MB,
  commits: 2 * MB,
  sidebarFiles: 1 * MB,
  snapshots: 1 * MB,
  expanded: 1 * MB,
} as const;

/** What the process needs besides its caches (see the table above), MB. */
export const RUNTIME_MB = { mainThread: 160, workerThread: 90, searchIndexes: 15 } as const;

/** The bound no process of the server may exceed, MB. */
export const RSS_LIMIT_MB = 400;
