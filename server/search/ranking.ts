/**
 * How words are matched and results ranked: the MiniSearch settings for indexing and querying, and
 * the scoring MiniSearch cannot do by itself (how many of the query's words a section covers,
 * where they are, which kind of page holds them). Kept apart from the index so the rules can be
 * read (and tested) in one place.
 */
import MiniSearch, { type Options, type Query, type QueryCombination, type SearchOptions, type SearchResult } from "minisearch";
import type { Section } from "./sections";
import { stem } from "./stemmer";
import { SYNONYM_GROUPS } from "./synonyms";

/**
 * English function words: they tell sections apart no better than chance and cost the most time
 * (thousands of postings each), and a question ("how do I … on my …") is mostly made of them.
 * They are left out of the index and of queries. Words that mean something in code or on the
 * command line (`as`, `use`, `public`, `new`, `all`, `not`, `up`, `get`) stay.
 */
const STOP_WORDS = new Set(
  (
    "a about above after again am an and any are at be because been before being below between both but by can could did do does doing " +
    "during each few for from further had has have having he her here hers him his how i if in into is it its itself just me more most " +
    "my myself nor of on once only or other our ours ourselves over own same she should so some such than that the their theirs them " +
    "then there these they this those through to too until very was we were what when where which while who whom why will with would " +
    "you your yours yourself yourselves " +
    // Words that set two things side by side ("shared versus owned", "X instead of Y"): the things are the topic.
    "instead versus vs"
  ).split(" "),
);

/** A prefix shorter than this matches too many words to mean anything ("a" would match a tenth of the index). */
const MIN_PREFIX_LENGTH = 2;

/**
 * Field weights (BM25 per field): a word in the page title says more about a section than the same
 * word in its heading, and a heading more than the body. Every section carries its page's title,
 * so a title match lifts all of that page's sections and the best of them wins. The page's
 * description, in its introduction, says in a sentence what the page teaches: less than its
 * title, more than a word of its text.
 */
const BOOST = { pageTitle: 6, description: 2, heading: 3, text: 1 } as const;

/**
 * Scores of inexact matches relative to exact ones (1). Typo matches are only sought for words the
 * index lacks, so they rarely compete with exact matches of the same word; they must not weigh so
 * little that the other, correctly typed words of the query decide alone. A prefix still beats a
 * word one typo away ("valida" means "validator" more than "valid"). MiniSearch lowers both further
 * as the distance grows.
 */
const WEIGHTS = { prefix: 0.6, fuzzy: 0.5 } as const;

/** Another form of the same word ("upgrading" for "upgrade"): nearly as good as the word typed. */
const STEM_WEIGHT = 0.4;
/** A synonym from SYNONYM_GROUPS: the reader's meaning, not the reader's word. */
const SYNONYM_WEIGHT = 0.4;

export const FIELDS = Object.keys(BOOST) as Array<keyof typeof BOOST>;

/**
 * Stems are indexed beside the words, marked so they never meet a word: a word typed as the page
 * spells it still beats another form of it, and typo and prefix matching stay on real words.
 */
const STEM_MARK = "~";
const stemTerm = (word: string) => STEM_MARK + stem(word);

/** Lower case and no stop words: a word as indexed and as queried. */
export function normalizeTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return lower && !STOP_WORDS.has(lower) ? lower : null;
}

/** What the index holds for one token: the word, and its stem when that differs. */
export function indexTerms(term: string): string[] | null {
  const word = normalizeTerm(term);
  if (!word) return null;
  const stemmed = stemTerm(word);
  return stemmed === STEM_MARK + word ? [word] : [word, stemmed];
}

/** Whether an indexed term is a stem, not a word (stems are not typos' targets nor suggestions). */
export const isStem = (term: string) => term.startsWith(STEM_MARK);

