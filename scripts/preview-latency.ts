/**
 * Push-to-preview latency: how long after `git push` of a branch its preview (`?ref=<branch>`)
 * shows the change. Starts the production server on the embedded content (fresh DATA_DIR), clones
 * its repository, and pushes a new paragraph to a branch other than the served one, `--pushes`
 * times (10 by default), polling the page at `?ref=` until it is there. The time runs from the
 * start of `git push` to the first response with the paragraph, as for push-to-live in
 * `npm run bench`. Push-to-live on the served branch is measured in the same run, for comparison
 * on the same machine at the same moment.
 *
 *   npm run build && npx tsx scripts/preview-latency.ts [--pushes 10] [--page concepts/object-model]
 *
 * Exits with 1 when the median reaches 2 s, the bound of issue #16.
 */
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { startAppServer } from "./bench/app-server";
import { ContentClone } from "./bench/content-repo";
import { get } from "./bench/http";
import { pushToLive } from "./bench/push-latency";
import { removeTempDirs } from "./bench/temp";

const BRANCH = "preview-latency";
const BOUND_MS = 2_000;

const { values } = parseArgs({
  options: { pushes: { type: "string", default: "10" }, page: { type: "string", default: "concepts/object-model" } },
});
const pushes = Number(values.pushes);
const pageId = values.page!;

const server = await startAppServer();
try {
  const clone = new ContentClone(server.gitdir);
  if (!clone.hasPage(pageId)) throw new Error(`the embedded content has no page ${pageId} (give --page)`);
  // The first page compiled also starts the compiler thread: paid before any preview, as by a reader.
  await get(`${server.url}/${pageId}`);
  const live = await pushToLive(server.url, clone, pageId, pushes);
  execFileSync("git", ["checkout", "--quiet", "-b", BRANCH], { cwd: clone.dir });
  const preview = await pushToLive(server.url, clone, pageId, pushes, undefined, `?ref=${BRANCH}`);
  const line = (what: string, r: typeof live) => `${what}: median ${r.medianMs.toFixed(0)} ms, max ${r.maxMs.toFixed(0)} ms`;
  console.log(line(`push-to-live over ${live.pushes} pushes to the served branch`, live));
  console.log(line(`push-to-preview over ${preview.pushes} pushes to ${BRANCH}`, preview));
  if (preview.medianMs >= BOUND_MS) process.exitCode = 1;
} finally {
  await server.stop();
  removeTempDirs();
}
