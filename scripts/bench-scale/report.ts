import type { Machine } from "../bench/machine";
import { median, percentile } from "../bench/stats";
import { isFailed, type CaseResult, type Outcome } from "./scale-case";
import type { MemoryReading } from "./memory-phases";
import type { CrawlResult, Timings } from "./timed-requests";

export interface ScaleRun {
  machine: Machine;
  /** The command line options of the run, shown so it can be repeated. */
  args: string;
  results: CaseResult[];
}

/** Targets of issue #12 at 50,000 commits and for the 1 GB clone. */
export const TARGETS = { coldMedianMs: 150, historyMs: 50, pushMs: 2000, rssMb: 400, warmP99Ms: 25 };

const n = (value: number, digits = 0) => value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 12 ms, 3.4 s, or "> 120 s" for a request abandoned at the limit. */
export function duration(ms: number, limitMs: number): string {
  if (!Number.isFinite(ms)) return `> ${n(limitMs / 1000)} s`;
  if (ms < 10) return `${n(ms, 1)} ms`;
  if (ms < 1000) return `${n(ms)} ms`;
  return `${n(ms / 1000, ms < 10_000 ? 1 : 0)} s`;
}

/** "median · p95", and how many were measured when the pass was cut short or requests timed out. */
function spreadOf(t: Timings, p: number): string {
  if (t.ms.length === 0) return "none measured (budget spent)";
  const timeouts = t.ms.filter((ms) => !Number.isFinite(ms)).length;
  const notes = [
    t.ms.length < t.planned ? `${t.ms.length} of ${t.planned} before the budget ran out` : `${t.ms.length}`,
    timeouts ? `${timeouts} over the limit` : "",
  ];
  return `${duration(median(t.ms), t.limitMs)} · p${p} ${duration(percentile(t.ms, p), t.limitMs)} (${notes.filter(Boolean).join(", ")})`;
}

/** The figure, or why it is missing. */
function cell<T>(outcome: Outcome<T>, format: (value: T) => string): string {
  return isFailed(outcome) ? `failed: ${outcome.failed.replace(/\|/g, "\\|")}` : format(outcome);
}

function memory(r: CaseResult): string {
  const server = r.serverPeak ? `${n(r.serverPeak.mb)} MB` : "?";
  const child = r.childPeak ? ` (child ${r.childPeak.name}: ${n(r.childPeak.mb)} MB)` : "";
  return `${cell(r.rssAfterColdMb, (mb) => `${n(mb)} MB`)} · peak ${server}${child}`;
}

/** `361 MB (heap 64 of 90 MB, external 39 MB; git cat-file 49 MB)`: the server and the processes it runs. */
function reading(r: MemoryReading): string {
  const children = r.children.filter((c) => c.mb >= 1).map((c) => `${c.name} ${n(c.mb)} MB`);
  const heap = `heap ${n(r.heapUsedMb)} of ${n(r.heapTotalMb)} MB, external ${n(r.externalMb)} MB`;
  return `${n(r.serverMb)} MB (${heap}${children.length ? `; ${children.join(", ")}` : ""})`;
}

function memoryRow(r: CaseResult): string[] {
  const readings = isFailed(r.memory) ? [] : r.memory;
  const phases = [0, 1, 2, 3].map((i) =>
    isFailed(r.memory) ? cell(r.memory, () => "") : readings[i] ? reading(readings[i]!) : "not measured",
  );
  const peaks =
    r.peaks
      .filter((p) => p.mb >= 1)
      .map((p) => `${p.name} ${n(p.mb)} MB`)
      .join(", ") || "?";
  return [r.spec.label, ...phases, peaks];
}

function memoryTable(results: readonly CaseResult[]): string[] {
  const header = [
    "Repository",
    "After every live page",
    "+ every page at 3 old commits",
    "+ 1,000 unknown URLs",
    "+ 10,000 unknown URLs",
    "Peak of each process over the run",
  ];
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...results.map((r) => `| ${memoryRow(r).join(" | ")} |`)];
}

function crawl(c: CrawlResult, limitMs: number): string {
  const done = c.crawl.ms.length < c.crawl.planned ? `${c.crawl.ms.length} of ${c.crawl.planned} pages` : `${c.crawl.planned} pages`;
  return `${duration(median(c.warm.ms), limitMs)} / ${duration(percentile(c.warm.ms, 99), limitMs)} (${done} in ${n(c.crawlSeconds)} s)`;
}