/** The word a matched term stands for in the text: a stem is the start of the words it was made from. */
export const matchedText = (term: string) => (isStem(term) ? term.slice(STEM_MARK.length) : term);

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
export const INDEX_OPTIONS: Options<Section> = { idField: "key", fields: FIELDS, processTerm: indexTerms };

/** Options every query runs with: every word is optional (rerank rewards covering them), and query terms come processed already. */
export const SEARCH_OPTIONS: SearchOptions = { boost: BOOST, weights: WEIGHTS, combineWith: "OR", processTerm: (term) => term };

const tokenize: (text: string) => string[] = MiniSearch.getDefault("tokenize");

/**
 * "On chain" where a reader says where something happens ("upgrade my package on chain"): on a
 * blockchain's docs site that is everywhere, and "chain" would find what is about chains ("how
 * upgrades are chained"). A query that is nothing else keeps it.
 */
function withoutOnChain(tokens: string[]): string[] {
  const kept = tokens.filter((t, i) => !/^on-?chain$/i.test(t) && !(/^chain$/i.test(t) && tokens[i - 1]?.toLowerCase() === "on"));
  return kept.some((t) => normalizeTerm(t)) ? kept : tokens;
}

/** The query's words, normalized; stop words dropped. */
export const queryWords = (q: string) => withoutOnChain(tokenize(q)).flatMap((token) => normalizeTerm(token) ?? []);

/** One word of the query (or a phrase of it found in SYNONYM_GROUPS), with the terms that count as finding it. */
export interface QueryWord {
  /** As typed (normalized): what typo and prefix matching start from, and what suggestions replace. */
  text: string;
  /** Each way of finding the word: all of an alternative's terms must match. */
  alternatives: string[][];
  /** Whether it may also match words the query does not list (typos, or a prefix). */
  inexact: boolean;
}

/** Each synonym phrase as its words, and the groups it belongs to. */
const SYNONYMS: Array<{ words: string[]; group: string[][] }> = SYNONYM_GROUPS.flatMap((group) => {
  const phrases = group.map((phrase) => queryWords(phrase));
  return phrases.map((words) => ({ words, group: phrases.filter((other) => other !== words) }));
});

/**
 * The terms that find other forms of a word: its stem as indexed beside words that differ from
 * it ("~coin" for "coins"), and the stem as a word of its own ("coin" itself is indexed only as
 * "coin").
 */
function stemForms(word: string): string[] {
  const stemmed = stem(word);
  return [...new Set([STEM_MARK + stemmed, stemmed])].filter((t) => t !== word);
}

/**
 * Every way the index holds a phrase's words in any of their forms, each as the terms that must all
 * match. A word that differs from its stem is found in every form by its marked stem ("~transact");
 * a word that is its own stem is indexed only as itself, so its other forms ("blocks" for "block")
 * need the marked stem beside it: "block" and "~block" are two ways.
 */
export function stemAlternatives(words: readonly string[]): string[][] {
  return words.reduce<string[][]>(
    (ways, w) => {
      const forms = stem(w) === w ? [w, STEM_MARK + w] : [STEM_MARK + stem(w)];
      return ways.flatMap((way) => forms.map((form) => [...way, form]));
    },
    [[]],
  );
}

/**
 * The site's one word for two the reader typed apart ("groth 16" for "groth16"): when the site
 * uses the joined word, and not both halves as words of their own. Two words the site uses apart
 * ("merge coins", though `mergeCoins` is a code name too) are the reader's two words, and keep
 * their other forms and synonyms; the pair as typed still counts as much as the joined word.
 */
export function joinedWord(first: string, second: string | undefined, vocabulary: ReadonlySet<string>): string | undefined {
  if (second === undefined) return undefined;
  const joined = first + second;
  return vocabulary.has(joined) && !(vocabulary.has(first) && vocabulary.has(second)) ? joined : undefined;
}

