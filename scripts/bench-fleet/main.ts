/**
 * `npm run bench:fleet`: the site as a fleet (npm run fleet: three replicas, HAProxy, Varnish)
 * serving the embedded catalogue (every page, its search index and generated references: what a
 * push costs grows with them) from the fleet's own smart-HTTP repository. Prints a table:
 * push-to-live on every replica and through the cache after one signed delivery (p50, p95 over 20
 * pushes), requests failed under steady load during a rolling restart and a kill -9, and req/s of a
 * warm page through Varnish against Varnish answering a synthetic object of the same size (with wrk
 * when installed: autocannon parses the site's headers slower than Varnish sends them). Last, with
 * the fleet stopped, how long Varnish keeps serving pages whose origin is gone
 * (`--stale-minutes`, 10). Run `npm run build` first.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startFleet, steadyLoad } from "../../test/helpers/fleet";
import { cloneOverHttp, pushOverHttp } from "../../test/helpers/git-http";
import { signedDelivery, WEBHOOK_SECRET } from "../../test/helpers/site";
import { runLoad, LOAD_GENERATOR } from "../bench/load";
import { describeMachine } from "../bench/machine";
import { percentile } from "../bench/stats";
import { staleWhileDown } from "./stale";
import { startSyntheticVarnish } from "./synthetic-varnish";

const PUSHES = 20;
const REPLICAS = 3;
const LOAD_SECONDS = 10;
const CONNECTIONS = 16;
/** The page each push edits, and the route that shows it. */
const EDITED = { file: "docs/concepts/object-model.mdx", route: "/concepts/object-model" };
const PAGES = ["/concepts", EDITED.route, "/guides", "/standards", "/references", "/concepts.md", `${EDITED.route}.md`, "/api/catalogue"];
const WARM_PAGE = "/concepts";

const log = (line: string) => console.error(`bench:fleet: ${line}`);

async function commitOf(url: string): Promise<string | null> {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await answer.arrayBuffer();
    return answer.status === 200 ? answer.headers.get("X-Docs-Commit") : null;
  } catch {
    return null;
  }
}

