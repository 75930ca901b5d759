/**
 * `npm run bench`: builds the app, starts the production server on loopback with the embedded
 * content in a fresh DATA_DIR, measures its warm pages against a minimal Node server and nginx
 * holding the same HTML and compressed bytes, prints the table and writes it into BENCHMARKS.md. Options: --duration <s> per load run (default 10),
 * --soak <s> for the mixed-load soak (default 60).
 */
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { buildApp, startAppServer } from "./app-server";
import { sequentialPass } from "./cold";
import { ContentClone } from "./content-repo";
import { get } from "./http";
import { shippedJs } from "./js-size";
import { LOAD_GENERATOR, runLoad, type LoadRequest } from "./load";
import { describeMachine } from "./machine";
import { childrenOf, descendantsRssMb, rssMb, type Running } from "./process";
import { pushToLive } from "./push-latency";
import { renderReport, writeReport, type Memory, type WarmRun } from "./report";
import { measureSearch, searchQueries } from "./search";
import { interleave, revalidations, soak } from "./soak";
import { saveSite, startMinimalNode, startNginx, type StaticServer } from "./static-baseline";
import { removeTempDirs } from "./temp";

const { values } = parseArgs({ options: { duration: { type: "string", default: "10" }, soak: { type: "string", default: "60" } } });
const loadSeconds = Number(values.duration);
const soakSeconds = Number(values.soak);
const CONNECTIONS = 64;
/** Pages in the warm mix, spread over the catalogue. */
const MIX_PAGES = 16;
const PUSHES = 10;
const SEARCH_QUERIES = 100;

const step = (what: string) => console.error(`bench: ${what}`);
const asRequests = (paths: string[], headers?: Record<string, string>): LoadRequest[] => paths.map((path) => ({ path, headers }));
const memoryOf = (pid: number): Memory => ({ serverMb: rssMb(pid), childrenMb: descendantsRssMb(pid) });
/** What browsers send: the site and the minimal server answer with brotli, nginx with its .gz files. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };
const spread = <T>(list: readonly T[], count: number) =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor((i * list.length) / Math.min(count, list.length))]!);
const running: Running[] = [];
/** The server processes of a WEB_CONCURRENCY run: one per core, as `npm start` runs by default. */
const PROCESSES = os.availableParallelism();

/**
 * Waits until every server process listens (followers start once the leader has built the history
 * index), then has each render every path: node:cluster hands connections (not requests) to the
 * processes in turn, so each request goes on a connection of its own, 2 × PROCESSES times a path.
 */
async function warmEveryProcess(url: string, paths: string[]): Promise<void> {
  const fresh = new http.Agent({ keepAlive: false, maxSockets: 1 });
  const pids = new Set<number>();
  const deadline = Date.now() + 120_000;
  while (pids.size < PROCESSES) {
    if (Date.now() > deadline) throw new Error(`only ${pids.size} of ${PROCESSES} server processes answered within 120 s`);
    pids.add((JSON.parse((await get(`${url}/api/status`, {}, { agent: fresh })).body) as { process: { pid: number } }).process.pid);
  }
  for (const path of paths) for (let i = 0; i < 2 * PROCESSES; i++) await get(`${url}${path}`, BROWSER_ENCODINGS, { agent: fresh });
}

