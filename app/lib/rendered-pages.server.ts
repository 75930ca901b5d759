import { brotliCompressSync, constants, deflateSync, gzipSync } from "node:zlib";
import { LRUCache } from "lru-cache";
import { content } from "~/content.server";
import { commitParam } from "./http.server";

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
 * Room for the whole live catalogue (about 40 MB of HTML) and as much again for pinned commits:
 * a cache smaller than the pages read in rotation misses on every request (LRU's worst case).
 */
const MAX_BYTES = 128 * 1024 * 1024;

const sizeOf = (page: RenderedPage) => page.body.length + Object.values(page.encoded).reduce((sum, b) => sum + b.length, 0) + 1024;
const pages = new LRUCache<string, RenderedPage>({ maxSize: MAX_BYTES, sizeCalculation: sizeOf });

/** The levels compression() uses, so a replayed page is encoded as a streamed one would be. */
const COMPRESS: Record<Coding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
};

/**
 * A page's HTML depends only on the commit it is read at, its URL and the app build, so that
 * triple is the key: a push moves the live commit and with it every live key, so nothing is ever
 * stale and nothing needs invalidating. URLs with query parameters other than `commit` are not
 * kept, so arbitrary queries cannot flush the cache.
 */
function keyOf(commit: string, build: string, url: URL): string | undefined {
  for (const name of url.searchParams.keys()) if (name !== "commit") return undefined;
  return `${build}\n${commit}\n${url.pathname}${url.search}`;
}

export function keepRenderedPage(commit: string, build: string, url: URL, page: Omit<RenderedPage, "encoded">): void {
  const key = keyOf(commit, build, url);
  if (key) pages.set(key, { ...page, encoded: {} });
}

export interface FoundPage {
  headers: RenderedPage["headers"];
  etag: string;
  /** The body as is, or compressed with `coding` (once, then kept with the page and counted in its size). */
  body(coding?: Coding): Buffer;
}

/**
 * The rendered page for a request, if there is one: at the live commit, or at `?commit=` resolved
 * the way the page loader resolves it. Bad or unknown commits find nothing, so Remix answers them.
 */
export async function findRenderedPage(url: URL, build: string): Promise<FoundPage | undefined> {
  let commit: string;
  try {
    const pinned = commitParam(url);
    commit = pinned === null ? content.live.snapshot.commit.oid : (await content.snapshotAt(pinned)).commit.oid;
  } catch {
    return undefined;
  }
  const key = keyOf(commit, build, url);
  const page = key ? pages.get(key) : undefined;
  if (!key || !page) return undefined;
  return {
    headers: page.headers,
    etag: page.etag,
    body(coding) {
      if (!coding) return page.body;
      let body = page.encoded[coding];
      if (!body) {
        body = page.encoded[coding] = COMPRESS[coding](page.body);
        pages.set(key, page);
      }
      return body;
    },
  };
}
