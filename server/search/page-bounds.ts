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
  /** Distinct words indexed, title and headings included; the page's text stops at the word past it. */
  distinctTerms: number;
}

/**
 * Far above every real page, far below what breaks the index. The embedded catalogue's largest
 * body is the generated GraphQL schema reference (34.7 KB of clean Markdown, 722 distinct words,
 * 10 sections); the largest written page is 16.5 KB (609 words); the most sections, 33 (GraphQL
 * object references). So no real page is cut, by a factor of 4 or more, while a hostile page (the
 * publish check lets up to 1 MB through) costs the index what a few large real pages do: with 8
 * hostile pages of 0.9 MB random words, the worker built the index within its heap limit.
 */
export const PAGE_BOUNDS: PageBounds = { chars: 160_000, titleChars: 300, sections: 400, distinctTerms: 5_000 };

const tokenize: (text: string) => string[] = MiniSearch.getDefault("tokenize");

/** `text` up to the point where `seen` would exceed `limit` distinct words (adding those it keeps to `seen`). */
function textWithin(text: string, seen: Set<string>, limit: number): string {
  let at = 0;
  for (const token of tokenize(text)) {
    const term = normalizeTerm(token);
    // Tokens come in order, so each is found past the previous one.
    const start = token ? text.indexOf(token, at) : at;
    if (term && !seen.has(term)) {
      if (seen.size >= limit) return text.slice(0, start).trimEnd();
      seen.add(term);
    }
    at = start + token.length;
  }
  return text;
}

/**
 * A page's sections as the index takes them: pageSections of the page's clean Markdown, within
 * `bounds`. What is cut is the page's end, so a reader still finds the page by its title and by
 * any word of its beginning.
 */
export function boundedPageSections(pageId: string, pageTitle: string, markdown: string, bounds: PageBounds = PAGE_BOUNDS): Section[] {
  const title = pageTitle.length > bounds.titleChars ? pageTitle.slice(0, bounds.titleChars) : pageTitle;
  const all = pageSections(pageId, title, markdown.length > bounds.chars ? markdown.slice(0, bounds.chars) : markdown);
  const sections = all.slice(0, bounds.sections);
  if (all.length > bounds.sections) {
    const last = sections[sections.length - 1]!;
    const rest = all.slice(bounds.sections).flatMap((s) => [s.heading, s.text]);
    sections[sections.length - 1] = { ...last, text: [last.text, ...rest].filter(Boolean).join(" ") };
  }
  // The title is in every section: its words count once, and always.
  let seen = new Set<string>();
  textWithin(title, seen, Infinity);
  const kept: Section[] = [];
  for (const section of sections) {
    // A heading is kept whole or not at all: half a heading would link to an anchor with another name.
    const withHeading = new Set(seen);
    if (textWithin(section.heading, withHeading, bounds.distinctTerms) !== section.heading) break;
    seen = withHeading;
    const text = textWithin(section.text, seen, bounds.distinctTerms);
    kept.push(text === section.text ? section : { ...section, text });
    if (text !== section.text) break;
  }
  return kept;
}
