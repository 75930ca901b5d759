import MiniSearch, { type SearchResult as MiniSearchHit } from "minisearch";
import { excerpt, highlights } from "./excerpt";
import {
  fieldTerms,
  INDEX_OPTIONS,
  isStem,
  matchedText,
  namesItem,
  proximity,
  queryFor,
  rankScore,
  COVERAGE_POWER,
  SEARCH_OPTIONS,
  titleExactness,
  wordsFound,
  wordWeights,
} from "./ranking";
import { suggestions } from "./suggestions";
import type { Section } from "./sections";

/** One section of a page that matches, with the text around the match. */
export interface SectionHit {
  /** The h2/h3 heading the match sits under; empty for the page's introduction. */
  heading: string;
  /** [start, end) offsets into `heading` of the query's words. */
  headingHighlights: Array<[number, number]>;
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
  /** [start, end) offsets into `title` of the query's words. */
  titleHighlights: Array<[number, number]>;
  sections: SectionHit[];
}

export interface SearchResults {
  /** How many pages match; `results` holds the first `limit` of them. */
  total: number;
  results: PageHit[];
  /** When nothing matches: up to three queries that would, each unknown word replaced by the closest the site uses. */
  suggestions?: string[];
}

/** Sections shown under each page: enough to see where it talks about the words, few enough to scan. */
export const SECTIONS_PER_PAGE = 3;

/** An index as plain data, built in a worker process and loaded on the request thread. */
export interface SerializedSearchIndex {
  index: string;
  sections: Section[];
  /** Every indexed word: words outside it are taken as typos. */
  vocabulary: string[];
  /** How many sections hold each word of `vocabulary`, in its order. */
  sectionCounts: number[];
}

const textLength = (sections: readonly Section[]) =>
  sections.reduce((sum, s) => sum + s.text.length + s.heading.length + s.description.length + s.key.length, 0);

/** Full-text search over the sections of every page at one commit, answered page by page. */
export class SearchIndex {
  private readonly sections: ReadonlyMap<string, Section>;
  private readonly words: ReadonlySet<string>;
  /** How much a word tells sections apart (inverse document frequency). */
  private readonly rarity: (word: string) => number;
  /** Each page's description, which counts for all of its sections (only its introduction holds it). */
  private readonly descriptions: ReadonlyMap<string, string>;
  /**
   * The words of each page's route, which name it as its title does. A generated page's last
   * segment is its title again; the segments before it name its API and kind ("graphql", "objects").
   */
  private readonly routes: ReadonlyMap<string, Set<string>>;

  private constructor(
    private readonly index: MiniSearch<Section>,
    sections: readonly Section[],
    private readonly vocabulary: readonly string[],
    private readonly sectionCounts: readonly number[],
    /** Approximate bytes held in memory. */
    readonly bytes: number,
  ) {
    this.sections = new Map(sections.map((s) => [s.key, s]));
    this.words = new Set(vocabulary);
    const counts = new Map(vocabulary.map((word, i) => [word, sectionCounts[i]!]));
    this.rarity = (word) => Math.log(1 + sections.length / (counts.get(word) ?? 1));
    this.descriptions = new Map(sections.filter((s) => s.key === s.pageId).map((s) => [s.pageId, s.description]));
    // One entry per page (its introduction's key is the page id), not one per section.
    this.routes = new Map(
      sections
        .filter((s) => s.key === s.pageId)
        .map((s) => [s.pageId, fieldTerms((s.reference ? s.pageId.replace(/\/[^/]*$/, "") : s.pageId).replace(/[/-]/g, " "))]),
    );
  }

  static build(sections: readonly Section[]): SearchIndex {
    const index = new MiniSearch<Section>(INDEX_OPTIONS);
    index.addAll(sections);
    const words = index.toJSON().index.filter(([term]) => !isStem(term));
    const sectionCounts = words.map(([, fields]) => new Set(Object.values(fields).flatMap((postings) => Object.keys(postings))).size);
    // MiniSearch's radix tree and postings take a few times the text they index.
    return new SearchIndex(
      index,
      sections,
      words.map(([term]) => term),
      sectionCounts,
      textLength(sections) * 8,
    );
  }

  static load({ index, sections, vocabulary, sectionCounts }: SerializedSearchIndex): SearchIndex {
    // Weighed as measured: the bench's 2,857 sections took 16 MB of heap, 2.3 times the JSON and
    // texts they were loaded from as strings.
    return new SearchIndex(
      MiniSearch.loadJSON<Section>(index, INDEX_OPTIONS),
      sections,
      vocabulary,
      sectionCounts,
      Math.ceil((index.length + textLength(sections)) * 2 * 2.3),
    );
  }

  serialize(): SerializedSearchIndex {
    return {
      index: JSON.stringify(this.index),
      sections: [...this.sections.values()],
      vocabulary: [...this.vocabulary],
      sectionCounts: [...this.sectionCounts],
    };
  }

  get size(): number {
    return this.sections.size;
  }

