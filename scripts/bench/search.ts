import { get } from "./http";
import { median, percentile } from "./stats";

export interface SearchResult {
  queries: number;
  /** The first query of the run, which may build the index. */
  firstMs: number;
  p50: number;
  p95: number;
}

interface CataloguePage {
  title: string;
  description: string;
}

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter((w) => w.length >= 3);

/** `count` distinct queries drawn from the catalogue: single words, phrases, prefixes, and so on. */
export function searchQueries(pages: readonly CataloguePage[], count: number): string[] {
  const queries = new Set<string>();
  for (let i = 0; queries.size < count && i < count * 20; i++) {
    const page = pages[(i * 37) % pages.length]!;
    const title = words(page.title);
    const description = words(page.description);
    // n consecutive words, starting at a position that moves with i.
    const pick = (list: string[], n: number) => {
      const from = i % Math.max(1, list.length - n + 1);
      return list.slice(from, from + n).join(" ");
    };
    const query = [
      () => pick(title, 1),
      () => pick(title, 2),
      () => pick(description, 1).slice(0, 4),
      () => pick(description, 1).toLowerCase(),
      () => pick(description, 3),
    ][i % 5]!();
    if (query.length >= 2) queries.add(query);
  }
  return [...queries];
}

/** Undefined when the server has no search endpoint. */
export async function measureSearch(url: string, queries: readonly string[]): Promise<SearchResult | undefined> {
  const ask = async (q: string) => {
    const response = await get(`${url}/api/search?q=${encodeURIComponent(q)}`);
    if (response.status === 404) return undefined; // no such route yet: the page route answers
    if (response.status !== 200) throw new Error(`/api/search?q=${q} answered ${response.status}: ${response.body.slice(0, 200)}`);
    return response.totalMs;
  };
  const firstMs = await ask(queries[0]!);
  if (firstMs === undefined) return undefined;
  const times: number[] = [];
  for (const q of queries) times.push((await ask(q))!);
  return { queries: queries.length, firstMs, p50: median(times), p95: percentile(times, 95) };
}
