/**
 * How much readers rotating `/api/search?commit=` over many commits cost the live site: the
 * production server on the embedded content plus 20 commits, a live page under load (autocannon,
 * 16 connections, 10 s) and live searches one after another, first quietly, then while 4 clients
 * (each from its own loopback address) ask for searches at the 20 older commits in rotation, as
 * fast as they are answered.
 *
 *   npm run build && npx tsx scripts/bench-security/pinned-search-attack.ts
 */
import http from "node:http";
import { startAppServer } from "../bench/app-server";
import { ContentClone } from "../bench/content-repo";
import { runLoad, type LoadResult } from "../bench/load";

const PAGE = "/references/sui-glossary";
const COMMITS = 20;
const ATTACKERS = 4;

const server = await startAppServer();
const get = async (path: string) => {
  const res = await fetch(server.url + path);
  await res.arrayBuffer();
  return res.status;
};
/** A GET from a given local address, so the server sees distinct clients; resolves with the status. */
const getFrom = (localAddress: string, path: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(server.url + path, { localAddress, agent: false }, (res) => res.resume().on("end", () => resolve(res.statusCode!)))
      .on("error", reject);
  });
try {
  const clone = new ContentClone(server.gitdir);
  const commits = Array.from({ length: COMMITS }, (_, i) => clone.appendToPage("references/sui-glossary", `Revision ${i} of a note.`));
  clone.push();
  const live = commits.pop()!;
  for (;;) {
    const status = (await (await fetch(`${server.url}/api/status`)).json()) as { commit: string };
    if (status.commit === live) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  for (let i = 0; i < 3; i++) await get(PAGE);
  await get("/api/search?q=coin");

  /** Live searches one after another until `until` settles: their latencies in ms. */
  async function liveSearches(until: Promise<unknown>): Promise<number[]> {
    let done = false;
    void until.then(() => (done = true));
    const times: number[] = [];
    while (!done) {
      const started = performance.now();
      await get("/api/search?q=validator");
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  }
  const quantile = (sorted: number[], q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN);
  const line = (name: string, load: LoadResult, searches: number[]) =>
    `${name}: live page ${Math.round(load.rps)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, failures ${load.failures}; ` +
    `live search p50 ${quantile(searches, 0.5)} ms, p99 ${quantile(searches, 0.99)} ms (${searches.length} searches)`;
  const measure = () => runLoad({ url: server.url, requests: [{ path: PAGE }], connections: 16, seconds: 10 });

  const quiet = measure();
  const quietSearches = liveSearches(quiet);
  console.log(line("quiet", await quiet, await quietSearches));

  const statuses: Record<number, number> = {};
  let attacking = true;
  const attackers = Array.from({ length: ATTACKERS }, async (_, a) => {
    for (let i = a; attacking; i++) {
      const status = await getFrom(`127.0.0.${10 + a}`, `/api/search?q=coin&commit=${commits[i % commits.length]}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  });
  const attacked = measure();
  const searches = await liveSearches(attacked);
  attacking = false;
  await Promise.all(attackers);
  console.log(line(`${ATTACKERS} clients rotating pinned searches over ${commits.length} commits`, await attacked, searches));
  console.log(`  their answers: ${JSON.stringify(statuses)}`);
} finally {
  await server.stop();
}
