import MiniSearch from "minisearch";
import { normalizeTerm } from "./ranking";
import { pageSections, type Section } from "./sections";

/** What the index takes of one page at most. */
export interface PageBounds {
  /** Characters of the page's clean Markdown read; the rest is not indexed. */
  chars: number;
  /** Sections (h2/h3 headings) indexed; text under later headings joins the last one kept. */
  sections: number;
  /** Characters of the page's title indexed (it is repeated in every section). */
  titleChars: number;
  /** Characters of the page's description indexed (it counts for all the page's sections). */
  descriptionChars: number;
  /** Distinct words indexed, title and headings included; the page's text stops at the word past it. */
  distinctTerms: number;
}

/**
 * Far above every real page, far below what breaks the index. The embedded catalogue's largest
 * body is the generated GraphQL schema reference (34.7 KB of clean Markdown, 722 distinct words,
 * 10 sections); the largest written page is 16.5 KB (609 words); the most sections, 33 (GraphQL
 * object references). So no real page is cut, by a factor of 4 or more, while a hostile page (the
 * publish check lets up to 1 MB through) costs the index what a few large real pages do; many of
 * them together are held by BUILD_BOUNDS.
 */
export const PAGE_BOUNDS: PageBounds = { chars: 160_000, titleChars: 300, descriptionChars: 600, sections: 400, distinctTerms: 5_000 };

const tokenize: (text: string) => string[] = MiniSearch.getDefault("tokenize");

/** Words new to the whole index: those `known` holds are free, `allowed` more may be added to it. */
interface NewWords {
  known: Set<string>;
  allowed: number;
}

/**
 * `text` up to the point where `seen` would exceed `limit` distinct words, or `fresh` its allowance
 * (adding the words it keeps to both).
 */
function textWithin(text: string, seen: Set<string>, limit: number, fresh: NewWords): string {
  let at = 0;
  for (const token of tokenize(text)) {
    const term = normalizeTerm(token);
    // Tokens come in order, so each is found past the previous one.
    const start = token ? text.indexOf(token, at) : at;
    if (term && !seen.has(term)) {
      const isNew = !fresh.known.has(term);
      if (seen.size >= limit || (isNew && fresh.allowed <= 0)) return text.slice(0, start).trimEnd();
      seen.add(term);
      if (isNew) {
        fresh.known.add(term);
        fresh.allowed--;
      }
    }
    at = start + token.length;
  }
  return text;
}

/**
 * Whether all of `heading`'s words fit: within `limit` distinct words of the page with `seen`, and
 * within `fresh`'s allowance of words new to the index. Reads the sets without copying them (a copy
 * per section of the index-wide set took 1.4 s of a 3.7 s build of the embedded catalogue).
 */
function headingFits(heading: string, seen: ReadonlySet<string>, limit: number, fresh: NewWords): boolean {
  const added = new Set<string>();
  let fresher = 0;
  for (const token of tokenize(heading)) {
    const term = normalizeTerm(token);
    if (!term || seen.has(term) || added.has(term)) continue;
    added.add(term);
    if (!fresh.known.has(term)) fresher++;
  }
  return seen.size + added.size <= limit && fresher <= fresh.allowed;
}

/**
 * A page's sections as the index takes them: pageSections of the page's clean Markdown, within
 * `bounds`. What is cut is the page's end, so a reader still finds the page by its title and by
 * any word of its beginning.
 */
