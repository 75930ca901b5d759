// Pairs each of our pages with its counterpart in the upstream docs/content: by a committed mapping
// for the pages that moved, otherwise by route and title similarity.

export interface PageRef {
  /** Route: the path under the docs root without `.mdx`/`.md`, `/index` dropped. */
  route: string;
  title: string;
}

/**
 * Our route → upstream route; `{ to, note }` when the pairing needs a caveat (the counterpart also
 * covers other pages of ours, or covers the topic in one section); `{ none }` with what replaced the
 * page when no counterpart exists today.
 */
export type Mapping = Record<string, string | { to: string; note: string } | { none: string }>;

export type Pairing =
  | { kind: "mapped" | "matched"; ours: string; theirs: string; score: number; note?: string }
  | { kind: "none"; ours: string; reason: string };

export const NOT_MEASURED = "not measured: the upstream digest does not include its counterpart";

/** The smallest score a guess needs; below it the page is reported without a counterpart. */
export const MIN_SCORE = 0.45;

export function routeOf(relativePath: string): string {
  return relativePath
    .replace(/\\/g, "/")
    .replace(/\.mdx?$/, "")
    .replace(/(^|\/)index$/, "")
    .replace(/^\/+|\/+$/g, "");
}

/**
 * `guess: false` is for a partial upstream (a digest of some pages only): there, a page that is
 * neither mapped nor at the same route is reported as not measured rather than paired with whichever
 * of the few known pages looks least unlike it.
 */
export function pairPages(ours: PageRef[], theirs: PageRef[], mapping: Mapping, { guess = true } = {}): Pairing[] {
  const byRoute = new Map(theirs.map((page) => [page.route, page]));
  return ours.map((page): Pairing => {
    const mapped = mapping[page.route];
    if (typeof mapped === "object" && "none" in mapped) return { kind: "none", ours: page.route, reason: mapped.none };
    if (mapped) {
      const [to, note] = typeof mapped === "string" ? [mapped, undefined] : [mapped.to, mapped.note];
      if (!byRoute.has(to)) {
        const reason = guess ? `mapped to ${to}, which is not in the upstream tree` : NOT_MEASURED;
        return { kind: "none", ours: page.route, reason };
      }
      return { kind: "mapped", ours: page.route, theirs: to, score: 1, ...(note ? { note } : {}) };
    }
    if (!guess) {
      if (byRoute.has(page.route)) return { kind: "matched", ours: page.route, theirs: page.route, score: 1 };
      return { kind: "none", ours: page.route, reason: NOT_MEASURED };
    }
    let best: { theirs: string; score: number } | null = null;
    for (const candidate of theirs) {
      const score = similarity(page, candidate);
      if (!best || score > best.score) best = { theirs: candidate.route, score };
    }
    if (!best || best.score < MIN_SCORE)
      return { kind: "none", ours: page.route, reason: "no upstream page with a similar route or title" };
    return { kind: "matched", ours: page.route, theirs: best.theirs, score: round(best.score) };
  });
}

/**
 * 0..1. Routes weigh most: the last segment (the page's own name) and the segments they share from
 * the end; the title breaks ties between pages of the same name in different folders.
 */
export function similarity(ours: PageRef, theirs: PageRef): number {
  const a = ours.route.split("/").filter(Boolean);
  const b = theirs.route.split("/").filter(Boolean);
  if (a.length === 0 || b.length === 0) return a.length === b.length ? 1 : 0;
  const ownName = a.at(-1) ?? "";
  const theirName = b.at(-1) ?? "";
  const sameName = ownName === theirName ? 1 : overlap(words(ownName), words(theirName));
  let shared = 0;
  while (shared < Math.min(a.length, b.length) && a[a.length - 1 - shared] === b[b.length - 1 - shared]) shared++;
  const tail = shared / Math.max(a.length, b.length);
  const folders = overlap(new Set(a.slice(0, -1)), new Set(b.slice(0, -1)));
  const title = overlap(words(ours.title), words(theirs.title));
  return 0.45 * sameName + 0.15 * tail + 0.1 * folders + 0.3 * title;
}

const STOP = new Set(["a", "an", "and", "the", "of", "on", "in", "to", "for", "with", "sui", "your", "how", "what", "is"]);

export function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 0 && !STOP.has(word))
      .map(stem),
  );
}

/** A crude stem, enough for headings: "Creating kiosks" and "Create a kiosk" share their words. */
function stem(word: string): string {
  return word
    .replace(/ies$/, "y")
    .replace(/(?<!s)s$/, "")
    .replace(/(ing|ed)$/, "")
    .replace(/e$/, "");
}

/** Jaccard overlap of two word sets. */
export function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  return common / (a.size + b.size - common);
}

/** Their top-level sections that none of ours covers (no section of ours shares more than half its words). */
export function missingSections(ours: string[], theirs: string[]): string[] {
  const mine = ours.map(words);
  return theirs.filter((section) => {
    const theirWords = words(section);
    if (theirWords.size === 0) return false;
    return !mine.some((own) => {
      let common = 0;
      for (const word of theirWords) if (own.has(word)) common++;
      return common / theirWords.size > 0.5;
    });
  });
}

/**
 * Upstream route → why no page of ours pairs with it, for the pages that are not a gap: `{ in, note }`
 * when one of our pages covers it inside (a section of a wider page), `{ none }` when we leave it out
 * on purpose (a command the pinned release lacks, a product this site does not document).
 */
export type UpstreamMapping = Record<string, { in: string; note: string } | { none: string }>;

export interface UpstreamPageRef extends PageRef {
  chars: number;
}

export interface UpstreamGaps {
  /** Upstream pages that no page of ours pairs with and nothing explains: the gap, longest first. */
  lacking: UpstreamPageRef[];
  covered: (UpstreamPageRef & { in: string; note: string })[];
  leftOut: (UpstreamPageRef & { reason: string })[];
}

/**
 * Sorts every upstream page that no pairing reaches. A `covered` entry whose page of ours does not
 * exist (renamed, deleted) counts as lacking, so a stale note cannot hide a gap.
 */
export function upstreamGaps(theirs: UpstreamPageRef[], pairings: Pairing[], upstream: UpstreamMapping, ours: Set<string>): UpstreamGaps {
  const paired = new Set(pairings.flatMap((pairing) => (pairing.kind === "none" ? [] : [pairing.theirs])));
  const gaps: UpstreamGaps = { lacking: [], covered: [], leftOut: [] };
  for (const page of theirs) {
    if (paired.has(page.route)) continue;
    const entry = upstream[page.route];
    if (entry && "none" in entry) gaps.leftOut.push({ ...page, reason: entry.none });
    else if (entry && ours.has(entry.in)) gaps.covered.push({ ...page, in: entry.in, note: entry.note });
    else gaps.lacking.push(page);
  }
  gaps.lacking.sort((a, b) => b.chars - a.chars || a.route.localeCompare(b.route));
  return gaps;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
