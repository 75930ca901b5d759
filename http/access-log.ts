import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { RouteKind } from "./route-kind";

/** ACCESS_LOG=off turns the log off (a proxy in front may keep its own); anything else leaves it on. */
export const accessLogEnabled = process.env.ACCESS_LOG !== "off";

/**
 * LOG_FORMAT=json: one JSON object a line, for a log collector (time, request id, route kind,
 * status, duration, commit, the reader's address); otherwise morgan's "tiny" lines, as remix-serve wrote them.
 */
export const jsonLog = process.env.LOG_FORMAT?.trim().toLowerCase() === "json";

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

/** A request id a proxy in front set (HAProxy's unique-id, nginx's $request_id), kept when it is a plain token. */
const REQUEST_ID = /^[\w.:@+=-]{1,128}$/;

/** The request's id: the X-Request-Id it came with (from a proxy in front), or a new one. */
function requestId(req: IncomingMessage): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** One answered request, as the log records it. */
export interface AccessRecord {
  status: number;
  /** Of the body, or "-" when unknown (streamed) or none. */
  length: number | string;
  /** performance.now() when the request arrived. */
  start: number;
  kind: RouteKind;
  /** The commit the answer was made from, when there is one. */
  commit: string | undefined;
  /** The reader's address (client-address.ts), behind trusted proxies the one they name. */
  client: string | undefined;
}

/**
 * Logs one request: `GET /path 200 1234 - 1.234 ms`, or with LOG_FORMAT=json
 * `{"time":…,"id":…,"method":"GET","path":"/path","kind":"page","status":200,"bytes":1234,"durationMs":1.234,"commit":…,"client":…}`,
 * the time running from `start` (performance.now()) to now. `url` is the target as the client sent
 * it (express rewrites req.url for mounted middleware).
 */
export function logRequest(
  req: IncomingMessage,
  url: string | undefined,
  { status, length, start, kind, commit, client }: AccessRecord,
): void {
  const ms = performance.now() - start;
  const line = jsonLog
    ? `${JSON.stringify({
        time: new Date().toISOString(),
        id: requestId(req),
        method: req.method,
        path: url,
        kind,
        status,
        bytes: typeof length === "number" ? length : length === "-" ? null : Number(length),
        durationMs: Math.round(ms * 1000) / 1000,
        commit: commit ?? null,
        client: client ?? null,
      })}\n`
    : `${req.method} ${url} ${status} ${length} - ${ms.toFixed(3)} ms\n`;
  if (pending.length + line.length > FLUSH_CHARS) flush();
  pending += line;
  timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
}
