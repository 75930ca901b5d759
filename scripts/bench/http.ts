import http from "node:http";

export interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** From sending the request to receiving the response head, ms. */
  ttfbMs: number;
  /** From sending the request to the last byte of the body, ms. */
  totalMs: number;
}

const sharedAgent = new http.Agent({ keepAlive: true, maxSockets: 8 });

export interface GetOptions {
  /** A response not complete by then is abandoned (its socket closed) and get() rejects with RequestTimeout. */
  timeoutMs?: number;
  /** Its own connections, e.g. for a client that must not queue behind another's 8 sockets. */
  agent?: http.Agent;
}

/** What get() rejects with when the whole response took longer than its time limit. */
export class RequestTimeout extends Error {
  constructor(
    readonly url: string,
    readonly limitMs: number,
  ) {
    super(`${url} did not answer within ${limitMs / 1000} s`);
  }
}

/**
 * A GET with timings; node:http rather than fetch so the first-byte time is not hidden by buffering.
 */
export function get(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
  { timeoutMs, agent = sharedAgent }: GetOptions = {},
): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { agent, headers }, (response) => {
      const ttfbMs = performance.now() - start;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          ttfbMs,
          totalMs: performance.now() - start,
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    if (timeoutMs !== undefined) {
      const timer = setTimeout(() => {
        reject(new RequestTimeout(url, timeoutMs));
        request.destroy();
      }, timeoutMs);
      request.once("close", () => clearTimeout(timer));
    }
  });
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitUntilUp(url: string, timeoutMs: number, isAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isAlive()) throw new Error(`the process serving ${url} exited`);
    try {
      if ((await get(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
