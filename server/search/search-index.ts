import MiniSearch, { type SearchOptions } from "minisearch";
import { excerpt } from "./excerpt";
import type { Section } from "./sections";

export interface SearchResult {
  /** The page id, which is also its route. */
  id: string;
  /** The page URL with the section's anchor, without ?commit= (the caller adds it). */
  url: string;
  title: string;
  /** The h2/h3 heading the match sits under; empty for the page's introduction. */
  section: string;
  anchor: string;
  excerpt: string;
  /** [start, end) offsets into `excerpt` to highlight. */
  highlights: Array<[number, number]>;
}

const OPTIONS: SearchOptions = {
  boost: { pageTitle: 4, heading: 2 },
  // The last word is usually still being typed, so it matches as a prefix; typos are forgiven on
  // longer words only, where a one-letter slip cannot turn into a different common word.
  prefix: (_term, i, terms) => i === terms.length - 1,
  fuzzy: (term) => (term.length > 4 ? 0.2 : false),
};

/** An index as plain data, built in a worker thread and loaded on the request thread. */
export interface SerializedSearchIndex {
  index: string;
  sections: Section[];
}

const INDEX_OPTIONS = { idField: "key", fields: ["pageTitle", "heading", "text"], searchOptions: OPTIONS };

/** Full-text search over the sections of every page at one commit. */
export class SearchIndex {
  private constructor(
    private readonly index: MiniSearch<Section>,
    private readonly sections: ReadonlyMap<string, Section>,
    /** Approximate bytes held in memory. */
    readonly bytes: number,
  ) {}

  static build(sections: readonly Section[]): SearchIndex {
    const index = new MiniSearch<Section>(INDEX_OPTIONS);
    index.addAll(sections);
    const text = sections.reduce((sum, s) => sum + s.text.length + s.heading.length + s.key.length, 0);
    // MiniSearch's radix tree and postings take a few times the text they index.
    return new SearchIndex(index, new Map(sections.map((s) => [s.key, s])), text * 8);
  }

  static load({ index, sections }: SerializedSearchIndex): SearchIndex {
    const text = sections.reduce((sum, s) => sum + s.text.length + s.heading.length + s.key.length, 0);
    return new SearchIndex(MiniSearch.loadJSON<Section>(index, INDEX_OPTIONS), new Map(sections.map((s) => [s.key, s])), index.length * 3 + text * 2);
  }

  serialize(): SerializedSearchIndex {
    return { index: JSON.stringify(this.index), sections: [...this.sections.values()] };
  }


  get size(): number {
    return this.sections.size;
  }

  /** Sections holding every word first; when none does, sections holding any of them. */
  search(q: string, limit: number): SearchResult[] {
    let hits = this.index.search(q, { combineWith: "AND" });
    if (hits.length === 0) hits = this.index.search(q, { combineWith: "OR" });
    return hits.slice(0, limit).map((hit) => {
      const section = this.sections.get(hit.id as string)!;
      const { text, highlights } = excerpt(section.text || section.heading, [...hit.terms, ...hit.queryTerms]);
      return {
        id: section.pageId,
        url: `/${section.pageId}${section.anchor ? `#${section.anchor}` : ""}`,
        title: section.pageTitle,
        section: section.heading,
        anchor: section.anchor,
        excerpt: text,
        highlights,
      };
    });
  }
}
