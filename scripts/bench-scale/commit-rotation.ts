/**
 * What a reader asks of each commit: its catalogue, a sidebar and a page (pages few edits touch, so
 * the rotation costs snapshots and renders rather than compiles), the page one of three in turn.
 */
const targets = (oid: string, i: number) => [
  `/api/catalogue?commit=${oid}`,
  `/api/sidebars/guides?commit=${oid}`,
  `/${["concepts", "guides", "standards"][i % 3]}?commit=${oid}`,
];

/** Requests a rotation sends each commit. */
export const REQUESTS_PER_COMMIT = targets("", 0).length;

/**
 * The status of a GET, asked again when the server says when (429 with Retry-After): the readers
 * share one address, whose share of pinned compiles four pages at once can spend, as a browser's
 * tabs would.
 */
async function finalStatus(url: string): Promise<number> {
  for (;;) {
    const response = await fetch(url);
    await response.arrayBuffer();
    const retryAfter = Number(response.headers.get("Retry-After"));
    if (response.status !== 429 || !(retryAfter > 0)) return response.status;
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
  }
}

/** Readers (`readers` at once) ask the server at `url` about each commit in turn; final answers counted by status. */
export async function rotateCommits(url: string, commits: readonly string[], readers: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const count = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);
  let next = 0;
  const reader = async () => {
    while (next < commits.length) {
      const i = next++;
      for (const target of targets(commits[i]!, i)) count(await finalStatus(url + target));
    }
  };
  await Promise.all(Array.from({ length: readers }, reader));
  return statuses;
}
