/**
 * The rendered-page cache: pages as Remix sent them (entry.server keeps them), replayed by the HTTP
 * front (http/replay.ts) before express and Remix run. It knows nothing of React, only bytes,
 * headers and the key a page's HTML depends on.
 */
import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { CACHE_BUDGETS } from "./memory-budget";

export type Coding = "br" | "gzip" | "deflate";

/** A page response as the renderer produced it, replayed while its key holds. */
export interface RenderedPage {
  headers: Array<[string, string]>;
  etag: string;
  body: Buffer;
  /** The body compressed, per coding, made the first time a client asks for that coding. */
  encoded: Partial<Record<Coding, Buffer>>;
}

/**
 * Room for the whole live catalogue (about 35 MB of HTML, more once compressed copies are kept)
 * apart from pages at pinned commits: readers rotating ?commit= over many commits evict each
 * other's pages, never the live site's. A cache smaller than the pages read in rotation misses on
 * every request (LRU's worst case), hence the generous live share. Both are part of the server's
 * memory plan (server/memory-budget.ts).
 */
export const LIVE_PAGES_BYTES = CACHE_BUDGETS.liveRenderedPages;
export const PINNED_PAGES_BYTES = CACHE_BUDGETS.pinnedRenderedPages;

const sizeOf = (page: RenderedPage) => page.body.length + Object.values(page.encoded).reduce((sum, b) => sum + b.length, 0) + 1024;
const livePages = new LRUCache<string, RenderedPage>({ maxSize: LIVE_PAGES_BYTES, sizeCalculation: sizeOf });
const pinnedPages = new LRUCache<string, RenderedPage>({ maxSize: PINNED_PAGES_BYTES, sizeCalculation: sizeOf });
const counts = { hits: 0, misses: 0 };

/** The levels compression() uses, so a replayed page is encoded as a streamed one would be. */
const COMPRESS: Record<Coding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/** A canonical page URL pins a commit with nothing but its full id (loaders redirect every other form). */
const PINNED_SEARCH = /^\?commit=([0-9a-f]{40})$/;
/** A canonical preview URL names a ref and nothing else, its slashes escaped (app/lib/commit.tsx spells it). */
const REF_SEARCH = /^\?ref=([A-Za-z0-9][A-Za-z0-9._%-]*)$/;

/** A release's page, `/v/<tag>/...` (app/lib/commit.tsx): its tag as the path spells it. */
const VERSION_PATH = /^\/v\/([A-Za-z0-9][A-Za-z0-9._%-]*)(?:[/?]|$)/;

/** Where a page is kept, and what its key's commit is made of. */
interface Place {
  cache: LRUCache<string, RenderedPage>;
  /** A ?commit= page's commit. */
  commit?: string;
  /** The ref whose commit now keys the page (a preview's, a release's tag). */
  ref?: string;
  /** A release's page: Latest's commit is part of its key (its notice and canonical link point there). */
  withLive?: boolean;
}

/**
 * A page's HTML depends only on the commit it is read at, its URL, the origin it names itself by
 * and the app build, so that is the key: a push moves the live commit and with it every live key,
 * so nothing is ever stale and nothing needs invalidating. Only canonical URLs are kept and found
 * (no query, or ?commit=<40 digits>): other forms are redirected by the loaders, so an unbounded
 * number of spellings cannot fill the cache.
 */
function place(pathname: string, search: string): Place | undefined {
  // A release's page is kept under the commit its tag named and Latest's when it was rendered: a
  // moved tag or a push to Latest moves the key.
  const version = VERSION_PATH.exec(pathname)?.[1];
  if (version) return search ? undefined : { cache: pinnedPages, ref: decodeURIComponent(version), withLive: true };
  if (!search) return { cache: livePages };
  const pinned = PINNED_SEARCH.exec(search)?.[1];
  if (pinned) return { cache: pinnedPages, commit: pinned };
  // A preview is kept under the commit its ref named when it was rendered, and found under the one
  // it names now: a push to the ref moves the key, so a preview is never stale.
  const ref = REF_SEARCH.exec(search)?.[1];
  return ref ? { cache: pinnedPages, ref: ref.replaceAll("%2F", "/") } : undefined;
}

