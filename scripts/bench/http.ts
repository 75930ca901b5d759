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

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** A GET with timings; node:http rather than fetch so the first-byte time is not hidden by buffering. */
export function get(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<Fetched> {
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
