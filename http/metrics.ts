import type { IncomingMessage, ServerResponse } from "node:http";
import { register } from "prom-client";
import type { MetricsAllow } from "./metrics-allow";
import { gatherSiteMetrics } from "./metrics-report";

const isMetricsPath = (url: string | undefined) => url === "/metrics" || url?.startsWith("/metrics?") === true;

/**
 * Answers GET /metrics, before express and Remix: every process's metrics merged
 * (metrics-report.ts), to the addresses `allow` lets in, 403 to others. `client` is the
 * request's client address (the front's, behind fronts). False for any other request.
 */
export function metricsEndpoint(allow: MetricsAllow) {
  return (req: IncomingMessage, res: ServerResponse, client: string | undefined): boolean => {
    if (!isMetricsPath(req.url)) return false;
    const text = (status: number, message: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers }).end(`${message}\n`);
    if (!allow(client)) {
      text(403, "The metrics are for the site's operators: add this address's range to METRICS_ALLOW to read them.");
      return true;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      text(405, "Read the metrics with GET.", { Allow: "GET, HEAD" });
      return true;
    }
    gatherSiteMetrics().then(
      (metrics) => {
        res.writeHead(200, { "Content-Type": register.contentType, "Cache-Control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : metrics);
      },
      (error: Error) => {
        console.error(`sui-docs: metrics not gathered: ${error.message}`);
        text(500, "The metrics could not be gathered; see the server's log.");
      },
    );
    return true;
  };
}