function caseName(r: CaseResult): string {
  const root = r.spec.shape.contentRoot ? `docs in \`${r.spec.shape.contentRoot}\`` : "docs at the root";
  return `${r.spec.label} (${n(r.objectsMb)} MB of objects, ${root}${r.spec.overHttp ? ", over HTTP" : ""})`;
}

function cloneLine(r: CaseResult): string | undefined {
  if (!r.clone) return undefined;
  const allowedMs = 2 * r.clone.gitCloneBareMs + 5000;
  // While the first start (the clone) runs; what the server reaches later is in the tables.
  const peak = r.firstStartPeak;
  const met = !isFailed(r.firstStartMs) && r.firstStartMs <= allowedMs && peak !== undefined && peak.mb < TARGETS.rssMb;
  return (
    `First clone of ${r.spec.label} over HTTP: the server's first start took ${cell(r.firstStartMs, (ms) => duration(ms, r.limitMs))} ` +
    `(its highest process meanwhile: ${peak ? `${peak.name} ${n(peak.mb)} MB` : "not measured"}), ` +
    `\`git clone --bare\` of the same URL ${duration(r.clone.gitCloneBareMs, r.limitMs)} (its peak: ${r.clone.gitPeak.name} ${n(r.clone.gitPeak.mb)} MB); ` +
    `allowed ${duration(allowedMs, r.limitMs)} with no process over ${TARGETS.rssMb} MB while it runs: ${met ? "met" : "**missed**"}.`
  );
}

export function renderScaleReport(run: ScaleRun): string {
  const m = run.machine;
  const header = [
    "Repository",
    "First start",
    "Restart",
    "Index build",
    "Cold page: median · p95",
    "History page: median · p95",
    "Push to live",
    "Server RSS after cold pages · peak",
    "Warm page p50 / p99 during a cold crawl at 8",
  ];
  const rows = run.results.map((r) => [
    caseName(r),
    cell(r.firstStartMs, (ms) => duration(ms, r.limitMs)),
    cell(r.restartMs, (ms) => duration(ms, r.limitMs)),
    cell(r.indexBuildMs, (ms) => duration(ms, r.limitMs)),
    cell(r.cold, (t) => spreadOf(t, 95)),
    cell(r.history, (t) => spreadOf(t, 95)),
    cell(r.push, (p) => `${duration(p.medianMs, r.limitMs)} (max ${duration(p.maxMs, r.limitMs)})`),
    memory(r),
    cell(r.crawl, (c) => crawl(c, r.limitMs)),
  ]);
  return [
    `Run ${m.date} at app revision \`${m.revision}\` on ${m.cpu}, ${m.cores} cores, ${n(m.ramGb, 1)} GB RAM, Node ${m.node}; ` +
      `load average ${n(m.loadAverage, 2)} when the run started. \`npm run bench:scale${run.args ? ` -- ${run.args}` : ""}\`; ` +
      `time limit per request ${n((run.results[0]?.limitMs ?? 0) / 1000)} s.`,
    "",
    `| ${header.join(" | ")} |`,
    `|${header.map(() => "---").join("|")}|`,
    ...rows.map((cells) => `| ${cells.join(" | ")} |`),
    "",
    "Memory of the first server, read after each phase of reading (RSS of the server process; " +
      "the main thread's V8 heap used of its size and the memory outside it from `/api/status`; " +
      "and the RSS of each process it runs: its compile workers, git):",
    "",
    ...memoryTable(run.results),
    "",
    ...run.results.map(cloneLine).filter((line): line is string => line !== undefined),
    `Targets at 50,000 commits: cold page median < ${TARGETS.coldMedianMs} ms, history page < ${TARGETS.historyMs} ms, ` +
      `push to live < ${TARGETS.pushMs / 1000} s, RSS < ${TARGETS.rssMb} MB (no process over it after every live page, every page at three old commits ` +
      `and 10,000 unknown URLs); ` +
      `warm p99 during the crawl < ${TARGETS.warmP99Ms} ms.`,
  ].join("\n");
}
