/**
 * The memory plan on a large catalogue: a repository of 20,000 pages (the embedded content and
 * generated pages beside it) with 50 commits, each editing a page or two, so each commit has a content
 * tree of its own as large as the catalogue; four readers rotate `?commit=` over them (catalogue,
 * sidebar, page in turn) while every process of the server is sampled from /proc. Too slow for the
 * test suite (the start alone builds 20,000 pages' frontmatter; each further tree takes seconds), so
 * it runs here: `npx tsx scripts/bench-scale/page-rotation.ts [pages] [commits]`, after `npm run build`.
 * Exits 1 when a request failed or a process went over its line in server/memory-budget.ts.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { RSS_LIMIT_MB, WORKER_PROCESS_MB } from "../../server/memory-budget";
import { ROOT, startAppServer } from "../bench/app-server";
import { removeTempDirs, tempDir } from "../bench/temp";
import { REQUESTS_PER_COMMIT, rotateCommits } from "./commit-rotation";
import { fastImport } from "./fast-import";
import { fastImportStream } from "./fast-import-stream";
import { manyPages } from "./many-pages";
import { RssSampler } from "./rss-sampler";
import { readContentFolder } from "./synthetic-repo";

const READERS = 4;

async function main(): Promise<number> {
  const pages = Number(process.argv[2] ?? 20_000);
  const commits = Number(process.argv[3] ?? 50);
  const gitdir = path.join(tempDir("pages"), "pages.git");
  const shape = { commits, contentRoot: "", docShare: 1, mergeShare: 0, churnFiles: 0, binaryBytes: 0, seed: 3 };
  const content = [...readContentFolder(path.join(ROOT, "content")), ...manyPages(pages)];
  await fastImport(
    gitdir,
    fastImportStream(shape, content, (size) => Buffer.alloc(size)),
  );
  const oids = execFileSync("git", ["rev-list", "--first-parent", "main"], { cwd: gitdir, encoding: "utf8" }).trim().split("\n");
  let sampler: RssSampler | undefined;
  const started = Date.now();
  const server = await startAppServer({
    env: { CONTENT_REPO: gitdir },
    readyTimeoutMs: 600_000,
    onSpawn: (pid) => (sampler = new RssSampler(pid)),
  });
  console.log(`${pages} pages, ${oids.length} commits: the server started in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    const rotating = Date.now();
    const statuses = await rotateCommits(server.url, oids, READERS).catch((error: Error) => {
      // A server that ended (out of memory) resets the readers' connections: its last words say why.
      console.log(`rotation failed: ${error.message}\n${server.output()}`);
      return {} as Record<number, number>;
    });
    const peaks = sampler!.stop();
    console.log(`rotation in ${((Date.now() - rotating) / 1000).toFixed(0)} s, answers ${JSON.stringify(statuses)}`);
    for (const peak of peaks.slice(0, 4)) console.log(`  ${peak.name} (${peak.pid}): peak ${peak.mb.toFixed(0)} MB RSS`);
    const serverPeak = peaks.find((p) => p.pid === server.pid)!;
    const workerLine = WORKER_PROCESS_MB.heapLimit + WORKER_PROCESS_MB.runtime;
    const over = serverPeak.mb > RSS_LIMIT_MB || peaks.some((p) => p.name === "compile worker" && p.mb > workerLine);
    return over || statuses[200] !== oids.length * REQUESTS_PER_COMMIT ? 1 : 0;
  } finally {
    await server.stop();
    removeTempDirs();
  }
}

process.exitCode = await main();
