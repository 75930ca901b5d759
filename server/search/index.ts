/** Full-text search, built from the content at a commit and cached per commit. */
import { Cache } from "../cache";
import type { ContentEngine, Snapshot } from "../engine";
import { SearchIndex, type SearchResult } from "./search-index";
import type { SearchRequest } from "./query";

export { parseSearchRequest, MAX_QUERY_LENGTH, type SearchRequest } from "./query";
export type { SearchResult } from "./search-index";

/** Time limit of building one commit's index in a worker, ms. */
const BUILD_TIMEOUT_MS = 60_000;

export class SearchService {
  // A few commits at once: the live one, the one before a push, and a pinned one or two (about 6 MB each).
  private readonly indexes = new Cache<SearchIndex>({ maxBytes: 32 * 1024 * 1024, sizeOf: (index) => index.bytes });

  constructor(private readonly engine: ContentEngine) {}

  /** The commit's index; built in a worker thread, so requests keep being answered meanwhile. */
  index(snapshot: Snapshot): Promise<SearchIndex> {
    return this.indexes.get(snapshot.commit.oid, async () => {
      const pages = await Promise.all(
        [...snapshot.catalogue.pages.values()].map(async (page) => ({ id: page.id, title: page.title, source: await this.engine.source(snapshot, page) })),
      );
      return SearchIndex.load(await this.engine.workers.run("searchIndex", { pages }, BUILD_TIMEOUT_MS));
    });
  }

  async search(snapshot: Snapshot, { q, limit }: SearchRequest): Promise<SearchResult[]> {
    return (await this.index(snapshot)).search(q, limit);
  }
}
