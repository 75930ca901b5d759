import net from "node:net";

/**
 * HTTP/1.1 over a plain socket, for requests fetch() would refuse or normalise: `..` segments,
 * invalid percent-encoding, odd methods, oversized or malformed headers, bodies that lie.
 */

export interface RawResponse {
  status: number;
  reason: string;
  headers: Record<string, string>;
  body: string;
}

export interface RawRequest {
  method?: string;
  /** The request target exactly as sent, e.g. "/a/../b" or "/%zz". */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Extra raw header lines, for malformed or repeated headers. */
  rawHeaderLines?: string[];
}

/** The bytes of a request; Connection: close so the response ends with the socket. */
export function requestBytes({ method = "GET", target, headers = {}, body, rawHeaderLines = [] }: RawRequest, host: string): Buffer {
  const names = [...Object.keys(headers), ...rawHeaderLines.map((l) => l.split(":")[0]!)].map((h) => h.trim().toLowerCase());
  const lines = [`${method} ${target} HTTP/1.1`, ...(names.includes("host") ? [] : [`Host: ${host}`]), "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(...rawHeaderLines);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (body !== undefined && !names.some((h) => h === "content-length" || h === "transfer-encoding"))
    lines.push(`Content-Length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), payload]);
}

/**
 * Sends raw bytes and resolves with the parsed response once the server closes the connection;
 * from `localAddress` if given (any of 127/8 reaches a loopback server on Linux), to look like
 * another client.
 */
export function sendRaw(baseUrl: string, bytes: Buffer | string, timeoutMs = 15_000, localAddress?: string): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: Number(port), host: hostname, localAddress });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete response within ${timeoutMs} ms (got ${Buffer.concat(chunks).length} bytes)`));
    }, timeoutMs);
    socket.on("data", (d) => chunks.push(d));
    // A server may reset a connection whose request it refused before reading all of it; what it
    // sent before that still counts.
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      if (!data.length) return reject(new Error("the server closed the connection without a response"));
      try {
        resolve(parseResponse(data));
      } catch (error) {
        reject(error as Error);
      }
    });
    socket.write(bytes);
  });
}

export function rawRequest(baseUrl: string, request: RawRequest, timeoutMs?: number, localAddress?: string): Promise<RawResponse> {
  return sendRaw(baseUrl, requestBytes(request, new URL(baseUrl).host), timeoutMs, localAddress);
}

export function parseResponse(data: Buffer): RawResponse {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) throw new Error(`incomplete response head: ${JSON.stringify(data.toString("latin1").slice(0, 200))}`);
  const [statusLine = "", ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const m = /^HTTP\/1\.[01] (\d{3}) ?(.*)$/.exec(statusLine);
  if (!m) throw new Error(`not an HTTP response: ${JSON.stringify(statusLine)}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (headers["transfer-encoding"]?.toLowerCase() === "chunked") body = dechunk(body);
  return { status: Number(m[1]), reason: m[2] ?? "", headers, body: body.toString("utf8") };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/**
 * The human-readable message of an error response: `error` of a JSON body, the text of the site's
 * error page, or the plain-text body; for bodiless answers of Node's HTTP parser, the reason phrase.
 */
export function messageOf(res: RawResponse): string {
  const type = res.headers["content-type"] ?? "";
  if (type.includes("json")) {
    const json = JSON.parse(res.body) as { error?: unknown; message?: unknown };
    return String(json.error ?? json.message ?? "");
  }
  if (type.includes("html")) {
    const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(res.body)?.[1] ?? res.body;
    const text = main
      .replace(/<ul class="error-links">[\s\S]*?<\/ul>/, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e]!);
    return text.replace(/\s+/g, " ").trim();
  }
  return (res.body.trim() || res.reason).trim();
}
