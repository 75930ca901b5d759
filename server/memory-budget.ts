/**
 * The memory plan: no process of the server may go over 400 MB RSS, whatever readers do (every
 * page, every page at old commits, endless unknown URLs). Every cache is bounded in bytes (its
 * values weighed by a size function), and the bounds below are chosen together so that, all full,
 * they fit beside what the runtime needs anyway. Measured with `npm run bench:scale` on its
 * 50,000-commit repository (379 pages, ~90 KB of HTML each), Node 20, one worker thread, as RSS
 * less what the caches held:
 *
 * | Part | MB | What it is |
 * |---|---|---|
 * | Main thread | ~200 | Node, the app's code, React; V8's heap with its slack and garbage between collections (young generation 2 × 4 MB: `--max-semi-space-size=4`); the allocator's slack (`MALLOC_ARENA_MAX=2`) |
 * | Worker thread | ~90 | its own V8 heap: Shiki's grammars and compiled regular expressions, remark/rehype (young generation capped at 8 MB, server/workers/pool.ts) |
 * | Search index | ~16 | the live commit's (measured: 2,857 sections take 16 MB of heap; its own estimate says 7) |
 * | The caches below, all full | ~93 | |
 * | Total | ~399 | |
 *
 * Not yet in the plan: up to three pinned commits' search indexes (SearchLimits.keptPinnedIndexes,
 * bounded by count, ~16 MB each), built only when readers search at `?commit=`; they should be
 * bounded in bytes inside this table.
 *
 * | Cache | Budget | What it holds |
 * |---|---|---|
 * | liveRenderedPages | 40 MB | HTML of pages at the live commit as sent, and its compressed copies: the whole catalogue (~35 MB raw) |
 * | pinnedRenderedPages | 6 MB | the same for pages at `?commit=` and previews at `?ref=` (~60 pages) |
 * | compiled | 20 MB | compiled pages by content key: the live catalogue takes ~11 MB, the rest serves old commits and pushes |
 * | texts | 6 MB | blob texts by oid (page sources, snippets, schemas): a miss is one `git cat-file` read |
 * | generated | 6 MB | pages a generator made of a data file, per schema blob (~1 MB per schema) |
 * | contents | 4 MB | per content tree: file map, catalogue and sidebars (~0.4 MB per tree as weighed) |
 * | subtrees, treeEntries | 3 + 2 MB | the Git store's parsed trees under the content root |
 * | frontmatters, pageKeys, histories, commits | 1 MB each | per page and per commit metadata |
 * | sidebarFiles, snapshots, expanded | 0.5 MB each | sidebar JSON per blob, commit → content tree, `?commit=` abbreviations |
 * | refListings | 1 MB | the branches, tags and pull requests `?ref=` previews (server/refs/ref-tips.ts: at most 2,000 refs, two listings) |
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
  compiled: 20 * MB,
  texts: 6 * MB,
  generated: 6 * MB,
  contents: 4 * MB,
  subtrees: 3 * MB,
  treeEntries: 2 * MB,
  frontmatters: 1 * MB,
  pageKeys: 1 * MB,
  histories: 1 * MB,
  commits: 1 * MB,
  sidebarFiles: 0.5 * MB,
  snapshots: 0.5 * MB,
  expanded: 0.5 * MB,
  refListings: 1 * MB,
} as const;

/** What the server needs besides its caches (see the table above), MB. */
export const RUNTIME_MB = { mainThread: 200, workerThread: 90, liveSearchIndex: 16 } as const;

/** The bound no process of the server may exceed, MB. */
export const RSS_LIMIT_MB = 400;
