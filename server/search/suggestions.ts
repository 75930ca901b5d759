/** "Did you mean …": for a query nothing matches, the closest words the site uses. */
import { queryWords } from "./ranking";

/** Suggested queries at most. */
export const MAX_SUGGESTIONS = 3;

/** Levenshtein distance of a and b, or max + 1 as soon as it must exceed max (most words are far off, and stop early). */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, row[j]!);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The words of `vocabulary` closest to `word`, nearest first: up to a third of its letters may
 * differ (at least two), beyond the one or two edits a search forgives.
 */
function closest(word: string, vocabulary: readonly string[]): string[] {
  const max = Math.max(2, Math.ceil(word.length / 3));
  return vocabulary
    .flatMap((candidate) => {
      if (candidate.length < 3) return [];
      const distance = editDistance(word, candidate, max);
      return distance <= max ? [{ candidate, distance }] : [];
    })
    .sort(
      (a, b) =>
        a.distance - b.distance ||
        Math.abs(a.candidate.length - word.length) - Math.abs(b.candidate.length - word.length) ||
        (a.candidate < b.candidate ? -1 : 1),
    )
    .map((c) => c.candidate);
}

/**
 * Up to MAX_SUGGESTIONS queries for `q`, each with the words the index lacks replaced by close
 * words it holds: the first unknown word by each of its closest, the others by their closest one.
 */
export function suggestions(q: string, known: ReadonlySet<string>, vocabulary: readonly string[]): string[] {
  const words = queryWords(q);
  const unknown = [...new Set(words.filter((w) => !known.has(w)))];
  const best = new Map(unknown.map((w) => [w, closest(w, vocabulary)]));
  if (unknown.length === 0 || unknown.some((w) => best.get(w)!.length === 0)) return [];
  const [first, ...others] = unknown;
  return best
    .get(first!)!
    .slice(0, MAX_SUGGESTIONS)
    .map((replacement) => words.map((w) => (w === first ? replacement : others.includes(w) ? best.get(w)![0]! : w)).join(" "));
}
