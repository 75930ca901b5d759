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

export interface WarmRun {
  connections: number;
  /** Live pages without Accept-Encoding, as the static servers are asked. */
  live: LoadResult;
  /** Live pages with a browser's Accept-Encoding. */
  compressed: LoadResult;
  pinned: LoadResult;
  /** Static servers holding the same HTML, by name. */
  baselines: Array<{ name: string; result: LoadResult }>;
}

export interface Memory {
  /** RSS of the server process. */
  serverMb: number;
  /** RSS of the processes it started (the esbuild service that compiles MDX). */
  childrenMb: number;
}

export interface BenchResults {
  machine: Machine;
  pages: number;
  loadSeconds: number;
  cold: ColdResult;
  afterWarm: Memory;
  pinnedCommit: string;
  pinnedCold: ColdResult;
  warm: WarmRun[];
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

const memory = (m: Memory) => `${n(m.serverMb)} MB (its esbuild child: ${n(m.childrenMb)} MB more)`;

function load(result: LoadResult): string {
  const failures = result.failures ? ` · **${n(result.failures)} failures**` : "";
  return `${n(result.rps)} req/s · p50 ${ms(result.p50)} · p99 ${ms(result.p99)}${failures}`;
}

function rows(r: BenchResults): string[][] {
  const table: string[][] = [];
  for (const run of r.warm) {
    const c = run.connections;
    const target = c === 64 ? `p99 < 25 ms: ${verdict(run.live.p99 < 25)}` : "";
    table.push([`Warm pages, ${c} connections: sui-docs`, load(run.live), target]);
    for (const b of run.baselines) table.push([`Warm pages, ${c} connections: ${b.name} (static)`, load(b.result), ""]);
    const ratios = run.baselines.map((b) => `÷ ${b.name} ${n(run.live.rps / b.result.rps, 2)}×`).join(" · ");
    const slowest = Math.min(...run.baselines.map((b) => run.live.rps / b.result.rps));
    table.push([`Warm pages, ${c} connections: sui-docs req/s divided by static`, ratios, c === 64 ? `≥ 0.5×: ${verdict(slowest >= 0.5)}` : ""]);
    table.push([`Warm pages, ${c} connections: sui-docs, browser Accept-Encoding (brotli)`, load(run.compressed), ""]);
  }
  table.push(
    [`Cold page, time to first byte (fresh server, ${r.pages} pages once each)`, `median ${ms(r.cold.ttfbMedian)} · p95 ${ms(r.cold.ttfbP95)}`, `median < 150 ms: ${verdict(r.cold.ttfbMedian < 150)}`],
    ["Warming the whole catalogue (that sequential pass)", `${n(r.cold.totalSeconds, 1)} s`, ""],
    [`Pinned commit ${r.pinnedCommit}, cold time to first byte`, `median ${ms(r.pinnedCold.ttfbMedian)} · p95 ${ms(r.pinnedCold.ttfbP95)}`, ""],
  );
  for (const run of r.warm) table.push([`Pinned commit, warm, ${run.connections} connections`, load(run.pinned), ""]);
  table.push(
    [`Push to live (${r.push.pushes} pushes with the git CLI)`, `median ${ms(r.push.medianMs)} · max ${ms(r.push.maxMs)}`, ""],
    r.search
      ? [`Search (${r.search.queries} queries, one at a time)`, `p50 ${ms(r.search.p50)} · p95 ${ms(r.search.p95)} (first query ${ms(r.search.firstMs)})`, ""]
      : ["Search", "skipped: no /api/search endpoint in this build", ""],
    ["Server RSS after warming every page", memory(r.afterWarm), `< 400 MB: ${verdict(r.afterWarm.serverMb < 400)}`],
    ["Server RSS after the load runs", memory(r.afterLoad), ""],
    [
      `JavaScript shipped to ${r.js.page}`,
      `${n(r.js.gzipKb, 1)} KB gzipped in ${r.js.scripts} files (plus ${n(r.js.inlineGzipKb, 1)} KB of inline scripts)`,
      `≤ 120 KB: ${verdict(r.js.gzipKb <= 120)}`,
    ],
    [
      `Soak: ${r.soak.seconds} s mixed load, 64 connections`,
      `${load(r.soak)} · statuses ${Object.entries(r.soak.statuses).map(([code, count]) => `${code}×${n(count)}`).join(", ")}`,
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
      `load average ${n(m.loadAverage, 2)} when the run started. Load runs last ${r.loadSeconds} s each.`,
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
