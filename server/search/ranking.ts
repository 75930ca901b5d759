/**
 * How words are matched and results ranked: the MiniSearch settings for indexing and querying.
 * Kept apart from the index so the rules can be read (and tested) in one place.
 */
import MiniSearch, { type Options, type QueryCombination, type SearchOptions, type SearchResult } from "minisearch";
import type { Section } from "./sections";

/**
 * Words that occur in nearly every section: matching them tells sections apart no better than
 * chance and costs the most time (thousands of postings each). They are left out of the index and
 * of queries. Short on purpose: words that mean something in code (`as`, `use`, `public`) stay.
 */
const STOP_WORDS = new Set(
  [
    "a",
    "an",
    "and",
    "are",
    "at",
    "be",
    "by",
    "can",
    "do",
    "does",
    "for",
    "from",
    "how",
    "i",
    "in",
    "is",
    "it",
    "its",
    "of",
    "on",
    "or",
  ].concat(["that", "the", "this", "to", "we", "what", "when", "where", "which", "why", "will", "with", "you", "your"]),
);

/** A prefix shorter than this matches too many words to mean anything ("a" would match a tenth of the index). */
const MIN_PREFIX_LENGTH = 2;

/**
 * Field weights: a word in the page title says more about a section than the same word in its
 * heading, and a heading more than the body. Every section carries its page's title, so a title
 * match lifts all of that page's sections and the best of them wins.
 */
const BOOST = { pageTitle: 5, heading: 2.5, text: 1 } as const;

/**
 * Scores of inexact matches relative to exact ones (1). Typo matches are only sought for words the
 * index lacks, so they rarely compete with exact matches of the same word; they must not weigh so
 * little that the other, correctly typed words of the query decide alone. A prefix still beats a
 * word one typo away ("valida" means "validator" more than "valid"). MiniSearch lowers both further
 * as the distance grows.
 */
const WEIGHTS = { prefix: 0.6, fuzzy: 0.5 } as const;

export const FIELDS = Object.keys(BOOST) as Array<keyof typeof BOOST>;

/** Lower case and no stop words; the same for indexed text and queries. */
export function normalizeTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower && !STOP_WORDS.has(lower) ? lower : null;
}

/**
 * Edits (Levenshtein) a query word may be away from an indexed word: none for words the index
 * holds (a reader who typed "form" did not mean "from"), nor for words under four letters, where
 * one edit reaches too many others; one up to seven letters, two from eight.
 */
export function typoDistance(term: string, vocabulary: ReadonlySet<string>): number {
  if (vocabulary.has(term) || term.length < 4) return 0;
  return term.length < 8 ? 1 : 2;
}

/**
 * Indexed words that are the query word with two neighbouring letters swapped, the commonest typo
 * ("kisok"). Levenshtein counts a swap as two edits, which on a short word would also reach
 * unrelated words ("risk"), so swaps are looked up on their own, as one edit.
 */
export function swappedLetters(term: string, vocabulary: ReadonlySet<string>): string[] {
  if (vocabulary.has(term) || term.length < 4) return [];
  const found = new Set<string>();
  for (let i = 0; i < term.length - 1; i++) {
    const swapped = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);
    if (vocabulary.has(swapped)) found.add(swapped);
  }
  return [...found];
}

/** Options for indexing sections: one document per section, keyed by `<page>#<anchor>`. */
export const INDEX_OPTIONS: Options<Section> = { idField: "key", fields: FIELDS, processTerm: normalizeTerm };

/** Options every query runs with; `combineWith` says whether a section needs every word or any. */
export const SEARCH_OPTIONS: SearchOptions = { boost: BOOST, weights: WEIGHTS };

const tokenize: (text: string) => string[] = MiniSearch.getDefault("tokenize");

/**
 * The query for what a reader typed: each word matches as typed, within typoDistance, and as any
 * swappedLetters variant (scored as a one-edit typo); the last word also as a prefix, as it is
 * usually still being typed.
 */
export function queryFor(q: string, vocabulary: ReadonlySet<string>): QueryCombination {
  const terms = tokenize(q).flatMap((token) => normalizeTerm(token) ?? []);
  return {
    queries: terms.map((term, i): QueryCombination => {
      const asTyped = {
        queries: [term],
        prefix: i === terms.length - 1 && term.length >= MIN_PREFIX_LENGTH,
        fuzzy: typoDistance(term, vocabulary) || false,
      };
      const swaps = swappedLetters(term, vocabulary);
      if (swaps.length === 0) return asTyped;
      const oneEdit = (WEIGHTS.fuzzy * term.length) / (term.length + 1);
      return {
        combineWith: "OR",
        queries: [asTyped, { combineWith: "OR", queries: swaps, prefix: false, fuzzy: false, boostTerm: () => oneEdit }],
      };
    }),
  };
}

/** How much more a section counts when its heading or page title holds every word of the query. */
const ALL_WORDS_IN_HEADING = 3;

/**
 * Re-ranks hits of a query of several words: a section whose heading (or page title) holds all of
 * them is what the reader named ("transfer policy" and the heading "Create a transfer policy"),
 * more than a page whose title holds one of them and whose body holds the other. MiniSearch
 * scores each word on its own, so this is done here.
 */
export function preferAllWordsInHeading(hits: SearchResult[], words: number): SearchResult[] {
  if (words < 2) return hits;
  const inOneField = (hit: SearchResult) =>
    ["heading", "pageTitle"].some((field) => Object.values(hit.match).filter((fields) => fields.includes(field)).length >= words);
  return hits.map((hit) => (inOneField(hit) ? { ...hit, score: hit.score * ALL_WORDS_IN_HEADING } : hit)).sort((a, b) => b.score - a.score);
}
