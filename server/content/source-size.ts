/**
 * Size caps on what the content repository may hand the compiler and the generators. A page's
 * cost (compile, render, clean Markdown, search index, diff) grows with its source; with no cap, a
 * 10 MB page went live and broke search, and re-rendered at 1.8 s a request at `?ref=`. The largest
 * page of the embedded content is ~16 KB, so the caps are far from anything written by hand.
 */

/**
 * Bytes of UTF-8 a page's source may have, snippets it imports included: 1 MB. A page over it is
 * left out of its commit's catalogue (the commit cannot go live, and at `?ref=` or `?commit=` the
 * page answers why), so nothing downstream ever reads it. Search's per-page bounds count on it.
 */
export const MAX_PAGE_SOURCE_BYTES = 1_048_576;

/**
 * Bytes of a data file a generator reads (the GraphQL schema, ~160 KB; the OpenRPC document,
 * ~315 KB): 1 MB. Not for the compiler's sake (generating runs in a worker with its own time and
 * memory limits) but for the generated cache's: the pages made of a file weigh ~2.5 times the
 * file, and must fit the 4 MB `generated` budget beside the other schema's, or each read of a
 * generated page would generate them all again.
 */
export const MAX_DATA_FILE_BYTES = 1_048_576;

/** The UTF-8 size of a text, which the caps count. */
export const utf8Bytes = (text: string): number => Buffer.byteLength(text, "utf8");

/**
 * What is wrong with a source of `bytes` bytes under a cap of `cap`, or undefined when it fits:
 * the size, the cap, and what to do (`remedy`, e.g. "split the page").
 */
export function sizeProblem(bytes: number, cap: number, what: string, remedy: string): string | undefined {
  if (bytes <= cap) return undefined;
  return `${what} is ${megabytes(bytes)} (${grouped(bytes)} bytes), over the ${megabytes(cap)} cap (${grouped(cap)} bytes): ${remedy}`;
}

/** The problem of a page's source over MAX_PAGE_SOURCE_BYTES, or undefined. */
export const pageSizeProblem = (bytes: number, what = "the page's source"): string | undefined =>
  sizeProblem(bytes, MAX_PAGE_SOURCE_BYTES, what, "split the page into smaller pages");

const grouped = (n: number) => n.toLocaleString("en-US");
const megabytes = (bytes: number) => `${Number((bytes / 1_048_576).toFixed(bytes < 1_048_576 ? 2 : 1))} MB`;
