import { execFileSync } from "node:child_process";
import { get } from "../bench/http";
import { descendants, nameOf, rssOf } from "./rss-sampler";
import type { RequestLimits } from "./timed-requests";

/** The server's memory after one phase of reading. */
export interface MemoryReading {
  phase: string;
  /** Requests made in the phase, and how many were answered other than 200. */
  requests: number;
  notOk: number;
  /** VmRSS of the server process (its worker processes are listed in `children`). */
  serverMb: number;
  /** VmRSS of each process the server runs at that moment (git cat-file, ...). */
  children: Array<{ name: string; mb: number }>;
  /** What /api/status says: the main thread's V8 heap, memory outside it (Buffers), and the bytes its caches hold. */
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  cachesMb: number;
  renderedPagesMb: number;
}

interface StatusMemory {
  memory: { heapUsed: number; heapTotal: number; external: number; caches: Record<string, { bytes: number }> };
  renderedPages: { live: { bytes: number }; pinned: { bytes: number } };
}

const MB = 1024 * 1024;

/** A GET that is tried again once when a kept-alive socket the server closed as it was reused resets. */
function getOnce(target: string, timeoutMs?: number) {
  return get(target, {}, { timeoutMs }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET") return get(target, {}, { timeoutMs });
    throw error;
  });
}

/** The server's RSS and its children's, with what /api/status says of its memory. */
export async function readMemory(
  url: string,
  pid: number,
  phase: string,
  { requests, notOk } = { requests: 0, notOk: 0 },
): Promise<MemoryReading> {
  const response = await getOnce(`${url}/api/status`);
  if (response.status !== 200) throw new Error(`/api/status answered ${response.status}`);
  const { memory, renderedPages } = JSON.parse(response.body) as StatusMemory;
  const serverMb = rssOf(pid);
  if (serverMb === undefined) throw new Error("the server exited");
  return {
    phase,
    requests,
    notOk,
    serverMb,
    children: descendants(pid).flatMap((child) => {
      const mb = rssOf(child);
      return mb === undefined ? [] : [{ name: nameOf(child), mb }];
    }),
    heapUsedMb: memory.heapUsed / MB,
    heapTotalMb: memory.heapTotal / MB,
    externalMb: memory.external / MB,
    cachesMb: Object.values(memory.caches).reduce((sum, c) => sum + c.bytes, 0) / MB,
    renderedPagesMb: (renderedPages.live.bytes + renderedPages.pinned.bytes) / MB,
  };
}

/** One line for the log: `372 MB (heap 64 of 90 MB, external 39 MB, caches 16 MB, pages 33 MB; git cat-file 49 MB)`. */
export function describeReading(r: MemoryReading): string {
  const mb = (value: number) => `${Math.round(value)} MB`;
  const children = r.children.map((c) => `${c.name} ${mb(c.mb)}`).join(", ");
  return (
    `${r.phase}: ${mb(r.serverMb)} (heap ${Math.round(r.heapUsedMb)} of ${mb(r.heapTotalMb)}, external ${mb(r.externalMb)}, ` +
    `caches ${mb(r.cachesMb)}, rendered pages ${mb(r.renderedPagesMb)}${children ? `; ${children}` : ""})` +
    (r.requests ? ` after ${r.requests.toLocaleString("en-US")} requests, ${r.notOk.toLocaleString("en-US")} not 200` : "")
  );
}

/** Requests every path once, `concurrency` at a time, until the budget is spent: how many, and how many were not 200. */
async function requestAll(
  url: string,
  paths: readonly string[],
  concurrency: number,
  { timeoutMs, budgetMs }: RequestLimits,
): Promise<{ requests: number; notOk: number }> {
  const deadline = performance.now() + budgetMs;
  let next = 0;
  let notOk = 0;
  const client = async () => {
    while (next < paths.length && performance.now() < deadline) {
      const response = await getOnce(`${url}${paths[next++]}`, timeoutMs);
      if (response.status !== 200) notOk++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { requests: next, notOk };
}

/** Three commits of the branch's first-parent line, a quarter, half and three quarters of the way back. */
export function oldCommits(gitdir: string, branch = "main"): string[] {
  const line = execFileSync("git", ["rev-list", "--first-parent", branch], { cwd: gitdir, encoding: "utf8", maxBuffer: 1 << 28 })
    .trim()
    .split("\n");
  return [0.25, 0.5, 0.75].map((share) => line[Math.floor((line.length - 1) * share)]!);
}

/** Distinct paths no page has, as a crawler guessing URLs or old links produce. */
function unknownPaths(from: number, to: number): string[] {
  return Array.from({ length: to - from }, (_, i) => (i % 2 ? `/guides/no-such-page-${from + i}` : `/no-such-section-${from + i}/page`));
}

const UNKNOWN_FIRST = 1_000;
export const UNKNOWN_URLS = 10_000;
const CONCURRENCY = 4;

/**
 * After every live page was read once (the cold pass): every page at three old commits, then
 * 10,000 distinct unknown URLs, reading the server's memory after each. The reading after the first
 * 1,000 unknown URLs and the one after all of them tell whether a 404 keeps anything.
 */
export async function memoryPhases(
  url: string,
  pid: number,
  ids: readonly string[],
  commits: readonly string[],
  limits: RequestLimits,
  log: (line: string) => void,
): Promise<MemoryReading[]> {
  const readings: MemoryReading[] = [];
  const read = async (phase: string, counts?: { requests: number; notOk: number }) => {
    const reading = await readMemory(url, pid, phase, counts);
    log(`memory ${describeReading(reading)}`);
    readings.push(reading);
  };
  await read("every live page");
  const pinned = { requests: 0, notOk: 0 };
  for (const commit of commits) {
    const done = await requestAll(
      url,
      ids.map((id) => `/${id}?commit=${commit}`),
      CONCURRENCY,
      limits,
    );
    pinned.requests += done.requests;
    pinned.notOk += done.notOk;
  }
  await read(`every page at ${commits.length} old commits`, pinned);
  const first = await requestAll(url, unknownPaths(0, UNKNOWN_FIRST), CONCURRENCY, limits);
  await read(`${UNKNOWN_FIRST.toLocaleString("en-US")} unknown URLs`, first);
  const rest = await requestAll(url, unknownPaths(UNKNOWN_FIRST, UNKNOWN_URLS), CONCURRENCY, limits);
  await read(`${UNKNOWN_URLS.toLocaleString("en-US")} unknown URLs`, {
    requests: first.requests + rest.requests,
    notOk: first.notOk + rest.notOk,
  });
  return readings;
}