/**
 * The query for what a reader typed, and its words. Each word matches as typed, as its stem
 * (another form of it), within typoDistance and as any swappedLetters variant (scored as a one-edit
 * typo), and through SYNONYM_GROUPS; the last word also as a prefix, as it is usually still being
 * typed. A phrase of SYNONYM_GROUPS ("programmable transaction block") counts as one word, and so
 * does a pair the site writes as one word (joinedWord).
 */
export function queryFor(q: string, vocabulary: ReadonlySet<string>): { query: QueryCombination; words: QueryWord[] } {
  const terms = queryWords(q);
  const words: QueryWord[] = [];
  const queries: Query[] = [];
  for (let i = 0; i < terms.length; i++) {
    const joined = joinedWord(terms[i]!, terms[i + 1], vocabulary);
    if (joined) {
      // Either way of writing it is the reader's: the site's one word, or the two as typed.
      const typed = [terms[i]!, terms[i + 1]!];
      words.push({ text: typed.join(" "), alternatives: [[joined], typed], inexact: false });
      queries.push({ combineWith: "OR", queries: [joined, { combineWith: "AND", queries: typed }] });
      i++;
      continue;
    }
    // The longest synonym phrase starting here, compared by stems ("listening" is "listen").
    const phrase = SYNONYMS.filter(
      (s) => s.words.length > 0 && s.words.every((w, j) => terms[i + j] !== undefined && stem(terms[i + j]!) === stem(w)),
    ).sort((a, b) => b.words.length - a.words.length)[0];
    if (phrase && phrase.words.length > 1) {
      const typed = terms.slice(i, i + phrase.words.length);
      const key = (terms: string[]) => terms.join(" ");
      const weighed = new Map<string, { terms: string[]; weight: number }>();
      const add = (terms: string[], weight: number) => void (weighed.has(key(terms)) || weighed.set(key(terms), { terms, weight }));
      add(typed, 1);
      for (const terms of stemAlternatives(typed)) add(terms, STEM_WEIGHT);
      for (const terms of phrase.group.flatMap(stemAlternatives)) add(terms, SYNONYM_WEIGHT);
      words.push({ text: typed.join(" "), alternatives: [...weighed.values()].map((a) => a.terms), inexact: false });
      queries.push({
        combineWith: "OR",
        queries: [...weighed.values()].map(({ terms, weight }) => ({
          combineWith: "AND" as const,
          queries: terms,
          boostTerm: () => weight,
        })),
      });
      i += phrase.words.length - 1;
      continue;
    }
    const term = terms[i]!;
    const last = i === terms.length - 1;
    const fuzzy = typoDistance(term, vocabulary) || false;
    const swaps = swappedLetters(term, vocabulary);
    const forms = stemForms(term);
    const synonyms = (phrase?.group ?? []).flatMap(stemAlternatives);
    const alternatives = [[term], ...forms.map((f) => [f]), ...swaps.map((s) => [s]), ...synonyms];
    const prefix = last && term.length >= MIN_PREFIX_LENGTH;
    words.push({ text: term, alternatives, inexact: prefix || fuzzy !== false });
    const oneEdit = (WEIGHTS.fuzzy * term.length) / (term.length + 1);
    queries.push({
      combineWith: "OR",
      queries: [
        { queries: [term], prefix, fuzzy },
        ...(forms.length ? [{ queries: forms, boostTerm: () => STEM_WEIGHT }] : []),
        ...(swaps.length ? [{ queries: swaps, boostTerm: () => oneEdit }] : []),
        ...synonyms.map((terms) => ({ combineWith: "AND" as const, queries: terms, boostTerm: () => SYNONYM_WEIGHT })),
      ],
    });
  }
  return { query: { combineWith: "OR", queries }, words };
}

/** Which of the query's words a hit found: a word is found when all terms of one of its alternatives matched. */
export function wordsFound(hit: SearchResult, words: readonly QueryWord[]): boolean[] {
  const matched = new Set(hit.queryTerms);
  return words.map((word) => word.alternatives.some((terms) => terms.every((t) => matched.has(t))));
}

