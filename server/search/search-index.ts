import MiniSearch, { type SearchResult as MiniSearchHit } from "minisearch";
import { excerpt } from "./excerpt";
import { INDEX_OPTIONS, preferAllWordsInHeading, queryFor, SEARCH_OPTIONS } from "./ranking";
import type { Section } from "./sections";

/** One section of a page that matches, with the text around the match. */
export interface SectionHit {
  /** The h2/h3 heading the match sits under; empty for the page's introduction. */
  heading: string;
  anchor: string;
  /** The page URL with the section's anchor, without ?commit= (the caller adds it). */
  url: string;
  excerpt: string;
  /** [start, end) offsets into `excerpt` to highlight. */
  highlights: Array<[number, number]>;
}

/** A page that matches, with its best sections, best first. */
export interface PageHit {
  /** The page id, which is also its route. */
  id: string;
  /** The page URL, without ?commit=. */
  url: string;
  title: string;
  sections: SectionHit[];
}

export interface SearchResults {
  /** How many pages match; `results` holds the first `limit` of them. */
  total: number;
  results: PageHit[];
}

/** Sections shown under each page: enough to see where it talks about the words, few enough to scan. */
export const SECTIONS_PER_PAGE = 3;

/** An index as plain data, built in a worker process and loaded on the request thread. */
export interface SerializedSearchIndex {
  index: string;
  sections: Section[];
  /** Every indexed word: words outside it are taken as typos. */
  vocabulary: string[];
}

const textLength = (sections: readonly Section[]) => sections.reduce((sum, s) => sum + s.text.length + s.heading.length + s.key.length, 0);

/** Full-text search over the sections of every page at one commit, answered page by page. */
export class SearchIndex {
  private readonly sections: ReadonlyMap<string, Section>;
  private readonly words: ReadonlySet<string>;

  private constructor(
    private readonly index: MiniSearch<Section>,
    sections: readonly Section[],
    private readonly vocabulary: readonly string[],
    /** Approximate bytes held in memory. */
    readonly bytes: number,
  ) {
    this.sections = new Map(sections.map((s) => [s.key, s]));
    this.words = new Set(vocabulary);
  }

  static build(sections: readonly Section[]): SearchIndex {
    const index = new MiniSearch<Section>(INDEX_OPTIONS);
    index.addAll(sections);
    const vocabulary = index.toJSON().index.map(([term]) => term);
    // MiniSearch's radix tree and postings take a few times the text they index.
    return new SearchIndex(index, sections, vocabulary, textLength(sections) * 8);
  }

  static load({ index, sections, vocabulary }: SerializedSearchIndex): SearchIndex {
    // Weighed as measured: the bench's 2,857 sections took 16 MB of heap, 2.3 times the JSON and
    // texts they were loaded from as strings.
    return new SearchIndex(
      MiniSearch.loadJSON<Section>(index, INDEX_OPTIONS),
      sections,
      vocabulary,
      Math.ceil((index.length + textLength(sections)) * 2 * 2.3),
    );
  }

  serialize(): SerializedSearchIndex {
    return { index: JSON.stringify(this.index), sections: [...this.sections.values()], vocabulary: [...this.vocabulary] };
  }

  get size(): number {
    return this.sections.size;
  }

  /**
   * The pages whose sections hold every word (when none does, any of them), best first: a page
   * ranks by its best section, and brings its next best ones along.
   */
  search(q: string, limit: number): SearchResults {
    const query = queryFor(q, this.words);
    let hits = this.index.search(query, { ...SEARCH_OPTIONS, combineWith: "AND" });
    if (hits.length === 0) hits = this.index.search(query, { ...SEARCH_OPTIONS, combineWith: "OR" });
    hits = preferAllWordsInHeading(hits, query.queries.length);
    // Hits come best first, so each page's first hit is its best and pages stay in rank order.
    const byPage = new Map<string, MiniSearchHit[]>();
    for (const hit of hits) {
      const pageId = this.sections.get(hit.id as string)!.pageId;
      const pageHits = byPage.get(pageId);
      if (!pageHits) byPage.set(pageId, [hit]);
      else if (pageHits.length < SECTIONS_PER_PAGE) pageHits.push(hit);
    }
    const results = [...byPage.values()].slice(0, limit).map((pageHits): PageHit => {
      const page = this.sections.get(pageHits[0]!.id as string)!;
      return { id: page.pageId, url: `/${page.pageId}`, title: page.pageTitle, sections: pageHits.map((hit) => this.sectionHit(hit)) };
    });
    return { total: byPage.size, results };
  }

  private sectionHit(hit: MiniSearchHit): SectionHit {
    const section = this.sections.get(hit.id as string)!;
    const { text, highlights } = excerpt(section.text || section.heading, [...hit.terms, ...hit.queryTerms]);
    return {
      heading: section.heading,
      anchor: section.anchor,
      url: `/${section.pageId}${section.anchor ? `#${section.anchor}` : ""}`,
      excerpt: text,
      highlights,
    };
  }
}