try {
  const machine = describeMachine();
  step("building the app");
  buildApp();
  const app = await startAppServer();
  running.push(app);

  const catalogue = JSON.parse((await get(`${app.url}/api/catalogue`)).body) as Array<{ id: string; title: string; description: string }>;
  const ids = catalogue.map((p) => p.id);
  const livePaths = ids.map((id) => `/${id}`);

  step(`cold pages: ${ids.length} pages once each on the fresh server`);
  const cold = await sequentialPass(app.url, livePaths);
  const afterWarm = memoryOf(app.pid);

  step(`push to live: ${PUSHES} pushes`);
  const clone = new ContentClone(app.gitdir);
  const pushPage = ids.find((id) => clone.hasPage(id))!;
  const push = await pushToLive(app.url, clone, pushPage, PUSHES);

  // The canonical form, the full commit id: an abbreviated one is answered with a redirect to it.
  const pinnedCommit = clone.firstCommit();
  const pinnedPaths = livePaths.map((path) => `${path}?commit=${pinnedCommit}`);
  step(`pinned commit ${pinnedCommit.slice(0, 12)}: cold pages`);
  const pinnedCold = await sequentialPass(app.url, pinnedPaths);

  step("saving the static copy; starting the minimal Node server and nginx");
  const site = await saveSite(app.url, ids);
  const starts = [
    () => startMinimalNode(site.dir, ids[0]!),
    () => startNginx(site.dir, ids[0]!, 1),
    () => startNginx(site.dir, ids[0]!, "auto"),
  ];
  const baselines: StaticServer[] = [];
  for (const startBaseline of starts) {
    const baseline = await startBaseline();
    if (baseline) baselines.push(baseline);
  }
  running.push(...baselines);

  const workloads = [
    { name: `${MIX_PAGES}-page mix`, paths: spread(ids, MIX_PAGES).map((id) => `/${id}`) },
    { name: `one small page (/${site.smallestId})`, paths: [`/${site.smallestId}`] },
  ];
  // The same workloads on the site as `npm start` runs it by default: one server process per core.
  step(`starting sui-docs as ${PROCESSES} server processes on a fresh DATA_DIR; warming the workloads' pages in each`);
  const perCore = await startAppServer({ env: { WEB_CONCURRENCY: String(PROCESSES) } });
  running.push(perCore);
  await warmEveryProcess(
    perCore.url,
    workloads.flatMap((w) => w.paths),
  );

  const warm: WarmRun[] = [];
  for (const workload of workloads) {
    step(`warm pages, ${workload.name}, ${CONNECTIONS} connections with ${LOAD_GENERATOR}, ${loadSeconds} s per run`);
    const load = (url: string, requests: LoadRequest[]) => runLoad({ url, requests, connections: CONNECTIONS, seconds: loadSeconds });
    const requests = asRequests(workload.paths, BROWSER_ENCODINGS);
    const live = await load(app.url, requests);
    const perCoreResult = await load(perCore.url, requests);
    const measured = [];
    for (const baseline of baselines) measured.push({ name: baseline.name, result: await load(baseline.url, requests) });
    warm.push({
      workload: workload.name,
      connections: CONNECTIONS,
      live,
      perCore: { processes: PROCESSES, result: perCoreResult },
      baselines: measured,
    });
  }
  const perCoreRssMb = childrenOf(perCore.pid).map(rssMb);
  await perCore.stop();
  step(`pinned commit, warm, ${CONNECTIONS} connections`);
  const pinnedMix = workloads[0]!.paths.map((path) => `${path}?commit=${pinnedCommit}`);
  const pinned = await runLoad({
    url: app.url,
    requests: asRequests(pinnedMix, BROWSER_ENCODINGS),
    connections: CONNECTIONS,
    seconds: loadSeconds,
  });
  const afterLoad = memoryOf(app.pid);
  for (const baseline of baselines) await baseline.stop();

  step(`search: ${SEARCH_QUERIES} queries`);
  const queries = searchQueries(catalogue, SEARCH_QUERIES);
  const search = await measureSearch(app.url, queries);

  const js = await shippedJs(app.url, `/${site.typicalId}`);

  step(`soak: ${soakSeconds} s of mixed load at 64 connections`);
  const searchPaths = search ? queries.map((q) => `/api/search?q=${encodeURIComponent(q)}`) : [];
  // Pinned pages are the mix's: readers of old commits read a few pages, and the whole catalogue at
  // one pinned commit is more than the pinned share of the page cache holds, so each would render.
  const mixed = interleave(asRequests(livePaths), asRequests(pinnedMix), asRequests(searchPaths), await revalidations(app.url, livePaths));
  const soaked = await soak(app.url, app.pid, mixed, 64, soakSeconds);

  const report = renderReport({
    machine,
    loadGenerator: LOAD_GENERATOR,
    pages: ids.length,
    loadSeconds,
    cold,
    afterWarm,
    pinnedCommit,
    pinnedCold,
    warm,
    perCoreRssMb,
    pinned,
    push,
    search,
    afterLoad,
    js,
    soak: soaked,
  });
  console.log(report);
  writeReport(report);
} finally {
  await Promise.all(running.map((r) => r.stop()));
  removeTempDirs();
}