/**
 * How much the query's words count, from how many sections hold them (inverse document frequency):
 * "sui", in nearly every section, counts for little, "faucet" for much. A word no section holds
 * counts for nothing: a reader's word the site never uses ("macos") must not sink every page.
 */
export function wordWeights(found: readonly boolean[][], words: number, sections: number): number[] {
  return Array.from({ length: words }, (_, w) => {
    const df = found.reduce((n, f) => n + (f[w] ? 1 : 0), 0);
    return df ? Math.log(1 + sections / df) : 0;
  });
}

/** What decides a section's rank beside MiniSearch's BM25 score. */
export interface RankFactors {
  /** Share of the query's weight its words found anywhere in the section (title, heading or text). */
  coverage: number;
  /** Share of the query's weight found in its page's title. */
  titleCoverage: number;
  /** Share of the query's weight found in its heading. */
  headingCoverage: number;
  /** Share of its page title's weight (rare words weighing most) that the query matched. */
  titleExactness: number;
  /** Share of the query's weight found in its page's description. */
  descriptionCoverage: number;
  /** Whether the query's words stand together in the text (a phrase), as a share of the pairs. */
  proximity: number;
  /** Share of the query's weight found in its page's route (`concepts/…/packages/upgrade`). */
  routeCoverage: number;
  /** A generated reference page (GraphQL types, JSON-RPC methods) the query does not name. */
  unnamedReference: boolean;
  /** The query is its page's title as spelled, case included (`CoinMetadata`, not `coinMetadata`). */
  spelledAsTitle: boolean;
}

/** Coverage is raised to this power: a section holding half of the query's weight keeps an eighth of its score. */
export const COVERAGE_POWER = 3;
/** A page title holding the whole query multiplies the score by 1 + this; a heading, by 1 + HEADING_BONUS. */
const TITLE_BONUS = 2.5;
const HEADING_BONUS = 3;
/**
 * A title that is all query (its rare words all matched) multiplies the score by 1 + this: of
 * pages whose titles hold the query alike, the one about nothing else ("Gas in Sui" for "gas",
 * not "Gas Pricing"; "Epochs" for "epoch change", not "Validator Tasks"). Raised to the fourth
 * power: a title half about something else ("Token Policy" for "transfer policy") gains next to nothing.
 */
const EXACT_BONUS = 1;
/**
 * A page description holding the whole query multiplies the score of each of its page's sections
 * by 1 + this: authors say there what the page is for ("Stake SUI with a validator…"), while a
 * page that only touches the words has them in a heading or its text.
 */
const DESCRIPTION_BONUS = 3;
/** All of the query's words side by side multiply the score by 1 + this. */
const PROXIMITY_BONUS = 0.5;
/**
 * A route holding the whole query multiplies the score by 1 + this. Child pages repeat their
 * parent's route and add their own topic to it, so among pages whose titles match alike, the one
 * whose route holds more of the query ("packages/upgrade" for "upgrade a package", not "packages")
 * is the more specific answer.
 */
const ROUTE_BONUS = 1;
/** A query spelled exactly as a title (case included) multiplies the score by 1 + this: of `CoinMetadata` and `coinMetadata`, the one typed. */
const SPELLING_BONUS = 0.5;
/**
 * Generated reference pages mention every word of their domain ("epoch", "checkpoint", "coin") in
 * type and field names, so they would outrank the guide or concept that explains it; readers who
 * want them type the item's name, which waives this. It outweighs a title match: an SDK call
 * (`splitCoins`) is also the start of generated items' short titles (`unsafe_splitCoin`,
 * `SplitCoinsTransaction`), while the guides that teach it hold it in their text.
 */
const REFERENCE_PRIOR = 0.15;

