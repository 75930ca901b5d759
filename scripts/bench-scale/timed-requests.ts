import http from "node:http";
import { get, RequestTimeout } from "../bench/http";

/**
 * Times to first byte of a set of requests, in ms. A request abandoned at the time limit counts as
 * Infinity, so medians and percentiles over it read as "more than the limit".
 */
export interface Timings {
  ms: number[];
  /** How many requests were planned; fewer were made when the time budget ran out. */
  planned: number;
  limitMs: number;
}

export interface RequestLimits {
  /** Per request. */
  timeoutMs: number;
  /** For a whole pass: no new request starts after it. */
  budgetMs: number;
}

/**
 * The time to first byte of one GET, or Infinity at the time limit; any status other than 200 throws.
 * A reset connection is retried once: a kept-alive socket the server closed as it was reused.
 */
export async function timeOne(url: string, timeoutMs: number, agent?: http.Agent, retry = true): Promise<number> {
  try {
    const response = await get(url, {}, { timeoutMs, agent });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${response.body.slice(0, 300)}`);
    return response.ttfbMs;
  } catch (error) {
    if (error instanceof RequestTimeout) return Number.POSITIVE_INFINITY;
    if (retry && (error as NodeJS.ErrnoException).code === "ECONNRESET") return timeOne(url, timeoutMs, agent, false);
    throw error;
  }
}

/** Each path once, one after another, until the budget is spent. */
export async function sequential(url: string, paths: readonly string[], { timeoutMs, budgetMs }: RequestLimits): Promise<Timings> {
  const ms: number[] = [];
  const deadline = performance.now() + budgetMs;
  for (const path of paths) {
    if (performance.now() > deadline) break;
    ms.push(await timeOne(`${url}${path}`, timeoutMs));
  }
  return { ms, planned: paths.length, limitMs: timeoutMs };
}

export interface CrawlResult {
  /** The crawl's own requests. */
  crawl: Timings;
  crawlSeconds: number;
  /** The warm page, asked again and again by a second client while the crawl ran. */
  warm: Timings;
}

const PROBE_EVERY_MS = 20;

/**
 * One client requests every path once with `concurrency` requests in flight (a crawler on a cold
 * server) while another, on its own connection, requests `warmPath` (already served once) every
 * 20 ms: how long a reader of a popular page waits while the server compiles everything else.
 */
export async function crawlWithWarmReader(
  url: string,
  paths: readonly string[],
  warmPath: string,
  concurrency: number,
  limits: RequestLimits,
): Promise<CrawlResult> {
  if ((await timeOne(`${url}${warmPath}`, limits.timeoutMs)) === Number.POSITIVE_INFINITY)
    throw new Error(`${warmPath} did not answer within the time limit`);
  const readerAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const crawlMs: number[] = [];
  const warmMs: number[] = [];
  const deadline = performance.now() + limits.budgetMs;
  const start = performance.now();
  let next = 0;
  let crawling = true;
  const crawler = async () => {
    while (next < paths.length && performance.now() < deadline) crawlMs.push(await timeOne(`${url}${paths[next++]}`, limits.timeoutMs));
  };
  const reader = async () => {
    while (crawling) {
      warmMs.push(await timeOne(`${url}${warmPath}`, limits.timeoutMs, readerAgent));
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  };
  const reading = reader();
  reading.catch(() => {}); // awaited below; a failure before then must not go unhandled
  try {
    await Promise.all(Array.from({ length: concurrency }, crawler));
  } finally {
    crawling = false;
  }
  const crawlSeconds = (performance.now() - start) / 1000;
  await reading.finally(() => readerAgent.destroy());
  return {
    crawl: { ms: crawlMs, planned: paths.length, limitMs: limits.timeoutMs },
    crawlSeconds,
    warm: { ms: warmMs, planned: warmMs.length, limitMs: limits.timeoutMs },
  };
}
