import type { IncomingMessage, ServerResponse } from "node:http";

let pending = "";

function flush(): void {
  process.stdout.write(pending);
  pending = "";
}

/**
 * One line per request when its response is finished, in morgan's "tiny" format as remix-serve
 * logged them: `GET /path 200 1234 - 1.234 ms`. Lines are written once per turn of the event loop
 * rather than once per request, which under load saves a write for nearly every request.
 */
export function logAccess(req: IncomingMessage, res: ServerResponse): void {
  const start = performance.now();
  const { method, url } = req; // before express rewrites req.url for mounted middleware
  res.once("finish", () => {
    const length = res.getHeader("content-length") ?? "-";
    if (!pending) setImmediate(flush);
    pending += `${method} ${url} ${res.statusCode} ${length} - ${(performance.now() - start).toFixed(3)} ms\n`;
  });
}
