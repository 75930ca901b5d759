/**
 * First view of a page after a restart, when the page was compiled before the restart (its compiled
 * tree is read from DATA_DIR/compiled) and, for comparison, the first view of a page never compiled.
 *
 *   npx tsx scripts/restart-first-view.ts [page id compiled before] [page id never compiled]
 */
import { startAppServer } from "./bench/app-server";
import { tempDir } from "./bench/temp";

const compiledBefore = process.argv[2] ?? "standards/coin";
const neverCompiled = process.argv[3] ?? "concepts/sui-architecture/indexer-functions";
const dataDir = tempDir("restart-data-");

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url);
  await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

const first = await startAppServer({ dataDir });
const cold = await timed(`${first.url}/${compiledBefore}`);
// Let the compiled page reach the disk (it is written after the response).
await new Promise((r) => setTimeout(r, 500));
await first.stop();

const second = await startAppServer({ dataDir });
// The server's first page view also warms the layout and Git; pay that on another page first.
await timed(`${second.url}/guides`);
const compiles = async () => ((await (await fetch(`${second.url}/api/status`)).json()) as { compiles: number }).compiles;
const before = await compiles();
const restarted = await timed(`${second.url}/${compiledBefore}`);
const reused = (await compiles()) === before;
// The same page rendered again at a pinned commit: everything cached but the rendering itself.
const { commit } = (await (await fetch(`${second.url}/api/status`)).json()) as { commit: string };
const rendered = await timed(`${second.url}/${compiledBefore}?commit=${commit}`);
const never = await timed(`${second.url}/${neverCompiled}`);
await second.stop();
console.log(
  `/${compiledBefore}: first view before the restart ${cold.toFixed(1)} ms; first view after the restart ` +
    `${restarted.toFixed(1)} ms (${reused ? "no compile" : "compiled again"}); ` +
    `rendering it again, compiled page in memory: ${rendered.toFixed(1)} ms`,
);
console.log(`/${neverCompiled}, never compiled: first view ${never.toFixed(1)} ms`);
