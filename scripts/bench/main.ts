/**
 * `npm run bench`: builds the app, starts the production server on loopback with the embedded
 * content in a fresh DATA_DIR, measures it against static servers holding the same HTML, prints
 * the table and writes it into BENCHMARKS.md. Options: --duration <s> per load run (default 10),
 * --soak <s> for the mixed-load soak (default 60).
 */
import { parseArgs } from "node:util";
import { buildApp, startAppServer } from "./app-server";
import { sequentialPass } from "./cold";
import { ContentClone } from "./content-repo";
import { get } from "./http";
import { shippedJs } from "./js-size";
import { runLoad, type LoadRequest } from "./load";
import { describeMachine } from "./machine";
import { descendantsRssMb, rssMb, type Running } from "./process";
import { pushToLive } from "./push-latency";
import { renderReport, writeReport, type Memory, type WarmRun } from "./report";
import { measureSearch, searchQueries } from "./search";
import { interleave, revalidations, soak } from "./soak";
import { saveSite, startNginx, startSirv, type StaticServer } from "./static-baseline";
import { removeTempDirs } from "./temp";

const { values } = parseArgs({ options: { duration: { type: "string", default: "10" }, soak: { type: "string", default: "60" } } });
const loadSeconds = Number(values.duration);
const soakSeconds = Number(values.soak);
const CONNECTIONS = [10, 64];
const PUSHES = 10;
const SEARCH_QUERIES = 100;

const step = (what: string) => console.error(`bench: ${what}`);
const asRequests = (paths: string[], headers?: Record<string, string>): LoadRequest[] => paths.map((path) => ({ path, headers }));
const memoryOf = (pid: number): Memory => ({ serverMb: rssMb(pid), childrenMb: descendantsRssMb(pid) });
/** What browsers send: the server answers with brotli it compressed once per page. */
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br, zstd" };
const running: Running[] = [];

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

  const pinnedCommit = clone.firstCommit().slice(0, 12);
  const pinnedPaths = livePaths.map((path) => `${path}?commit=${pinnedCommit}`);
  step(`pinned commit ${pinnedCommit}: cold pages`);
  const pinnedCold = await sequentialPass(app.url, pinnedPaths);

  step("saving the static copy; starting the static servers");
  const site = await saveSite(app.url, ids);
  const baselines = [await startSirv(site.dir, ids[0]!), await startNginx(site.dir, ids[0]!)].filter((s): s is StaticServer => s !== undefined);
  running.push(...baselines);

  const warm: WarmRun[] = [];
  for (const connections of CONNECTIONS) {
    step(`warm pages at ${connections} connections, ${loadSeconds} s per run`);
    const load = (url: string, requests: LoadRequest[]) => runLoad({ url, requests, connections, seconds: loadSeconds });
    const live = await load(app.url, asRequests(livePaths));
    const compressed = await load(app.url, asRequests(livePaths, BROWSER_ENCODINGS));
    const pinned = await load(app.url, asRequests(pinnedPaths));
    const measured = [];
    for (const baseline of baselines) measured.push({ name: baseline.name, result: await load(baseline.url, asRequests(livePaths)) });
    warm.push({ connections, live, compressed, pinned, baselines: measured });
  }
  const afterLoad = memoryOf(app.pid);
  for (const baseline of baselines) await baseline.stop();

  step(`search: ${SEARCH_QUERIES} queries`);
  const queries = searchQueries(catalogue, SEARCH_QUERIES);
  const search = await measureSearch(app.url, queries);

  const js = await shippedJs(app.url, `/${site.typicalId}`);

  step(`soak: ${soakSeconds} s of mixed load at 64 connections`);
  const searchPaths = search ? queries.map((q) => `/api/search?q=${encodeURIComponent(q)}`) : [];
  const mixed = interleave(asRequests(livePaths), asRequests(pinnedPaths), asRequests(searchPaths), await revalidations(app.url, livePaths));
  const soaked = await soak(app.url, app.pid, mixed, 64, soakSeconds);

  const report = renderReport({ machine, pages: ids.length, loadSeconds, cold, afterWarm, pinnedCommit, pinnedCold, warm, push, search, afterLoad, js, soak: soaked });
  console.log(report);
  writeReport(report);
} finally {
  await Promise.all(running.map((r) => r.stop()));
  removeTempDirs();
}
