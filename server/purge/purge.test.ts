import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../errors";
import { CloudflarePurger } from "./cloudflare";
import { FastlyPurger } from "./fastly";
import type { Purger } from "./purger";
import { PurgeQueue } from "./queue";
import { readPurgeSettings, readSharedCacheSettings } from "./settings";
import { VarnishPurger } from "./varnish";

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for a cache's purge API: records each request, answers what the test set. */
describe("purgers: the request each cache's API is sent", () => {
  const seen: Seen[] = [];
  let answer = { status: 200, body: "{}" };
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());
  const last = () => seen.at(-1)!;

  it("Varnish: PURGE with the keys in xkey-purge; a refusal rejects with its status and text", async () => {
    answer = { status: 200, body: "Purged 3 objects" };
    await new VarnishPurger(`${base}/`).purge(["live", "/guides"]);
    expect([last().method, last().url, last().headers["xkey-purge"]]).toEqual(["PURGE", "/", "live /guides"]);
    answer = { status: 403, body: "Purging is not allowed from this address" };
    await expect(new VarnishPurger(`${base}/`).purge(["live"])).rejects.toThrow(/answered 403: Purging is not allowed/);
  });

  it("Fastly: a soft purge by surrogate key with the API token", async () => {
    answer = { status: 200, body: '{"status":"ok"}' };
    await new FastlyPurger("svc 1", "token-f", base).purge(["live"]);
    expect([last().method, last().url]).toEqual(["POST", "/service/svc%201/purge"]);
    expect(last().headers).toMatchObject({ "fastly-key": "token-f", "surrogate-key": "live", "fastly-soft-purge": "1" });
  });

  it("Cloudflare: a purge by tags with a bearer token; success: false rejects with its errors", async () => {
    answer = { status: 200, body: '{"success":true,"errors":[]}' };
    await new CloudflarePurger("zone1", "token-c", base).purge(["live", "/guides"]);
    expect([last().method, last().url, last().headers.authorization]).toEqual(["POST", "/zones/zone1/purge_cache", "Bearer token-c"]);
    expect(JSON.parse(last().body)).toEqual({ tags: ["live", "/guides"] });
    answer = { status: 200, body: '{"success":false,"errors":[{"message":"Unauthorized to access requested resource"}]}' };
    await expect(new CloudflarePurger("zone1", "token-c", base).purge(["live"])).rejects.toThrow(/refused the purge: Unauthorized/);
  });
});

/** A purger that fails its first `failures` calls, recording every call's keys. */
function flaky(failures: number): Purger & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    name: "flaky",
    calls,
    purge(keys) {
      calls.push([...keys]);
      return calls.length <= failures ? Promise.reject(new Error(`down (${calls.length})`)) : Promise.resolve();
    },
  };
}

describe("PurgeQueue: purges in the background, retried", () => {
  it("retries a failed purge, logging each failure, with keys asked for meanwhile joined", async () => {
    const purger = flaky(2);
    const log: string[] = [];
    const queue = new PurgeQueue([purger], (line) => log.push(line), [5, 5, 5]);
    queue.purge(["live"]);
    queue.purge(["/guides"]);
    await queue.settled();
    expect(purger.calls).toEqual([["live"], ["live", "/guides"], ["live", "/guides"]]);
    expect(log).toEqual([
      "purge of live at flaky failed (down (1)); retrying in 0.005 s",
      "purge of live /guides at flaky failed (down (2)); retrying in 0.005 s",
      "purged live /guides at flaky",
    ]);
  });

  it("gives up after the last delay, saying so, and purges again when asked", async () => {
    const purger = flaky(3);
    const log: string[] = [];
    const queue = new PurgeQueue([purger], (line) => log.push(line), [1, 1]);
    queue.purge(["live"]);
    await queue.settled();
    expect(log.at(-1)).toBe("purge of live at flaky given up after 3 attempts: down (3)");
    queue.purge(["live"]);
    await queue.settled();
    expect(log.at(-1)).toBe("purged live at flaky");
  });

  it("never makes its caller wait", () => {
    const never: Purger = { name: "never", purge: () => new Promise(() => {}) };
    const queue = new PurgeQueue([never], () => {});
    expect(queue.purge(["live"])).toBeUndefined();
  });
});

describe("purge and shared-cache settings", () => {
  const rows: Array<[string, Record<string, string>, string | { maxAge: number; purgers: number }]> = [
    ["nothing set: short s-maxage", {}, { maxAge: 10, purgers: 0 }],
    ["Varnish URLs: a day", { PURGE_URLS: "http://a:6081/, http://b:6081/" }, { maxAge: 86_400, purgers: 2 }],
    ["an explicit s-maxage wins", { PURGE_URLS: "http://a/", SHARED_CACHE_MAX_AGE: "300" }, { maxAge: 300, purgers: 1 }],
    ["Fastly needs both", { FASTLY_SERVICE_ID: "s" }, "FASTLY_API_TOKEN must be set with FASTLY_SERVICE_ID"],
    ["Cloudflare needs both", { CLOUDFLARE_API_TOKEN: "t" }, "CLOUDFLARE_ZONE_ID must be set with CLOUDFLARE_API_TOKEN"],
    [
      "a URL that is not http",
      { PURGE_URLS: "varnish:6081" },
      'PURGE_URLS must be comma-separated http(s) URLs of Varnish instances, got "varnish:6081"',
    ],
    [
      "stale-if-error under 10 minutes",
      { SHARED_CACHE_STALE_IF_ERROR: "60" },
      'SHARED_CACHE_STALE_IF_ERROR must be a whole number of seconds >= 600, got "60"',
    ],
  ];
  it.each(rows)("%s", (_, env, expected) => {
    const read = () => {
      const purge = readPurgeSettings(env);
      const purgers = purge.varnishUrls.length + (purge.fastly ? 1 : 0) + (purge.cloudflare ? 1 : 0);
      return { maxAge: readSharedCacheSettings(env, purge).maxAge, purgers };
    };
    if (typeof expected === "string") {
      expect(read).toThrow(ConfigError);
      expect(read).toThrow(expected);
    } else expect(read()).toEqual(expected);
  });
});
