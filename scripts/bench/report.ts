import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./app-server";
import type { ColdResult } from "./cold";
import type { JsSize } from "./js-size";
import type { LoadResult } from "./load";
import type { Machine } from "./machine";
import type { PushResult } from "./push-latency";
import type { SearchResult } from "./search";
import type { SoakResult } from "./soak";
import { MINIMAL_NODE } from "./static-baseline";

export interface WarmRun {
  /** What is requested, each connection taking the next URL in turn. */
  workload: string;
  connections: number;
  /** Load runs per server, taking turns; each figure is their median. */
  rounds: number;
  /**
   * Live pages with a browser's Accept-Encoding on sui-docs laid out in processes as named: one
   * server process, `npm start`'s default, and behind front processes. `servingProcesses` is how many
   * processes answer warm pages (server processes, or fronts when there are fronts).
   */
  sites: Array<{ name: string; servingProcesses: number; result: LoadResult }>;
  /** The minimal Node server and nginx holding the same HTML and compressed bytes, by name. */
  baselines: Array<{ name: string; result: LoadResult }>;
}

export interface Memory {
  /** RSS of the server process. */
  serverMb: number;
  /** RSS of the processes it started (its compile worker, and the esbuild service that worker runs). */
  childrenMb: number;
}

export interface BenchResults {
  machine: Machine;
  loadGenerator: string;
  pages: number;
  loadSeconds: number;
  cold: ColdResult;
  afterWarm: Memory;
  pinnedCommit: string;
  pinnedCold: ColdResult;
  warm: WarmRun[];
  /** RSS of each process (server processes and fronts) of the multi-process layouts after their warm runs, MB. */
  layoutRss: Array<{ name: string; processesMb: number[] }>;
  /** Pages of the warm mix at a pinned commit. */
  pinned: LoadResult;
  push: PushResult;
  /** Undefined when the server has no search endpoint. */
  search?: SearchResult;
  afterLoad: Memory;
  js: JsSize;
  soak: SoakResult;
}

const n = (value: number, digits = 0) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (value: number) => `${n(value, value < 10 ? 1 : 0)} ms`;
const verdict = (met: boolean) => (met ? "met" : "**missed**");

const memory = (m: Memory) => `${n(m.serverMb)} MB (the processes it runs, its compile worker and esbuild: ${n(m.childrenMb)} MB more)`;

function load(result: LoadResult): string {
  const failures = result.failures ? ` · **${n(result.failures)} failures**` : "";
  const cpu = result.cpuUsPerRequest === undefined ? "" : ` · ${n(result.cpuUsPerRequest)} µs CPU per request`;
  return `${n(result.rps)} req/s · p50 ${ms(result.p50)} · p99 ${ms(result.p99)}${cpu}${failures}`;
}

/** The issue's bar, for one process serving: warm pages at ≥ 0.9× the minimal Node server's req/s with a p99 ≤ 2× its p99. */
function againstMinimalNode(run: WarmRun, result: LoadResult): string {
  const minimal = run.baselines.find((b) => b.name === MINIMAL_NODE)?.result;
  if (!minimal) return "";
  return `≥ 0.9× and p99 ≤ 2× the minimal Node server: ${verdict(result.rps >= 0.9 * minimal.rps && result.p99 <= 2 * minimal.p99)}`;
}

