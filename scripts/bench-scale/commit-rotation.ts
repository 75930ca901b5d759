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

/** Readers (`readers` at once) ask the server at `url` about each commit in turn; answers counted by status. */
export async function rotateCommits(url: string, commits: readonly string[], readers: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  const reader = async () => {
    while (next < commits.length) {
      const i = next++;
      for (const target of targets(commits[i]!, i)) {
        const response = await fetch(url + target);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: readers }, reader));
  return statuses;
}
