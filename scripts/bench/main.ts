/**
 * `npm run bench`: builds the app, starts the production server on loopback with the embedded
 * content in a fresh DATA_DIR, measures its warm pages against a minimal Node server and nginx
 * holding the same HTML and compressed bytes, prints the table and writes it into BENCHMARKS.md.
 * Options: --duration <s> per load run (default 10), --rounds <n> of the warm runs, servers taking
 * turns (default 3), --soak <s> for the mixed-load soak (default 60).
 */
import http from "node:http";
import os from "node:os";
import { parseArgs } from "node:util";
import { buildApp, startAppServer, type AppServer } from "./app-server";
import { sequentialPass } from "./cold";
import { ContentClone } from "./content-repo";
import { get } from "./http";
import { shippedJs } from "./js-size";
import { combineRounds, LOAD_GENERATOR, runLoad, type LoadRequest, type LoadResult } from "./load";
import { describeMachine } from "./machine";
import { childrenOf, descendantsRssMb, rssMb, treeCpuSeconds, waitUntilIdle, type Running } from "./process";
import { pushToLive } from "./push-latency";
import { renderReport, writeReport, type Memory, type WarmRun } from "./report";
import { measureSearch, searchQueries } from "./search";
import { interleave, revalidations, soak } from "./soak";
import { saveSite, startMinimalNode, startNginx, type StaticServer } from "./static-baseline";
import { removeTempDirs } from "./temp";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    soak: { type: "string", default: "60" },
    rounds: { type: "string", default: "3" },
  },
});
const loadSeconds = Number(values.duration);
const roundCount = Math.max(1, Number(values.rounds) || 1);
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
/** The first server, the one measured cold, pushed to and soaked. */
const SINGLE = "sui-docs, 1 server process";

/** How a site run is laid out in processes. */
interface SiteLayout {
  name: string;
  serverProcesses: number;
  fronts: number;
}

/**
 * Waits until every server process listens (followers start once the leader has built the history
 * index), then has each render every path: node:cluster hands connections (not requests) to the
 * processes in turn, so each request goes on a connection of its own, twice per process a path.
 * Fronts keep what any server process renders.
 */
async function warmEveryProcess(url: string, paths: string[], { serverProcesses, fronts }: SiteLayout): Promise<void> {
  const fresh = new http.Agent({ keepAlive: false, maxSockets: 1 });
  const pids = new Set<number>();
  const deadline = Date.now() + 120_000;
  while (pids.size < serverProcesses) {
    if (Date.now() > deadline) throw new Error(`only ${pids.size} of ${serverProcesses} server processes answered within 120 s`);
    const status = await get(`${url}/api/status`, {}, { agent: fresh });
    if (status.status === 200) pids.add((JSON.parse(status.body) as { process: { pid: number } }).process.pid);
  }
  const turns = 2 * Math.max(serverProcesses, fronts);
  for (const path of paths) for (let i = 0; i < turns; i++) await get(`${url}${path}`, BROWSER_ENCODINGS, { agent: fresh });
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
    () => startMinimalNode(site.dir, ids[0]!, { siteHeads: true }),
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
  // The same workloads on the site as `npm start` runs it by default (a front process per core before
  // one server process), with one front, and with a server process per core and no front.
  const layouts: SiteLayout[] = [
    { name: `sui-docs, ${PROCESSES} front processes + 1 server process (npm start's default)`, serverProcesses: 1, fronts: PROCESSES },
    { name: "sui-docs, 1 front process + 1 server process (FRONT_PROCESSES=1)", serverProcesses: 1, fronts: 1 },
    { name: `sui-docs, ${PROCESSES} server processes, no front (FRONT_PROCESSES=0)`, serverProcesses: PROCESSES, fronts: 0 },
  ];
  // The first server's pages were rendered by the cold pass, but at the commit before the pushes, and
  // saving the site then rendered all of them again: its kept pages may no longer hold the workloads'.
  await warmEveryProcess(
    app.url,
    workloads.flatMap((w) => w.paths),
    { name: SINGLE, serverProcesses: 1, fronts: 0 },
  );
  const layoutServers: AppServer[] = [];
  for (const layout of layouts) {
    step(`starting ${layout.name} on a fresh DATA_DIR; warming the workloads' pages in each process`);
    const server = await startAppServer({
      env: { WEB_CONCURRENCY: String(layout.serverProcesses), FRONT_PROCESSES: String(layout.fronts) },
    });
    running.push(server);
    layoutServers.push(server);
    await warmEveryProcess(
      server.url,
      workloads.flatMap((w) => w.paths),
      layout,
    );
  }

  // Servers take turns, round after round, and each figure is the median of its rounds: this
  // machine's speed drifts over minutes, and a ratio of two runs minutes apart measures the drift.
  type Contender = { name: string; url: string; pid: number; settles: boolean };
  const contenders: Contender[] = [
    { name: SINGLE, url: app.url, pid: app.pid, settles: true },
    ...layouts.map((layout, i) => ({ name: layout.name, url: layoutServers[i]!.url, pid: layoutServers[i]!.pid, settles: true })),
    ...baselines.map((b) => ({ name: b.name, url: b.url, pid: b.pid, settles: false })),
  ];
  const rounds = new Map<string, LoadResult[]>();
  for (let round = 1; round <= roundCount; round++) {
    for (const workload of workloads) {
      step(
        `warm pages, round ${round} of ${roundCount}, ${workload.name}, ${CONNECTIONS} connections with ${LOAD_GENERATOR}, ${loadSeconds} s per run`,
      );
      for (const contender of contenders) {
        // The site's start-up and push work (search and history indexes) must not be measured as warm serving.
        if (contender.settles) await waitUntilIdle(contender.pid);
        const cpuBefore = treeCpuSeconds(contender.pid);
        const result = await runLoad({
          url: contender.url,
          requests: asRequests(workload.paths, BROWSER_ENCODINGS),
          connections: CONNECTIONS,
          seconds: loadSeconds,
        });
        result.cpuUsPerRequest = ((treeCpuSeconds(contender.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests);
        const key = `${workload.name}\n${contender.name}`;
        rounds.set(key, [...(rounds.get(key) ?? []), result]);
      }
    }
  }
  const combined = (workload: string, contender: string) => combineRounds(rounds.get(`${workload}\n${contender}`)!);
  const warm: WarmRun[] = workloads.map((workload) => ({
    workload: workload.name,
    connections: CONNECTIONS,
    rounds: roundCount,
    sites: [
      { name: SINGLE, servingProcesses: 1, result: combined(workload.name, SINGLE) },
      ...layouts.map((layout) => ({
        name: layout.name,
        servingProcesses: layout.fronts || layout.serverProcesses,
        result: combined(workload.name, layout.name),
      })),
    ],
    baselines: baselines.map((b) => ({ name: b.name, result: combined(workload.name, b.name) })),
  }));
  const layoutRss = layouts.map((layout, i) => ({ name: layout.name, processesMb: childrenOf(layoutServers[i]!.pid).map(rssMb) }));
  for (const server of layoutServers) await server.stop();
  step(`pinned commit, warm, ${CONNECTIONS} connections`);
  const pinnedMix = workloads[0]!.paths.map((path) => `${path}?commit=${pinnedCommit}`);
  await waitUntilIdle(app.pid);
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
    layoutRss,
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
