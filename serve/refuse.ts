import type { IncomingMessage, ServerResponse } from "node:http";

/** Methods a fetch Request cannot carry: Remix's adapter throws on them before any route runs. */
const FORBIDDEN_METHODS = new Set(["TRACE", "TRACK"]);

const READ_ONLY = { status: 405, message: "This site is read-only: its pages answer GET and HEAD requests only." };

/**
 * Only API routes take other methods (the webhook takes POST) and answer the rest with their own
 * 405. Anything else sent to a page would reach Remix's document-action path, whose cross-origin
 * check throws a 500 before the route could refuse it.
 */
const takesOtherMethods = (url: string) => url.startsWith("/api/");

/** Why express and Remix cannot take this request, or undefined when they can. */
function refusal(req: IncomingMessage): { status: number; message: string } | undefined {
  if (req.method && FORBIDDEN_METHODS.has(req.method)) return READ_ONLY;
  if (!req.url?.startsWith("/")) return { status: 400, message: "The request target must be a path, such as /guides." };
  if (req.method !== "GET" && req.method !== "HEAD" && !takesOtherMethods(req.url)) return READ_ONLY;
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
