import type { IncomingMessage, ServerResponse } from "node:http";

/** ACCESS_LOG=off turns the log off (a proxy in front may keep its own); anything else leaves it on. */
export const accessLogEnabled = process.env.ACCESS_LOG !== "off";

let pending = "";

function flush(): void {
  process.stdout.write(pending);
  pending = "";
}

/**
 * Logs one request in morgan's "tiny" format as remix-serve logged them:
 * `GET /path 200 1234 - 1.234 ms`, the time running from `start` (performance.now()) to now. Lines
 * are written once per turn of the event loop rather than once per request, which under load saves
 * a write for nearly every request.
 */
export function logRequest(method: string | undefined, url: string | undefined, status: number, length: number | string, start: number): void {
  if (!pending) setImmediate(flush);
  pending += `${method} ${url} ${status} ${length} - ${(performance.now() - start).toFixed(3)} ms\n`;
}

/** Logs a response that others write, when it is finished. */
export function logAccess(req: IncomingMessage, res: ServerResponse, start: number): void {
  const { method, url } = req; // before express rewrites req.url for mounted middleware
  res.once("finish", () => logRequest(method, url, res.statusCode, String(res.getHeader("content-length") ?? "-"), start));
}
