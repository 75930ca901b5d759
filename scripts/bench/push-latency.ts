import type { ContentClone } from "./content-repo";
import { get } from "./http";
import { median } from "./stats";

export interface PushResult {
  medianMs: number;
  maxMs: number;
  pushes: number;
}

const POLL_MS = 10;
const GIVE_UP_MS = 30_000;

/**
 * Commits a new paragraph to `pageId`, pushes it with the git CLI and polls the page until the
 * paragraph is served. The time runs from the start of `git push` to the first response with it.
 * `afterPush` tells a server that fetches from a remote, as a push webhook would; `query` is added
 * to the page's URL (e.g. `?ref=<branch>` for a preview of the branch the clone pushes).
 */
export async function pushToLive(
  url: string,
  clone: ContentClone,
  pageId: string,
  pushes: number,
  afterPush?: () => Promise<void>,
  query = "",
): Promise<PushResult> {
  const times: number[] = [];
  for (let i = 1; i <= pushes; i++) {
    const marker = `Benchmark marker ${i} ${Date.now().toString(36)}`;
    clone.appendToPage(pageId, marker);
    const start = performance.now();
    clone.push();
    await afterPush?.();
    for (;;) {
      const page = await get(`${url}/${pageId}${query}`);
      if (page.body.includes(marker)) break;
      if (performance.now() - start > GIVE_UP_MS) throw new Error(`push ${i} was not live after ${GIVE_UP_MS} ms`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    times.push(performance.now() - start);
  }
  return { medianMs: median(times), maxMs: Math.max(...times), pushes };
}
