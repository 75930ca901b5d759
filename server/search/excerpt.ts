export interface Excerpt {
  text: string;
  /** [start, end) offsets into `text` of every matched term, in order, not overlapping. */
  highlights: Array<[number, number]>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What to mark: each term where it starts a word, and each stem with the rest of the word it
 * starts ("upgrad" marks all of "upgrading"). Longer terms first, so the longest match wins.
 */
function matcher(terms: readonly string[], stems: readonly string[]): RegExp | undefined {
  const key = `${terms.join("\0")}\u0001${stems.join("\0")}`;
  if (!patterns.has(key)) {
    if (patterns.size >= PATTERNS_KEPT) patterns.clear();
    patterns.set(key, compile(terms, stems));
  }
  return patterns.get(key);
}

/** Patterns compiled lately: the sections of one search, and the next keystroke's, mostly mark the same words. */
const patterns = new Map<string, RegExp | undefined>();
const PATTERNS_KEPT = 256;

function compile(terms: readonly string[], stems: readonly string[]): RegExp | undefined {
  const alternatives = [...terms.map((t) => [t, ""]), ...stems.map((t) => [t, "[\\p{L}\\p{N}]*"])]
    .filter(([t]) => t)
    .sort(([a], [b]) => b!.length - a!.length)
    .map(([t, rest]) => escapeRegExp(t!) + rest);
  return alternatives.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join("|")})`, "giu") : undefined;
}

/** [start, end) of every match of `terms` (and `stems`, see matcher) in `text`. */
export function highlights(text: string, terms: readonly string[], stems: readonly string[] = []): Array<[number, number]> {
  const pattern = matcher(terms, stems);
  return pattern ? [...text.matchAll(pattern)].map((m): [number, number] => [m.index, m.index + m[0].length]) : [];
}

/**
 * A window of about `width` characters around the first matched term, cut at word boundaries,
 * with the offsets of every term that starts a word inside it. Offsets rather than markup keep
 * the JSON safe to render: the client wraps them in <mark>, nothing is parsed as HTML.
 */
export function excerpt(text: string, terms: readonly string[], width = 180, stems: readonly string[] = []): Excerpt {
  const pattern = matcher(terms, stems);
  const first = pattern ? text.search(pattern) : -1;
  const start = first <= width / 3 ? 0 : text.lastIndexOf(" ", first - Math.floor(width / 3)) + 1;
  let end = start + width >= text.length ? text.length : text.lastIndexOf(" ", start + width);
  if (end <= start) end = Math.min(text.length, start + width);
  const window = `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
  return { text: window, highlights: highlights(window, terms, stems) };
}
