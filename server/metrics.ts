/**
 * The site's Prometheus metrics, one set per process (front or server process), kept in
 * prom-client's global registry. `/metrics` (http/metrics.ts) gathers every process's values over
 * the primary's IPC and merges them: counters and histograms are summed, each gauge says how it
 * merges. Names start with `docs_`. Label values come from small fixed sets (route kinds, status
 * codes, lanes, outcomes), never from a request's path or a ref, so a reader cannot grow them.
 */
import { Counter, Gauge, Histogram, collectDefaultMetrics, register } from "prom-client";
import type { Lane } from "./workers/lanes";

/** Process CPU, memory, heap and event-loop delay, summed over the processes (the event loop's averaged). */
collectDefaultMetrics({ prefix: "docs_" });

/** Request durations, s: a kept page answers in well under a millisecond, a cold page in tens to hundreds. */
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Compile and fetch durations, s: from a small page's compile to a fetch that meets its deadline. */
const WORK_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 60, 600];

export const requests = new Counter({
  name: "docs_http_requests_total",
  help: "Requests answered, by route kind and status code (each counted once, by the process that answered it).",
  labelNames: ["kind", "status"] as const,
});

export const requestDuration = new Histogram({
  name: "docs_http_request_duration_seconds",
  help: "Time from a request's arrival at the process that answered it to its last byte, by route kind.",
  labelNames: ["kind"] as const,
  buckets: REQUEST_BUCKETS,
});

export const keptPages = new Counter({
  name: "docs_kept_pages_total",
  help: "Page requests answered from the pages kept in memory (hit) or passed on to render (miss), by process (front or server).",
  labelNames: ["process", "result"] as const,
});

export const compileQueue = new Gauge({
  name: "docs_compile_queue_depth",
  help: "Jobs (compiles, diffs, search indexes) waiting for a compile worker process.",
});

export const compileDuration = new Histogram({
  name: "docs_compile_duration_seconds",
  help: "Time a job ran in a compile worker process, by job, lane and outcome (ok or failed).",
  labelNames: ["job", "lane", "outcome"] as const,
  buckets: WORK_BUCKETS,
});

export const fetchDuration = new Histogram({
  name: "docs_fetch_duration_seconds",
  help: "Time a fetch from the remote content repository took, by scope (all refs or the served branch) and outcome.",
  labelNames: ["scope", "outcome"] as const,
  buckets: WORK_BUCKETS,
});

export const fetchFailures = new Counter({
  name: "docs_fetch_failures_total",
  help: "Fetches from the remote content repository that failed (unreachable, refused, timed out).",
});

export const webhookDeliveries = new Counter({
  name: "docs_webhook_deliveries_total",
  help: "Webhook deliveries received, by outcome: push, pull_request, ping, duplicate, ignored, refused (bad signature or body).",
  labelNames: ["outcome"] as const,
});

export const purges = new Counter({
  name: "docs_purges_total",
  help: "Purges of the shared cache (CDN) after a commit went live, by outcome (ok or failed).",
  labelNames: ["outcome"] as const,
});

/** When this process's live commit went live here (ms since the epoch), and the commit's own time (s). */
let live: { since: number; committed: number } | undefined;

new Gauge({
  name: "docs_live_commit_age_seconds",
  help: "Seconds since the live commit was published (the oldest publication among the processes: the one that checked it).",
  aggregator: "max",
  collect() {
    if (live) this.set((Date.now() - live.since) / 1000);
  },
});

new Gauge({
  name: "docs_live_commit_timestamp_seconds",
  help: "The live commit's committer time, Unix seconds.",
  aggregator: "max",
  collect() {
    if (live) this.set(live.committed);
  },
});

export const processes = new Gauge({
  name: "docs_processes",
  help: "Processes whose metrics this answer holds, by role (front, leader, follower, or single).",
  labelNames: ["role"] as const,
});

/** Counts this process in `docs_processes` under its role; a process that did not answer a scrape is missing from the sum. */
export function countProcess(role: "front" | "leader" | "follower" | "single"): void {
  processes.set({ role }, 1);
}

/** A commit went live in this process; `committed` is its committer time, Unix seconds. */
export function markLive(committed: number): void {
  live = { since: Date.now(), committed };
}

/** The shared-cache purger (server/purge/) reports each purge it made. */
export function countPurge(outcome: "ok" | "failed"): void {
  purges.inc({ outcome });
}

/** A job a compile worker finished (or that failed there); `seconds` it ran. */
export function observeCompile(job: string, lane: Lane, outcome: "ok" | "failed", seconds: number): void {
  compileDuration.observe({ job, lane, outcome }, seconds);
}

export { register };
