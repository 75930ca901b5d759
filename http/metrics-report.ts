import { AggregatorRegistry, register } from "prom-client";
import { GATHER_MS, isMetricsMessage, type MetricsMessage, type ProcessMetrics } from "./metrics-gather";

/** In a process the primary started: answer its requests for this process's metrics. */
export function reportMetricsToPrimary(): void {
  const send = process.send?.bind(process);
  if (!send) return;
  process.on("message", (message: unknown) => {
    if (!isMetricsMessage(message) || message.kind !== "sui-docs:metrics-collect") return;
    void register
      .getMetricsAsJSON()
      .then((metrics) => send({ kind: "sui-docs:metrics-report", id: message.id, metrics } satisfies MetricsMessage))
      .catch((error: Error) => console.error(`sui-docs: metrics not reported: ${error.message}`));
  });
}

const waitingForPrimary = new Map<number, (reports: ProcessMetrics[]) => void>();
let asked = 0;
let listening = false;

/**
 * The metrics of every process of the site, merged, in Prometheus text format: gathered through
 * the primary when there is one, else this process's own. Should the primary not answer (it is
 * stopping), this process's own metrics, rather than none.
 */
export async function gatherSiteMetrics(): Promise<string> {
  const send = process.send?.bind(process);
  if (!send) return register.metrics();
  if (!listening) {
    listening = true;
    process.on("message", (message: unknown) => {
      if (isMetricsMessage(message) && message.kind === "sui-docs:metrics-gathered") waitingForPrimary.get(message.id)?.(message.reports);
    });
  }
  const id = ++asked;
  const reports = await new Promise<ProcessMetrics[] | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), GATHER_MS + 1_000);
    waitingForPrimary.set(id, (reports) => {
      clearTimeout(timer);
      resolve(reports);
    });
    send({ kind: "sui-docs:metrics-request", id } satisfies MetricsMessage);
  }).finally(() => waitingForPrimary.delete(id));
  return AggregatorRegistry.aggregate(reports ?? [await register.getMetricsAsJSON()]).metrics();
}