  /**
   * The pages whose sections hold the query's words, best first: every word is optional, and a
   * section ranks by its BM25 score (title ≫ heading ≫ text), how much of the query it covers, where
   * (heading, title or route), how close together, and which kind of page it is on (rankScore). A page
   * ranks by its best section, and brings its next best ones along. When nothing matches,
   * `suggestions` holds up to three queries with each unknown word replaced by the closest words
   * the site uses.
   */
  search(q: string, limit: number): SearchResults {
    const { query, words } = queryFor(q, this.words);
    const hits = this.index.search(query, SEARCH_OPTIONS);
    if (hits.length === 0) return { total: 0, results: [], suggestions: suggestions(q, this.words, this.vocabulary) };
    // A query of one word: every hit holds it, so there is nothing to count.
    const found = words.length > 1 ? hits.map((hit) => wordsFound(hit, words)) : hits.map(() => [true]);
    const weights = wordWeights(found, words.length, this.sections.size);
    const total = weights.reduce((a, b) => a + b, 0) || 1;
    const share = (has: (w: number) => boolean) => weights.reduce((sum, weight, w) => sum + (has(w) ? weight : 0), 0) / total;
    // A word of the page's route counts as found: the route names the page as its title does.
    // Worked out once per page, not per hit: thousands of hits share a few hundred pages.
    const routeFinds = new Map<string, boolean[]>();
    const inRoute = (pageId: string): boolean[] => {
      let found = routeFinds.get(pageId);
      if (!found) {
        const route = this.routes.get(pageId)!;
        found = words.map((word) => word.alternatives.some((terms) => terms.every((t) => route.has(t))));
        routeFinds.set(pageId, found);
      }
      return found;
    };
    // The costlier factors (headings, proximity) only for the hits that can still reach the top.
    const scored = hits
      .map((hit, i) => {
        const route = words.length > 1 ? inRoute(this.sections.get(hit.id as string)!.pageId) : [];
        const coverage = words.length > 1 ? share((w) => found[i]![w]! || route[w]!) : 1;
        return { hit, found: found[i]!, coverage, score: hit.score * coverage ** COVERAGE_POWER };
      })
      .sort((a, b) => b.score - a.score);
    const claimed = new Set(words.flatMap((word) => word.alternatives.flat()));
    const ranked = scored.slice(0, RERANKED).map((h) => {
      const section = this.sections.get(h.hit.id as string)!;
      const title = fieldTerms(section.pageTitle);
      const heading = fieldTerms(section.heading);
      const description = fieldTerms(this.descriptions.get(section.pageId)!);
      const inField = (field: Set<string>) => {
        const inexact = h.hit.terms.some((t) => !claimed.has(t) && field.has(t));
        return (w: number) =>
          h.found[w]! &&
          (words[w]!.alternatives.some((terms) => terms.every((t) => field.has(t))) ||
            // A longer word a finished word is the start of ("splitcoins", "SplitCoinsTransaction") is not that word.
            (words[w]!.inexact && inexact && !this.words.has(words[w]!.text)));
      };
      return {
        ...h,
        score: rankScore(h.hit.score, {
          coverage: h.coverage,
          titleCoverage: share(inField(title)),
          headingCoverage: share(inField(heading)),
          titleExactness: titleExactness(section.pageTitle, h.hit.terms, this.rarity),
          descriptionCoverage: share(inField(description)),
          proximity: proximity(`${section.heading} ${section.description} ${section.text}`, words, h.found),
          routeCoverage: share((w) => inRoute(section.pageId)[w]!),
          unnamedReference: Boolean(section.reference) && !namesItem(q, section.pageTitle, section.pageId),
          spelledAsTitle: q === section.pageTitle,
        }),
      };
    });
    ranked.sort((a, b) => b.score - a.score);
    // Hits come best first, so each page's first hit is its best. A page ranks by its best section
    // and, a little, by its next ones: a page about the words throughout beats one that has a
    // section on them.
    const byPage = new Map<string, { hits: MiniSearchHit[]; score: number }>();
    for (const { hit, score } of [...ranked, ...scored.slice(RERANKED)]) {
      const pageId = this.sections.get(hit.id as string)!.pageId;
      const page = byPage.get(pageId);
      if (!page) byPage.set(pageId, { hits: [hit], score });
      else if (page.hits.length < SECTIONS_PER_PAGE) {
        page.hits.push(hit);
        page.score += score * NEXT_SECTIONS_SHARE;
      }
    }
    const shown = [...byPage.values()]
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((page) => page.hits);
    // One set of words to mark for all results: compiling a pattern costs more than matching it.
    const { terms, stems } = markedTerms(shown.flat());
    const results = shown.map((pageHits): PageHit => {
      const page = this.sections.get(pageHits[0]!.id as string)!;
      return {
        id: page.pageId,
        url: `/${page.pageId}`,
        title: page.pageTitle,
        titleHighlights: highlights(page.pageTitle, terms, stems),
        sections: pageHits.map((hit) => this.sectionHit(hit, terms, stems)),
      };
    });
    return { total: byPage.size, results };
  }

  private sectionHit(hit: MiniSearchHit, terms: readonly string[], stems: readonly string[]): SectionHit {
    const section = this.sections.get(hit.id as string)!;
    // An introduction without text of its own (the page starts at a heading) shows what its description says.
    const { text, highlights: marks } = excerpt(section.text || section.description || section.heading, terms, undefined, stems);
    return {
      heading: section.heading,
      headingHighlights: highlights(section.heading, terms, stems),
      anchor: section.anchor,
      url: `/${section.pageId}${section.anchor ? `#${section.anchor}` : ""}`,
      excerpt: text,
      highlights: marks,
    };
  }
}

/** What a page's next best sections add to its best one's score, each as a share of its own. */
const NEXT_SECTIONS_SHARE = 0.25;

/** Sections scored in full (headings, proximity, kind of page); past them, coverage alone orders the rest. */
const RERANKED = 30;

/** The words to mark in the hits' texts: those they matched, and the stems (marked with the rest of their word). */
function markedTerms(hits: readonly MiniSearchHit[]): { terms: string[]; stems: string[] } {
  const all = [...new Set(hits.flatMap((hit) => [...hit.terms, ...hit.queryTerms]))].sort();
  return { terms: all.filter((t) => !isStem(t)), stems: all.filter(isStem).map(matchedText) };
}
