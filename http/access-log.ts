import type { IncomingMessage, ServerResponse } from "node:http";

/** ACCESS_LOG=off turns the log off (a proxy in front may keep its own); anything else leaves it on. */
export const accessLogEnabled = process.env.ACCESS_LOG !== "off";

/**
 * Lines are kept until they fill one write or this long has passed since the first of them. Under
 * load that is one write for dozens of requests instead of one each (or one per turn of the event
 * loop); a quiet server's lines still appear at once to a reader.
 */
const FLUSH_AFTER_MS = 100;
/**
 * At most this many characters per write: they encode to at most 4,096 bytes (latin1 request
 * targets, two UTF-8 bytes a character at worst), the size Linux writes to a pipe in one piece, so
 * the lines of several server processes sharing stdout never cut into each other.
 */
const FLUSH_CHARS = 2048;

let pending = "";
let timer: NodeJS.Timeout | undefined;

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (!pending) return;
  process.stdout.write(pending);
  pending = "";
}
process.on("exit", flush);

/**
 * Logs one request in morgan's "tiny" format as remix-serve logged them:
 * `GET /path 200 1234 - 1.234 ms`, the time running from `start` (performance.now()) to now.
 */
export function logRequest(
  method: string | undefined,
  url: string | undefined,
  status: number,
  length: number | string,
  start: number,
): void {
  const line = `${method} ${url} ${status} ${length} - ${(performance.now() - start).toFixed(3)} ms\n`;
  if (pending.length + line.length > FLUSH_CHARS) flush();
  pending += line;
  timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
}

/** Logs a response that others write, when it is finished. */
export function logAccess(req: IncomingMessage, res: ServerResponse, start: number): void {
  const { method, url } = req; // before express rewrites req.url for mounted middleware
  res.once("finish", () => logRequest(method, url, res.statusCode, String(res.getHeader("content-length") ?? "-"), start));
}
