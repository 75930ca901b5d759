import { get } from "./http";
import { runLoad, type LoadRequest, type LoadResult } from "./load";
import { rssMb } from "./process";

export interface SoakResult extends LoadResult {
  seconds: number;
  rssAfterFirstPassMb: number;
  rssEndMb: number;
  /** Lowest and highest of the once-a-second readings. */
  rssRangeMb: [number, number];
}

/** Revalidation requests: each live page with the ETag it is served with now. */
export async function revalidations(url: string, paths: readonly string[]): Promise<LoadRequest[]> {
  const requests: LoadRequest[] = [];
  for (const path of paths) {
    const etag = (await get(`${url}${path}`)).headers.etag;
    if (!etag) throw new Error(`${path} has no ETag`);
    requests.push({ path, headers: { "if-none-match": etag } });
  }
  return requests;
}

/** One list taking turns between the kinds of request, so every stretch of the soak is mixed. */
export function interleave(...lists: LoadRequest[][]): LoadRequest[] {
  const mixed: LoadRequest[] = [];
  for (let i = 0; i < Math.max(...lists.map((l) => l.length)); i++) for (const list of lists) if (i < list.length) mixed.push(list[i]!);
  return mixed;
}

/**
 * Mixed load for `seconds`, reading the server's RSS every second; the figures kept are the first
 * reading once as many responses as the list is long have come back (the first pass), the last
 * one, and the range.
 */
export async function soak(url: string, pid: number, requests: LoadRequest[], connections: number, seconds: number): Promise<SoakResult> {
  let answered = 0;
  let rssAfterFirstPassMb = Number.NaN;
  const readings: number[] = [];
  const result = await runLoad({
    url,
    requests,
    connections,
    seconds,
    onTick(responses) {
      answered += responses;
      readings.push(rssMb(pid));
      if (Number.isNaN(rssAfterFirstPassMb) && answered >= requests.length) rssAfterFirstPassMb = readings.at(-1)!;
    },
  });
  readings.push(rssMb(pid));
  return {
    ...result,
    seconds,
    rssAfterFirstPassMb,
    rssEndMb: readings.at(-1)!,
    rssRangeMb: [Math.min(...readings), Math.max(...readings)],
  };
}