export function boundedPageSections(
  pageId: string,
  pageTitle: string,
  markdown: string,
  bounds: PageBounds = PAGE_BOUNDS,
  fresh: NewWords = { known: new Set(), allowed: Infinity },
  pageDescription = "",
): Section[] {
  const title = pageTitle.length > bounds.titleChars ? pageTitle.slice(0, bounds.titleChars) : pageTitle;
  // The title is in every section: its words count once, and always. The description's come next,
  // within the page's and the build's words like the text's.
  const seen = new Set<string>();
  textWithin(title, seen, Infinity, { known: fresh.known, allowed: Infinity });
  const description = textWithin(pageDescription.slice(0, bounds.descriptionChars), seen, bounds.distinctTerms, fresh);
  const all = pageSections(pageId, title, markdown.length > bounds.chars ? markdown.slice(0, bounds.chars) : markdown, description);
  const sections = all.slice(0, bounds.sections);
  if (all.length > bounds.sections) {
    const last = sections[sections.length - 1]!;
    const rest = all.slice(bounds.sections).flatMap((s) => [s.heading, s.text]);
    sections[sections.length - 1] = { ...last, text: [last.text, ...rest].filter(Boolean).join(" ") };
  }
  const kept: Section[] = [];
  for (const section of sections) {
    // A heading is kept whole or not at all: half a heading would link to an anchor with another name.
    if (!headingFits(section.heading, seen, bounds.distinctTerms, fresh)) break;
    textWithin(section.heading, seen, Infinity, fresh);
    const text = textWithin(section.text, seen, bounds.distinctTerms, fresh);
    kept.push(text === section.text ? section : { ...section, text });
    if (text !== section.text) break;
  }
  return kept;
}

/** What the index of one commit takes at most, over all its pages. */
export interface BuildBounds {
  /** Characters of all pages' clean Markdown read. */
  chars: number;
  /** Distinct words in the whole index. */
  distinctTerms: number;
}

/**
 * The embedded catalogue (426 pages) has 1.8 M characters of clean Markdown and 9,951 distinct
 * words, and its index takes 96–128 MB of the worker's 160 MB heap; an index of 25,000 words and
 * 5 M characters still fits. Many pages, each within PAGE_BOUNDS, could otherwise add up past it.
 */
export const BUILD_BOUNDS: BuildBounds = { chars: 5_000_000, distinctTerms: 25_000 };

/** Each demand, or the largest share that lets them all fit in `budget` when they do not (water-filling). */
function fairShares(demands: readonly number[], budget: number): number[] {
  const order = demands.map((_, i) => i).sort((a, b) => demands[a]! - demands[b]!);
  const shares = [...demands];
  let left = budget;
  order.forEach((i, rank) => {
    shares[i] = Math.min(demands[i]!, Math.floor(left / (order.length - rank)));
    left -= shares[i]!;
  });
  return shares;
}

const distinctWords = (text: string) => new Set(tokenize(text).flatMap((token) => normalizeTerm(token) ?? [])).size;

type PageText = { id: string; title: string; description?: string; markdown: string; reference?: boolean };

/**
 * The pages with their Markdown cut to their share of the characters: each within `page.chars`,
 * all within `build.chars`, the longest cut first. Done before the pages go to the worker, so
 * what crosses to it is bounded too.
 */
export function withinChars<P extends PageText>(
  pages: readonly P[],
  page: PageBounds = PAGE_BOUNDS,
  build: BuildBounds = BUILD_BOUNDS,
): P[] {
  const shares = fairShares(
    pages.map((p) => Math.min(p.markdown.length, page.chars)),
    build.chars,
  );
  return pages.map((p, i) => (p.markdown.length > shares[i]! ? { ...p, markdown: p.markdown.slice(0, shares[i]) } : p));
}

/**
 * The sections of a commit's pages as the index takes them: each page within `page`, all of them
 * within `build`, the largest pages cut first. Pages are taken from the fewest distinct words to
 * the most, each adding what words it may till the build's are spent: real pages (at most 801
 * words, mostly shared) are all taken whole, and what is cut is the end of the pages with the most
 * words; a page can only take words from pages with more words than itself.
 */
export function boundedSections(pages: readonly PageText[], page: PageBounds = PAGE_BOUNDS, build: BuildBounds = BUILD_BOUNDS): Section[] {
  const order = withinChars(pages, page, build)
    .map((p) => ({ p, words: distinctWords(p.markdown) }))
    .sort((a, b) => a.words - b.words);
  const known = new Set<string>();
  return order.flatMap(({ p }) => {
    const sections = boundedPageSections(
      p.id,
      p.title,
      p.markdown,
      page,
      { known, allowed: build.distinctTerms - known.size },
      p.description,
    );
    return p.reference ? sections.map((s) => ({ ...s, reference: true })) : sections;
  });
}
