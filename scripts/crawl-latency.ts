/**
 * Warm-page latency while the server compiles every page cold: one client crawls the whole catalogue
 * at concurrency 8 on a fresh DATA_DIR, another asks for one already-rendered page in a loop. A
 * compile that runs on the request thread shows up in the second client's p99.
 *
 *   npx tsx scripts/crawl-latency.ts [project root, default .] [warm page id, default concepts]
 */
import path from "node:path";
import { freePort, start } from "./bench/process";
import { tempDir } from "./bench/temp";

const root = path.resolve(process.argv[2] ?? ".");
const warmId = process.argv[3] ?? "concepts";
const CONCURRENCY = 8;

const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const server = start(process.execPath, [path.join(root, "build/index.js")], {
  cwd: root,
  env: { PATH: process.env.PATH, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: tempDir("crawl-data-") },
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      if (i > 600 || !server.alive()) throw new Error(`server did not start: ${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const ids = ((await (await fetch(`${url}/api/catalogue`)).json()) as Array<{ id: string }>).map((e) => e.id);
  for (let i = 0; i < 3; i++) await (await fetch(`${url}/${warmId}`)).text();

  const warm: number[] = [];
  let crawling = true;
  const warmClient = (async () => {
    while (crawling) {
      const t = performance.now();
      const res = await fetch(`${url}/${warmId}`);
      await res.text();
      warm.push(performance.now() - t);
    }
  })();
  const started = performance.now();
  const queue = ids.filter((id) => id !== warmId);
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const res = await fetch(`${url}/${id}`);
        await res.text();
        if (res.status !== 200) failures.push(`${id} ${res.status}`);
      }
    }),
  );
  const crawlMs = performance.now() - started;
  crawling = false;
  await warmClient;
  warm.sort((a, b) => a - b);
  const pct = (p: number) => warm[Math.min(warm.length - 1, Math.floor((p / 100) * warm.length))]!.toFixed(1);
  console.log(`cold crawl of ${ids.length - 1} pages at concurrency ${CONCURRENCY}: ${(crawlMs / 1000).toFixed(1)} s, ${failures.length} failures ${failures.slice(0, 5).join(", ")}`);
  console.log(`warm /${warmId} during the crawl: ${warm.length} requests, p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`);
} finally {
  await server.stop();
}
