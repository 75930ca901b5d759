/** Full-text search, built from the content at a commit and cached per commit. */
import { LRUCache } from "lru-cache";
import type { ContentEngine, Snapshot } from "../engine";
import { concurrencyLimit, singleFlight } from "../single-flight";
import { pageSections } from "./sections";
import { SearchIndex, type SearchResult } from "./search-index";
import type { SearchRequest } from "./query";

export { parseSearchRequest, MAX_QUERY_LENGTH, type SearchRequest } from "./query";
export type { SearchResult } from "./search-index";

export class SearchService {
  // A few commits at once: the live one, the one before a push, and a pinned one or two.
  private readonly indexes = new LRUCache<string, SearchIndex>({ max: 4 });
  private readonly buildOnce = singleFlight<SearchIndex>();
  // Builds are CPU-bound; readers asking for many pinned commits at once queue instead of starving pages.
  private readonly buildSlot = concurrencyLimit(1);

  constructor(private readonly engine: ContentEngine) {}

  async index(snapshot: Snapshot): Promise<SearchIndex> {
    const oid = snapshot.commit.oid;
    const cached = this.indexes.get(oid);
    if (cached) return cached;
    return this.buildOnce(oid, () => this.buildSlot(async () => {
      const pages = [...snapshot.catalogue.pages.values()];
      const sections = await Promise.all(
        pages.map(async (page) => pageSections(page.id, page.title, await this.engine.source(snapshot, page))),
      );
      const index = SearchIndex.build(sections.flat());
      this.indexes.set(oid, index);
      return index;
    }));
  }

  async search(snapshot: Snapshot, { q, limit }: SearchRequest): Promise<SearchResult[]> {
    return (await this.index(snapshot)).search(q, limit);
  }
}