/** The bytes of a response's body as sent (compressed when it is), without decoding it. */
function wireBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
      })
      .on("error", reject);
  });
}

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs / 1000} s`);
    await sleep(10);
  }
  return Date.now() - started;
}

function sendPush(url: string, after: string): Promise<Response> {
  return fetch(url, { method: "POST", ...signedDelivery("push", { ref: "refs/heads/main", after }) });
}

/** `--stale-minutes N` (10; 0 skips it): how long the cache is watched with its origin stopped. */
const staleArg = process.argv.indexOf("--stale-minutes");
const STALE_MINUTES = staleArg > 0 ? Number(process.argv[staleArg + 1]) : 10;
if (!Number.isFinite(STALE_MINUTES) || STALE_MINUTES < 0) throw new Error("--stale-minutes takes a number of minutes, 0 to skip");

const machine = describeMachine();
const table: string[] = [];
const fleet = await startFleet(REPLICAS, { WEBHOOK_SECRET, POLL_INTERVAL: "0", ACCESS_LOG: "off" }, 300_000);
const work = await cloneOverHttp(fleet.addresses.repository!);
const original = fs.readFileSync(path.join(work.dir, EDITED.file), "utf8");
const replicas = fleet.replicas.map((name) => fleet.addresses[name]!);
const cache = fleet.addresses.cache!;
try {
  // Every page compiled and kept on every replica, and in the cache, before anything is timed.
  for (const base of [...replicas, cache]) for (const page of PAGES) await commitOf(base + page);

  const everyReplica: number[] = [];
  const throughCache: number[] = [];
  for (let i = 1; i <= PUSHES; i++) {
    work.write({ [EDITED.file]: `${original}\nPush ${i} of the fleet bench.\n` });
    const oid = work.commit(`bench push ${i}`);
    await pushOverHttp(work);
    const started = Date.now();
    const answer = await sendPush(fleet.addresses.webhook!, oid);
    if (answer.status !== 202) throw new Error(`the webhook answered ${answer.status}: ${await answer.text()}`);
    const replicaMs = until(async () =>
      (await Promise.all(replicas.map((url) => commitOf(url + EDITED.route)))).every((c) => c === oid),
    ).then(() => Date.now() - started);
    const cacheMs = until(async () => (await commitOf(cache + EDITED.route)) === oid).then(() => Date.now() - started);
    everyReplica.push(await replicaMs);
    throughCache.push(await cacheMs);
    log(`push ${i}: every replica ${everyReplica.at(-1)} ms, through the cache ${throughCache.at(-1)} ms`);
  }

  const underLoad = async (change: () => Promise<void>) => {
    const load = steadyLoad(fleet.addresses.balancer!, PAGES);
    await sleep(2_000);
    await change();
    await sleep(2_000);
    return load.stop();
  };
  const rolling = await underLoad(() => fleet.rollingRestart(600_000));
  log(`rolling restart: ${rolling.answered} answered, ${rolling.failures.length} failed ${rolling.failures.slice(0, 5).join("; ")}`);
  const victim = replicas[1]!;
  const killed = await underLoad(async () => {
    const { process: target } = (await (await fetch(`${victim}/api/status`)).json()) as { process: { pid: number } };
    process.kill(target.pid, "SIGKILL");
    await sleep(1_000);
    await until(
      async () =>
        await fetch(`${victim}/readyz`)
          .then((r) => r.status === 200)
          .catch(() => false),
      300_000,
    );
  });
  log(`kill -9: ${killed.answered} answered, ${killed.failures.length} failed ${killed.failures.slice(0, 5).join("; ")}`);

  // Warm page through Varnish (a HIT) against Varnish answering an object of the same size itself.
  // Readers' browsers accept gzip, and Varnish keeps the page gzipped as the site sent it: asked
  // without it, Varnish would gunzip the page for every request, which no browser makes it do.
  const GZIP = { "Accept-Encoding": "gzip" };
  const bytes = await wireBytes(cache + WARM_PAGE, GZIP);
  const load = (url: string, path: string) =>
    runLoad({ url, requests: [{ path, headers: GZIP }], connections: CONNECTIONS, seconds: LOAD_SECONDS });
  await load(cache, WARM_PAGE);
  const site = await load(cache, WARM_PAGE);
  const synthetic = await startSyntheticVarnish(bytes);
  let bare;
  try {
    await load(synthetic.url, "/");
    bare = await load(synthetic.url, "/");
  } finally {
    await synthetic.stop();
  }

  const ms = (values: number[]) => `${percentile(values, 50)} / ${percentile(values, 95)} ms`;
  const failed = (run: typeof rolling) => `${run.failures.length} of ${run.answered + run.failures.length}`;
  table.push(
    ...[
      `Fleet: ${REPLICAS} replicas (one server process and one compile worker each) behind HAProxy and Varnish, ` +
        `on ${machine.cores} cores (${machine.cpu}), load average ${machine.loadAverage.toFixed(1)} at the start, ` +
        `${machine.date}, ${machine.revision}; the embedded catalogue behind the fleet's smart-HTTP repository; ` +
        `${LOAD_GENERATOR}, ${CONNECTIONS} connections, ${LOAD_SECONDS} s.`,
      "",
      "| Measure | Result |",
      "|---|---|",
      `| Push-to-live on every replica after one signed delivery to HAProxy (p50 / p95 over ${PUSHES} pushes) | ${ms(everyReplica)} |`,
      `| Push-to-live through the cache (Varnish) (p50 / p95) | ${ms(throughCache)} |`,
      `| Failed requests under steady load (4 loops through HAProxy), rolling restart of ${REPLICAS} replicas | ${failed(rolling)} |`,
      `| Failed requests under steady load, kill -9 of one replica and its replacement on an empty DATA_DIR | ${failed(killed)} |`,
      `| Warm page through Varnish (${WARM_PAGE}, ${bytes} B gzipped, HIT) | ${Math.round(site.rps)} req/s (${site.failures} failed) |`,
      `| Varnish answering a synthetic object of ${bytes} B (vcl_synth) | ${Math.round(bare.rps)} req/s |`,
      `| Ratio | ${(site.rps / bare.rps).toFixed(2)}× |`,
    ],
  );
} finally {
  await fleet.stop();
}
if (STALE_MINUTES > 0) {
  log(`the cache with its origin stopped: reading ${PAGES.length} pages every 30 s for ${STALE_MINUTES} min`);
  const stale = await staleWhileDown(PAGES, STALE_MINUTES);
  table.push(
    `| Pages served by Varnish over ${stale.minutes} min with the origin stopped (one replica, s-maxage 30 s) | ` +
      `${stale.served} of ${stale.requests} ${stale.failures.slice(0, 3).join("; ")} |`,
  );
}
console.log(table.join("\n"));