function rows(r: BenchResults): string[][] {
  const table: string[][] = [];
  for (const run of r.warm) {
    const what = `Warm, ${run.workload}, ${run.connections} connections, median of ${run.rounds} rounds`;
    for (const [i, site] of run.sites.entries()) {
      const target = i === 0 && run.connections === 64 ? `p99 < 25 ms: ${verdict(site.result.p99 < 25)}` : "";
      table.push([`${what}: ${site.name}`, load(site.result), target]);
    }
    for (const b of run.baselines) table.push([`${what}: ${b.name}`, load(b.result), ""]);
    const ratios = (result: LoadResult) => run.baselines.map((b) => `÷ ${b.name} ${n(result.rps / b.result.rps, 2)}×`).join(" · ");
    for (const site of run.sites) {
      table.push([
        `${what}: ${site.name}, req/s divided by`,
        ratios(site.result),
        site.servingProcesses === 1 ? againstMinimalNode(run, site.result) : "",
      ]);
    }
  }
  table.push(
    [
      `Cold page, time to first byte (fresh server, ${r.pages} pages once each)`,
      `median ${ms(r.cold.ttfbMedian)} · p95 ${ms(r.cold.ttfbP95)}`,
      `median < 150 ms: ${verdict(r.cold.ttfbMedian < 150)}`,
    ],
    ["Warming the whole catalogue (that sequential pass)", `${n(r.cold.totalSeconds, 1)} s`, ""],
    [
      `Pinned commit ${r.pinnedCommit.slice(0, 12)}, cold time to first byte`,
      `median ${ms(r.pinnedCold.ttfbMedian)} · p95 ${ms(r.pinnedCold.ttfbP95)}`,
      "",
    ],
  );
  table.push([`Pinned commit, warm, the mix's pages, ${r.warm[0]?.connections ?? 64} connections`, load(r.pinned), ""]);
  table.push(
    [`Push to live (${r.push.pushes} pushes with the git CLI)`, `median ${ms(r.push.medianMs)} · max ${ms(r.push.maxMs)}`, ""],
    r.search
      ? [
          `Search (${r.search.queries} queries, one at a time)`,
          `p50 ${ms(r.search.p50)} · p95 ${ms(r.search.p95)} (first query ${ms(r.search.firstMs)})`,
          "",
        ]
      : ["Search", "skipped: no /api/search endpoint in this build", ""],
    ["Server RSS after warming every page", memory(r.afterWarm), `< 400 MB: ${verdict(r.afterWarm.serverMb < 400)}`],
    ["Server RSS after the load runs", memory(r.afterLoad), ""],
    ...r.layoutRss.map(({ name, processesMb }) => [
      `RSS of each process after the warm runs: ${name}`,
      processesMb.map((mb) => `${n(mb)} MB`).join(" · "),
      "",
    ]),
    [
      `JavaScript shipped to ${r.js.page}`,
      `${n(r.js.gzipKb, 1)} KB gzipped in ${r.js.scripts} files (plus ${n(r.js.inlineGzipKb, 1)} KB of inline scripts)`,
      `≤ 120 KB: ${verdict(r.js.gzipKb <= 120)}`,
    ],
    [
      `Soak: ${r.soak.seconds} s mixed load, 64 connections`,
      `${load(r.soak)} · statuses ${Object.entries(r.soak.statuses)
        .map(([code, count]) => `${code}×${n(count)}`)
        .join(", ")}`,
      `0 failures: ${verdict(r.soak.failures === 0)}`,
    ],
    [
      "Soak: server RSS after the first pass → at the end (lowest–highest reading)",
      `${n(r.soak.rssAfterFirstPassMb)} MB → ${n(r.soak.rssEndMb)} MB (${n(r.soak.rssRangeMb[0])}–${n(r.soak.rssRangeMb[1])} MB)`,
      "",
    ],
  );
  return table;
}

export function renderReport(r: BenchResults): string {
  const m = r.machine;
  const lines = [
    `Run ${m.date} at app revision \`${m.revision}\` on ${m.cpu}, ${m.cores} cores, ${n(m.ramGb, 1)} GB RAM, Node ${m.node}; ` +
      `load average ${n(m.loadAverage, 2)} when the run started. Load: ${r.loadGenerator}, ${r.loadSeconds} s per run ` +
      "(the soak uses autocannon, which counts responses per second).",
    "",
    "| Figure | Result | Target |",
    "|---|---|---|",
    ...rows(r).map((cells) => `| ${cells.join(" | ")} |`),
  ];
  return lines.join("\n");
}

/**
 * Replaces what lies between the markers `<!-- <name>:start -->` and `<!-- <name>:end -->` of
 * BENCHMARKS.md, leaving the explanations around it.
 */
export function writeReport(report: string, name = "bench"): void {
  const [START, END] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const file = path.join(ROOT, "BENCHMARKS.md");
  const text = fs.readFileSync(file, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`BENCHMARKS.md lacks the ${START} … ${END} markers`);
  fs.writeFileSync(file, `${text.slice(0, start + START.length)}\n${report}\n${text.slice(end)}`);
}
