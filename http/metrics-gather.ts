import type { Worker } from "node:cluster";
// Types only: the primary, which gathers, loads nothing of prom-client.
import type { MetricObjectWithValues, MetricValue } from "prom-client";

/** One process's metrics, as `register.getMetricsAsJSON()` gives them. */
export type ProcessMetrics = Array<MetricObjectWithValues<MetricValue<string>>>;

/**
 * How /metrics gathers every process's metrics: the server process that took the request asks the
 * primary (http/primary.ts), which asks every process it runs (server processes and fronts, the
 * asker included) and hands the reports back; the asker merges them (AggregatorRegistry.aggregate).
 */
export type MetricsMessage =
  /** Server process → primary: gather the metrics, answer with `id`. */
  | { kind: "sui-docs:metrics-request"; id: number }
  /** Primary → every process: report your metrics for gathering `id`. */
  | { kind: "sui-docs:metrics-collect"; id: number }
  /** Any process → primary: its metrics for gathering `id`. */
  | { kind: "sui-docs:metrics-report"; id: number; metrics: ProcessMetrics }
  /** Primary → the asker: the reports of the processes that answered in time. */
  | { kind: "sui-docs:metrics-gathered"; id: number; reports: ProcessMetrics[] };

const KINDS = new Set(["sui-docs:metrics-request", "sui-docs:metrics-collect", "sui-docs:metrics-report", "sui-docs:metrics-gathered"]);

export function isMetricsMessage(value: unknown): value is MetricsMessage {
  return KINDS.has((value as { kind?: unknown } | null)?.kind as string);
}

/**
 * How long the primary waits for the processes' reports: a process busy rendering answers once its
 * render yields (tens of ms); one that is hung is left out of that scrape (docs_processes says how
 * many answered) rather than holding it, and the primary replaces it (liveness.ts).
 */
export const GATHER_MS = 2_000;

/**
 * The primary's part: `receive` takes the metrics messages of its processes; `everyProcess` lists
 * the processes to ask.
 */
export function metricsGatherer(everyProcess: () => Iterable<Worker>, deadlineMs = GATHER_MS) {
  let next = 0;
  const gathering = new Map<number, { reports: ProcessMetrics[]; waiting: Set<Worker>; finish: () => void }>();

  const gather = (asker: Worker, askerId: number): void => {
    const id = ++next;
    const reports: ProcessMetrics[] = [];
    const waiting = new Set<Worker>();
    const finish = () => {
      clearTimeout(timer);
      gathering.delete(id);
      if (asker.isConnected()) asker.send({ kind: "sui-docs:metrics-gathered", id: askerId, reports } satisfies MetricsMessage);
    };
    const timer = setTimeout(finish, deadlineMs);
    timer.unref();
    gathering.set(id, { reports, waiting, finish });
    for (const worker of everyProcess()) {
      if (!worker.isConnected()) continue;
      waiting.add(worker);
      worker.send({ kind: "sui-docs:metrics-collect", id } satisfies MetricsMessage);
    }
    if (!waiting.size) finish();
  };

  return (from: Worker, message: MetricsMessage): void => {
    if (message.kind === "sui-docs:metrics-request") return gather(from, message.id);
    if (message.kind !== "sui-docs:metrics-report") return;
    const run = gathering.get(message.id);
    if (!run?.waiting.delete(from)) return;
    run.reports.push(message.metrics);
    if (!run.waiting.size) run.finish();
  };
}
