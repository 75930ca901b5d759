import { get } from "./http";
import { median, percentile } from "./stats";

export interface ColdResult {
  ttfbMedian: number;
  ttfbP95: number;
  /** Wall time of the whole sequential pass, s. */
  totalSeconds: number;
}

/** Requests each path once, one after another, and times the first byte of each response. */
export async function sequentialPass(url: string, paths: readonly string[]): Promise<ColdResult> {
  const ttfbs: number[] = [];
  const start = performance.now();
  for (const path of paths) {
    const response = await get(`${url}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    ttfbs.push(response.ttfbMs);
  }
  return { ttfbMedian: median(ttfbs), ttfbP95: percentile(ttfbs, 95), totalSeconds: (performance.now() - start) / 1000 };
}
