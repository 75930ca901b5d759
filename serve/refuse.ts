import type { IncomingMessage, ServerResponse } from "node:http";

/** Methods a fetch Request cannot carry: Remix's adapter throws on them before any route runs. */
const FORBIDDEN_METHODS = new Set(["TRACE", "TRACK"]);

/** The one route that takes another method (POST); its action refuses the methods it does not take. */
const WEBHOOK_PATH = "/api/webhooks/git";
const isWebhook = (url: string) => url === WEBHOOK_PATH || url.startsWith(`${WEBHOOK_PATH}?`);

function readOnly(url = ""): { status: number; message: string } {
  const message = url.startsWith("/api/") ? "This endpoint is read-only: use GET or HEAD." : "This site is read-only: its pages answer GET and HEAD requests only.";
  return { status: 405, message };
}

/**
 * Why express and Remix cannot take this request, or undefined when they can. Other methods than
 * GET and HEAD are refused here, for every route but the webhook: sent to a page they would reach
 * Remix's document-action path, whose cross-origin check throws a 500 before any route could say no,
 * and some (PROPFIND) Remix rejects before a route's action runs.
 */
function refusal(req: IncomingMessage): { status: number; message: string } | undefined {
  if (req.method && FORBIDDEN_METHODS.has(req.method)) return readOnly(req.url);
  if (!req.url?.startsWith("/")) return { status: 400, message: "The request target must be a path, such as /guides." };
  if (req.method !== "GET" && req.method !== "HEAD" && !isWebhook(req.url)) return readOnly(req.url);
  const host = req.headers.host;
  if (host !== undefined && !URL.canParse(`http://${host}/`)) return { status: 400, message: "The Host header is not a valid host name." };
  return undefined;
}

/**
 * Answers, with a 4xx and a line that says why, the requests that would otherwise fail with a 500
 * in Remix's adapter, which builds a URL (from Host and the target) and a fetch Request before
 * routing. Returns whether it answered.
 */
export function refuseUnservable(req: IncomingMessage, res: ServerResponse): boolean {
  const reason = refusal(req);
  if (!reason) return false;
  if (reason.status === 405) res.setHeader("Allow", "GET, HEAD");
  res.writeHead(reason.status, { "Content-Type": "text/plain; charset=utf-8" }).end(`${reason.message}\n`);
  return true;
}
