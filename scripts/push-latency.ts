/**
 * Push-to-live from a smart-HTTP remote announced by a signed webhook, as a docs team on GitHub
 * runs the site: the embedded content is published as a bare repository by `git http-backend`
 * (test/helpers/git-http.ts), with `--branches` other branches and as many tags beside the served
 * one; the production server clones it (POLL_INTERVAL=0, WEBHOOK_SECRET); then each of `--pushes`
 * pushes adds a paragraph to a page, is announced by a signed `push` delivery and timed until the
 * page shows it. Where the time went follows the figures: the mean fetch and publish-check compile
 * from the server's /metrics, and its log lines for each push (`live: …, checked in N ms`).
 *
 *   npm run build && npx tsx scripts/push-latency.ts [--pushes 7] [--branches 20] [--page concepts/object-model]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { GitHttpRemote } from "../test/helpers/git-http";
import { signedDelivery } from "../test/helpers/site";
import { ensureEmbeddedRepository } from "../server/source/embedded";
import { startAppServer, ROOT } from "./bench/app-server";
import { ContentClone } from "./bench/content-repo";
import { get } from "./bench/http";
import { pushToLive } from "./bench/push-latency";
import { removeTempDirs, tempDir } from "./bench/temp";
import { execFileSync } from "node:child_process";

const SECRET = "push-latency-secret";

const { values } = parseArgs({
  options: {
    pushes: { type: "string", default: "7" },
    branches: { type: "string", default: "20" },
    page: { type: "string", default: "concepts/object-model" },
  },
});
const pushes = Number(values.pushes);
const branches = Number(values.branches);
const pageId = values.page!;

function webhook(url: string): () => Promise<void> {
  return async () => {
    const response = await fetch(`${url}/api/webhooks/git`, {
      method: "POST",
      ...signedDelivery("push", { ref: "refs/heads/main" }, SECRET),
    });
    if (!response.ok) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
  };
}

const source = path.join(tempDir("source"), "content.git");
await ensureEmbeddedRepository(path.join(ROOT, "content"), source, "main");
// Branches and tags beside the served one, as a docs repository has: each fetch used to bring them all.
for (let i = 1; i <= branches; i++) {
  execFileSync("git", ["branch", `topic-${i}`, "main"], { cwd: source });
  execFileSync("git", ["tag", `v1.${i}.0`, "main"], { cwd: source });
}
const remote = await GitHttpRemote.start();
const url = remote.publish(source);
const server = await startAppServer({ env: { CONTENT_REPO: url, POLL_INTERVAL: "0", WEBHOOK_SECRET: SECRET, ACCESS_LOG: "off" } });
try {
  // The author pushes to the bare repository on disk: the remote answers in this process, so a
  // synchronous push over HTTP would wait for itself.
  const clone = new ContentClone(path.join(remote.root, "content.git"));
  if (!clone.hasPage(pageId)) throw new Error(`the embedded content has no page ${pageId} (give --page)`);
  await get(`${server.url}/${pageId}`);
  const result = await pushToLive(server.url, clone, pageId, pushes, webhook(server.url));
  console.log(
    `push-to-live from a smart-HTTP remote with a signed webhook, ${branches} other branches and tags, over ${result.pushes} pushes: ` +
      `median ${result.medianMs.toFixed(0)} ms, max ${result.maxMs.toFixed(0)} ms`,
  );
  // Where the time went, from the server's own metrics (each push: one fetch, one publish check).
  const metrics = (await get(`${server.url}/metrics`)).body;
  const mean = (name: string, labels: string) => {
    const value = (suffix: string) =>
      metrics
        .split("\n")
        .filter((line) => line.startsWith(`${name}_${suffix}{`) && line.includes(labels))
        .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
    const count = value("count");
    return count ? `${((value("sum") / count) * 1000).toFixed(0)} ms mean over ${count}` : "none";
  };
  console.log(`  fetch of the served branch: ${mean("docs_fetch_duration_seconds", 'scope="served"')}`);
  console.log(`  fetch of every branch and tag: ${mean("docs_fetch_duration_seconds", 'scope="all"')}`);
  for (const job of ["compile", "markdown", "searchIndex", "generate"])
    for (const lane of ["publish", "live"])
      console.log(`  worker job ${job} (${lane} lane): ${mean("docs_compile_duration_seconds", `job="${job}",lane="${lane}"`)}`);
  for (const line of server.output().split("\n")) if (/live: |not published|commit-graph/.test(line)) console.log(`  server: ${line}`);
} finally {
  await server.stop();
  await remote.stop();
  removeTempDirs();
}
