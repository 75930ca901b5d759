export interface Excerpt {
  text: string;
  /** [start, end) offsets into `text` of every matched term, in order, not overlapping. */
  highlights: Array<[number, number]>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A window of about `width` characters around the first matched term, cut at word boundaries,
 * with the offsets of every term that starts a word inside it. Offsets rather than markup keep
 * the JSON safe to render: the client wraps them in <mark>, nothing is parsed as HTML.
 */
export function excerpt(text: string, terms: readonly string[], width = 180): Excerpt {
  const words = terms
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  const pattern = words.length ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.join("|")})`, "giu") : undefined;
  const first = pattern ? text.search(pattern) : -1;
  const start = first <= width / 3 ? 0 : text.lastIndexOf(" ", first - Math.floor(width / 3)) + 1;
  let end = start + width >= text.length ? text.length : text.lastIndexOf(" ", start + width);
  if (end <= start) end = Math.min(text.length, start + width);
  const window = `${start > 0 ? "… " : ""}${text.slice(start, end)}${end < text.length ? " …" : ""}`;
  const highlights: Array<[number, number]> = [];
  if (pattern) {
    for (const match of window.matchAll(pattern)) highlights.push([match.index, match.index + match[0].length]);
  }
  return { text: window, highlights };
}