export function rankScore(score: number, f: RankFactors): number {
  return (
    score *
    f.coverage ** COVERAGE_POWER *
    (1 + TITLE_BONUS * f.titleCoverage ** 2) *
    (1 + EXACT_BONUS * f.titleExactness ** 4) *
    (1 + HEADING_BONUS * f.headingCoverage ** 2) *
    (1 + DESCRIPTION_BONUS * f.descriptionCoverage ** 2) *
    (1 + PROXIMITY_BONUS * f.proximity) *
    (1 + ROUTE_BONUS * f.routeCoverage ** 2) *
    (f.unnamedReference ? REFERENCE_PRIOR : 1) *
    (f.spelledAsTitle ? 1 + SPELLING_BONUS : 1)
  );
}

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** Words that say which kind of item a reader wants ("the Checkpoint type"), not which item. */
const KIND_WORDS = new Set(
  "type object enum scalar input interface union query mutation method field function struct module".split(" ").map(stem),
);
/** Route words every reference shares: naming them does not say which API the reader means. */
const SHARED_ROUTE_WORDS = new Set(["sui", "api", "ref", "reference", "references"]);

/**
 * Whether the query names a reference page's item: typed as its title is spelled (case and
 * punctuation aside), and the title is an identifier (`CoinMetadata`, `sui_getObject`,
 * `@deprecated`), not an ordinary word a guide explains too (`Coin`, `Epoch`); or the query names
 * the item's API (a word of its route, "graphql") beside its title and, at most, its kind
 * ("graphql checkpoint type").
 */
export function namesItem(q: string, title: string, route: string): boolean {
  if (compact(q) === compact(title)) return /[a-z][A-Z]|[_@]/.test(title);
  const api = new Set(
    route
      .split("/")
      .slice(0, -1)
      .flatMap((segment) => queryWords(segment.replace(/-/g, " ")))
      .filter((word) => !SHARED_ROUTE_WORDS.has(word))
      .map(stem),
  );
  const words = queryWords(q);
  const rest = words.filter((word) => !api.has(stem(word)) && !KIND_WORDS.has(stem(word)));
  return rest.length < words.length && words.some((word) => api.has(stem(word))) && compact(rest.join("")) === compact(title);
}

/**
 * Share of a page title's weight that the query matched (`matched`: the index terms it found in
 * the section), each title word weighing its `rarity`: "Gas in Sui" is all "gas" once "sui", in
 * nearly every section, weighs next to nothing, while "Gas Pricing" is as much about pricing.
 */
export function titleExactness(title: string, matched: readonly string[], rarity: (word: string) => number): number {
  const found = new Set(matched);
  let all = 0;
  let hit = 0;
  for (const token of tokenize(title)) {
    const terms = indexTerms(token);
    if (!terms) continue;
    const weight = rarity(terms[0]!);
    all += weight;
    if (terms.some((t) => found.has(t))) hit += weight;
  }
  return all ? hit / all : 0;
}

/** The section's words (and their stems), for finding which query words sit in its heading or title. */
export function fieldTerms(text: string): Set<string> {
  return new Set(tokenize(text).flatMap((token) => indexTerms(token) ?? []));
}

/**
 * Share of adjacent query-word pairs that also stand side by side (at most one word apart) in
 * `text`: "transfer policy" in one heading or sentence, not "transfer" here and "policy" there.
 */
export function proximity(text: string, words: readonly QueryWord[], found: readonly boolean[]): number {
  const present = words.filter((_, w) => found[w]);
  if (present.length < 2) return 0;
  const tokens = tokenize(text).flatMap((token) => {
    const terms = indexTerms(token);
    return terms ? [terms] : [];
  });
  const positions = present.map((word) => {
    const terms = new Set(word.alternatives.filter((a) => a.length === 1).map((a) => a[0]!));
    return tokens.flatMap((t, i) => (t.some((term) => terms.has(term)) ? [i] : []));
  });
  let near = 0;
  for (let p = 0; p + 1 < positions.length; p++) {
    const next = new Set(positions[p + 1]);
    if (positions[p]!.some((i) => next.has(i + 1) || next.has(i + 2) || next.has(i - 1))) near++;
  }
  return near / (positions.length - 1);
}
