import type { IncomingMessage, ServerResponse } from "node:http";

/** Methods a fetch Request cannot carry: Remix's adapter throws on them before any route runs. */
const FORBIDDEN_METHODS = new Set(["TRACE", "TRACK"]);

/** The routes that take another method (POST): the webhook and MCP. Their actions refuse the methods they do not take. */
const POST_PATHS = ["/api/webhooks/git", "/mcp"];
const takesPost = (url: string) => POST_PATHS.some((path) => url === path || url.startsWith(`${path}?`));

export interface Refusal {
  status: number;
  message: string;
}

function readOnly(url = ""): Refusal {
  const message = url.startsWith("/api/")
    ? "This endpoint is read-only: use GET or HEAD."
    : "This site is read-only: its pages answer GET and HEAD requests only.";
  return { status: 405, message };
}

/**
 * The last Host header found valid. Nearly every request names the same host, so remembering one
 * spares parsing it for each; a different one is parsed (and then remembered if valid).
 */
let validHost: string | undefined;

function isValidHost(host: string): boolean {
  if (host === validHost) return true;
  if (!URL.canParse(`http://${host}/`)) return false;
  validHost = host;
  return true;
}

/**
 * Why express and Remix cannot take this request, or undefined when they can. Other methods than
 * GET and HEAD are refused here, for every route but the webhook and MCP: sent to a page they would reach
 * Remix's document-action path, whose cross-origin check throws a 500 before any route could say no,
 * and some (PROPFIND) Remix rejects before a route's action runs.
 */
export function refusal(req: IncomingMessage): Refusal | undefined {
  if (req.method && FORBIDDEN_METHODS.has(req.method)) return readOnly(req.url);
  if (!req.url?.startsWith("/")) return { status: 400, message: "The request target must be a path, such as /guides." };
  if (req.method !== "GET" && req.method !== "HEAD" && !takesPost(req.url)) return readOnly(req.url);
  const host = req.headers.host;
  if (host !== undefined && !isValidHost(host)) return { status: 400, message: "The Host header is not a valid host name." };
  return undefined;
}

/**
 * Answers, with a 4xx and a line that says why, a request `refusal` found that express and Remix
 * cannot take: Remix's adapter, which builds a URL (from Host and the target) and a fetch Request
 * before routing, would fail on it with a 500.
 */
export function refuse(res: ServerResponse, reason: Refusal): void {
  if (reason.status === 405) res.setHeader("Allow", "GET, HEAD");
  res.writeHead(reason.status, { "Content-Type": "text/plain; charset=utf-8" }).end(`${reason.message}\n`);
}
