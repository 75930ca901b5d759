/**
 * What a request asks for, in a word, for the metrics and the access log: a label from a small
 * fixed set whatever the path (a reader's path never becomes a label). Read from the path alone,
 * before any route runs, so fronts and server processes name a request alike.
 */
export type RouteKind =
  | "page"
  | "data"
  | "history"
  | "diff"
  | "changes"
  | "search"
  | "api"
  | "webhook"
  | "mcp"
  | "static"
  | "asset"
  | "text"
  | "health"
  | "metrics";

/** Paths with a kind of their own, looked up whole. */
const EXACT: Record<string, RouteKind> = {
  "/healthz": "health",
  "/readyz": "health",
  "/metrics": "metrics",
  "/mcp": "mcp",
  "/search": "search",
  "/api/search": "search",
  "/api/webhooks/git": "webhook",
  "/changes": "changes",
  "/changes.atom": "changes",
  "/llms.txt": "text",
  "/llms-full.txt": "text",
  "/robots.txt": "text",
  "/sitemap.xml": "text",
  "/favicon.svg": "static",
  "/social-card.png": "static",
  "/social-card.svg": "static",
};

/** Path prefixes, first match wins. */
const PREFIXES: Array<[string, RouteKind]> = [
  ["/build/", "asset"],
  ["/static/", "static"],
  ["/history/", "history"],
  ["/diff/", "diff"],
  ["/api/", "api"],
];

/** The kind of the request for `target` (a path and query, as the client sent it). */
export function routeKind(target: string | undefined): RouteKind {
  const url = target ?? "/";
  const query = url.indexOf("?");
  // A release's pages (/v/<tag>/...) are of the kinds of the live site's.
  const path = (query < 0 ? url : url.slice(0, query)).replace(/^\/v\/[^/]+(?=\/|$)/, "") || "/";
  const exact = EXACT[path];
  if (exact) return exact;
  for (const [prefix, kind] of PREFIXES) if (path.startsWith(prefix)) return kind;
  // Remix's single-fetch requests for a route's data (client-side navigation): /<path>.data
  if (path.endsWith(".data")) return "data";
  return "page";
}
