import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WholeResponse } from "./whole-response";

const BODY = Buffer.from("<!DOCTYPE html><p>kept</p>");
const HEAD = ["Content-Type", "text/html; charset=utf-8", "ETag", '"abc"', "Content-Length", String(BODY.length)];
const ok = new WholeResponse(200, HEAD, BODY);
const notModified = new WholeResponse(304, ["ETag", '"abc"']);

/** /whole answers with WholeResponse; /plain answers the same through writeHead and end. */
const server = http.createServer((req, res) => {
  const headOnly = req.method === "HEAD";
  if (req.url === "/plain") return void res.writeHead(200, HEAD).end(headOnly ? undefined : BODY);
  if (req.headers["if-none-match"] === '"abc"') return notModified.send(res, headOnly);
  ok.send(res, headOnly);
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Exchange {
  /** Each response as received, its Date value replaced by "<date>". */
  responses: string[];
  /** Whether the server closed the connection. */
  closed: boolean;
}

/**
 * Writes `requests` on one connection at once (pipelined when there are several), reads the
 * responses: a head, then Content-Length bytes of body unless `bodiless(i)`, and reports whether
 * the server closed the connection within 300 ms of the last.
 */
function exchange(requests: string[], bodiless: (i: number) => boolean = () => false): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    const responses: string[] = [];
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, closed });
    };
    socket.on("data", (chunk) => {
      data = Buffer.concat([data, chunk]);
      for (;;) {
        const end = data.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = data.subarray(0, end + 4).toString("latin1");
        const length = bodiless(responses.length) ? 0 : Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (data.length < end + 4 + length) return;
        responses.push(
          data
            .subarray(0, end + 4 + length)
            .toString("latin1")
            .replace(/^Date: .*$/m, "Date: <date>"),
        );
        data = data.subarray(end + 4 + length);
        if (responses.length === requests.length) timer ??= setTimeout(finish, 300);
      }
    });
    socket.on("end", () => {
      closed = true;
      if (responses.length === requests.length) finish();
    });
    socket.on("error", reject);
    socket.write(requests.join(""));
  });
}

const get = (path: string, extra = "") => `GET ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`;

describe("a response written whole", () => {
  it("is the same bytes as node:http writes for the same head and body, Date aside", async () => {
    const whole = await exchange([get("/whole")]);
    const plain = await exchange([get("/plain")]);
    expect(whole.responses).toEqual(plain.responses);
    expect(whole.responses[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(whole.responses[0]).toContain("Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n<!DOCTYPE html>");
  });

  it("keeps the connection for the next request, and answers requests pipelined behind it in order", async () => {
    const three = await exchange([get("/whole"), get("/plain"), get("/whole")]);
    expect(three.closed).toBe(false);
    expect(three.responses).toHaveLength(3);
    expect(new Set(three.responses).size).toBe(1);
  });

  it("sends the head alone to HEAD, and a 304 without a body, on a connection that stays open", async () => {
    const head = `HEAD /whole HTTP/1.1\r\nHost: x\r\n\r\n`;
    const revalidate = get("/whole", 'If-None-Match: "abc"\r\n');
    const { responses, closed } = await exchange([head, revalidate, get("/whole")], (i) => i < 2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*Content-Length: 26\r\n[^]*\r\n\r\n$/);
    expect(responses[1]).toMatch(/^HTTP\/1\.1 304 Not Modified\r\nETag: "abc"\r\nDate: <date>\r\nConnection: keep-alive\r\n/);
    expect(responses[2]).toMatch(/<p>kept<\/p>$/);
    expect(closed).toBe(false);
  });

  it.each([
    ["Connection: close", get("/whole", "Connection: close\r\n")],
    ["HTTP/1.0", "GET /whole HTTP/1.0\r\nHost: x\r\n\r\n"],
  ])("leaves a connection that ends after the response (%s) to node:http, which closes it", async (_, request) => {
    const { responses, closed } = await exchange([request]);
    expect(responses[0]).toMatch(/\r\nConnection: close\r\n[^]*<p>kept<\/p>$/);
    expect(closed).toBe(true);
  });

  it("refuses a head it could not send", () => {
    expect(() => new WholeResponse(200, ["Bad Name", "x"])).toThrow();
    expect(() => new WholeResponse(200, ["X-Ok", "line\r\nbreak"])).toThrow();
  });
});