/** The commit a rendered page is kept under: its own, and Latest's for a page that depends on it too (a release's). */
export const renderedPageCommit = (commit: string, latest?: string): string => (latest ? `${commit}+${latest}` : commit);

/** What the live commit is and which commit a ref names now, as the content service knows them. */
export interface CommitsNow {
  live: string;
  ref(name: string): string | undefined;
}

/** `target` is a path and query as URL serializes them (url.pathname + url.search). */
const keyOf = (build: string, origin: string, commit: string, target: string) => `${build}\n${origin}\n${commit}\n${target}`;

/** A page as kept: what another process needs to keep it too (http/front.ts). */
export interface KeptPage {
  commit: string;
  build: string;
  origin: string;
  /** Path and query as URL serializes them. */
  target: string;
  page: Omit<RenderedPage, "encoded">;
}

const keptListeners: Array<(kept: KeptPage) => void> = [];

/** Calls `listener` with every page kept from now on but previews (a ref's commit is known only here). */
export function onPageKept(listener: (kept: KeptPage) => void): void {
  keptListeners.push(listener);
}

export function keepRenderedPage(commit: string, build: string, origin: string, url: URL, page: Omit<RenderedPage, "encoded">): void {
  const where = place(url.pathname, url.search);
  if (!where) return;
  const target = url.pathname + url.search;
  where.cache.set(keyOf(build, origin, commit, target), { ...page, encoded: {} });
  if (where.ref === undefined) for (const listener of keptListeners) listener({ commit, build, origin, target, page });
}

/** The pages kept now, but previews: for a process that starts after they were kept (a new front). */
export function keptPages(): KeptPage[] {
  const kept: KeptPage[] = [];
  for (const cache of [livePages, pinnedPages]) {
    for (const [key, { headers, etag, body }] of cache.entries()) {
      const [build, origin, commit, target] = key.split("\n") as [string, string, string, string];
      if (!target.includes("?ref=") && !VERSION_PATH.test(target))
        kept.push({ commit, build, origin, target, page: { headers, etag, body } });
    }
  }
  return kept;
}

export interface FoundPage {
  /** The commit it was rendered from. */
  commit: string;
  headers: RenderedPage["headers"];
  etag: string;
  /** The body as is, or compressed with `coding` (once, then kept with the page and counted in its size). */
  body(coding?: Coding): Buffer;
}

/**
 * The rendered page for a request target (path and query as the client sent them), if there is
 * one: at `liveCommit`, or at the commit a canonical ?commit= names. Only a target already in
 * the form URL serializes it to can be found, as it is looked up without parsing; another spelling
 * of a kept page goes on to Remix, which answers it as before. A page is only ever kept after its
 * loader accepted the commit, so the lookup needs no Git.
 */
export function findRenderedPage(target: string, origin: string, build: string, now: CommitsNow): FoundPage | undefined {
  const query = target.indexOf("?");
  const where = query < 0 ? place(target, "") : place(target.slice(0, query), target.slice(query));
  const own = where && (where.ref === undefined ? (where.commit ?? now.live) : now.ref(where.ref));
  const commit = own && where.withLive ? renderedPageCommit(own, now.live) : own;
  const key = where && commit && keyOf(build, origin, commit, target);
  const page = key ? where.cache.get(key) : undefined;
  if (!key || !page) {
    counts.misses++;
    return undefined;
  }
  counts.hits++;
  return {
    commit: own!,
    headers: page.headers,
    etag: page.etag,
    body(coding) {
      if (!coding) return page.body;
      let body = page.encoded[coding];
      if (!body) {
        body = page.encoded[coding] = COMPRESS[coding](page.body);
        where.cache.set(key, page);
      }
      return body;
    },
  };
}

export interface RenderedPagesStats {
  live: { pages: number; bytes: number };
  pinned: { pages: number; bytes: number };
  /** Requests answered from memory, and requests that went on to Remix, since start. */
  hits: number;
  misses: number;
}

/** How full the caches are and how often they answer, for /api/status. */
export function renderedPagesStats(): RenderedPagesStats {
  return {
    live: { pages: livePages.size, bytes: livePages.calculatedSize },
    pinned: { pages: pinnedPages.size, bytes: pinnedPages.calculatedSize },
    ...counts,
  };
}
