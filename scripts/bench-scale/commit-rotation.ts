/**
 * What a reader can ask of each commit, in turn: its catalogue, a sidebar, a page (pages few
 * edits touch, so the rotation costs snapshots and renders rather than compiles).
 */
const target = (oid: string, i: number) =>
  [`/api/catalogue?commit=${oid}`, `/api/sidebars/guides?commit=${oid}`, `/${["concepts", "guides", "standards"][i % 3]}?commit=${oid}`][
    i % 3
  ]!;

/** Readers (`readers` at once) ask the server at `url` about each commit in turn; answers counted by status. */
export async function rotateCommits(url: string, commits: readonly string[], readers: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  let next = 0;
  const reader = async () => {
    while (next < commits.length) {
      const i = next++;
      const response = await fetch(url + target(commits[i]!, i));
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: readers }, reader));
  return statuses;
}
