import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, WorkingCopy } from "./helpers/git";
import { startServer, waitFor, type RunningServer } from "./helpers/server";

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http rather than fetch, which would choose Accept-Encoding itself and decompress. */
function raw(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("pages kept once rendered and answered before Remix", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let first: string;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    first = work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    server = await startServer({ CONTENT_REPO: bare });
  });
  afterAll(() => server?.stop());

  // In one write with its length, as a kept page is sent: what Remix sends goes out in pieces.
  it.each(["/guides/first", "/guides/first.md"])("replays %s byte for byte, with its headers, ETag and 304", async (path) => {
    const rendered = await raw(`${server.url}${path}`);
    const replayed = await raw(`${server.url}${path}`);
    expect(replayed.status).toBe(200);
    expect(replayed.body.equals(rendered.body)).toBe(true);
    for (const name of ["content-type", "cache-control", "etag", "vary"]) expect(replayed.headers[name]).toBe(rendered.headers[name]);
    expect(replayed.headers["content-length"]).toBe(String(rendered.body.length));
    const notModified = await raw(`${server.url}${path}`, { "If-None-Match": replayed.headers.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.etag).toBe(rendered.headers.etag);
    expect(notModified.headers["cache-control"]).toBe(rendered.headers["cache-control"]);
  });

  it("compresses a kept page as the client asks, preferring brotli", async () => {
    const plain = (await raw(`${server.url}/guides/second`)).body;
    const br = await raw(`${server.url}/guides/second`, { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
    const gzip = await raw(`${server.url}/guides/second`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain)).toBe(true);
    const none = await raw(`${server.url}/guides/second`, { "Accept-Encoding": "identity" });
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(none.body.equals(plain)).toBe(true);
  });

  it("never serves a live page from before a push, and keeps the pinned page as it was", async () => {
    const before = await raw(`${server.url}/guides/second`);
    expect(before.body.toString()).toContain("<th>a</th>");
    work.write(page("guides/second", "Second Guide", "## Next\n\nRewritten after the page was kept.", { sidebar: "guidesSidebar" }));
    work.commit("Rewrite the second guide");
    work.push();
    await waitFor(async () => (await raw(`${server.url}/guides/second`)).body.toString().includes("Rewritten after the page was kept."));
    const after = await raw(`${server.url}/guides/second`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await raw(`${server.url}/guides/second`, { "If-None-Match": before.headers.etag })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const pinned = await raw(`${server.url}/guides/second?commit=${first}`);
      expect(pinned.status).toBe(200);
      expect(pinned.body.toString()).toContain("<th>a</th>");
      expect(pinned.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("redirects other query parameters to the page's one URL, and does not answer bad commits from memory", async () => {
    const tracked = await raw(`${server.url}/guides/first?utm=1`);
    expect(tracked.status).toBe(301);
    expect(tracked.headers.location).toBe("/guides/first");
    expect((await raw(`${server.url}/guides/first?commit=nothex`)).status).toBe(400);
    expect((await raw(`${server.url}/guides/first?commit=${"0".repeat(40)}`)).status).toBe(404);
  });

  it("answers another spelling of a kept page's path through Remix, as before", async () => {
    const kept = await raw(`${server.url}/guides/first`);
    const spelled = await raw(`${server.url}/guides/%66irst`);
    expect(spelled.status).toBe(200);
    const title = (html: Buffer) => /<title>[^<]*<\/title>/.exec(html.toString())?.[0];
    expect(title(spelled.body)).toBe(title(kept.body));
    expect(title(kept.body)).toBeTruthy();
  });

  it("logs replayed requests as it logs the others: method, target, status, length, time", async () => {
    const notModified = /GET \/guides\/first 304 - - \d+\.\d{3} ms\n/g;
    const before = server.output().match(notModified)?.length ?? 0;
    const { etag } = (await raw(`${server.url}/guides/first`)).headers;
    const replayed = await raw(`${server.url}/guides/first`, { "Accept-Encoding": "br" });
    await raw(`${server.url}/guides/first`, { "If-None-Match": etag });
    // Lines are written in batches, at most a fraction of a second after their requests.
    await waitFor(async () => (server.output().match(notModified)?.length ?? 0) > before);
    expect(server.output()).toContain(`GET /guides/first 200 ${replayed.body.length} - `);
  });
});

describe("the request log turned off", () => {
  it("writes no line per request with ACCESS_LOG=off", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    const server = await startServer({ CONTENT_REPO: work.publishBare(), ACCESS_LOG: "off" });
    try {
      for (let i = 0; i < 3; i++) expect((await raw(`${server.url}/guides/first`)).status).toBe(200);
    } finally {
      await server.stop();
    }
    // Read once the server has ended: whatever it had left to log, it wrote as it exited.
    expect(server.output()).not.toContain("GET /guides/first");
  });
});
