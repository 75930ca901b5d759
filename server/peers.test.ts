import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { DeliveryRelay, peerUrls, type PeerSettings } from "./peers";
import { RELAYED_HEADER } from "./webhook";

/** A resolver over a fixed table, and this machine as 10.0.0.5 (and loopback). */
const NAMES: Record<string, string[]> = {
  "sui-docs-peers": ["10.0.0.5", "10.0.0.6", "10.0.0.7"],
  localhost: ["127.0.0.1", "::1"],
  "replica-2": ["10.0.0.6"],
  "fd00::6": ["fd00::6"],
};
const resolve = async (host: string) => NAMES[host] ?? Promise.reject(new Error(`${host} not found`));
const isOwn = (address: string) => address === "10.0.0.5" || address.startsWith("127.") || address === "::1";

describe("peerUrls", () => {
  it.each<[string, Omit<PeerSettings, "ownPort">, string[]]>([
    [
      "a headless Service: every pod but this one",
      { urls: [], dns: { host: "sui-docs-peers", port: 3000 } },
      ["http://10.0.0.6:3000", "http://10.0.0.7:3000"],
    ],
    [
      "a headless Service on another port than this replica's: this machine's address is a peer",
      { urls: [], dns: { host: "sui-docs-peers", port: 4000 } },
      ["http://10.0.0.5:4000", "http://10.0.0.6:4000", "http://10.0.0.7:4000"],
    ],
    [
      "a PEERS list on one machine: the same host on other ports are peers, this port is this replica",
      { urls: ["http://localhost:3000", "http://localhost:3001", "http://127.0.0.1:3002"] },
      ["http://localhost:3001", "http://127.0.0.1:3002"],
    ],
    [
      "a PEERS list by name and IPv6 address",
      { urls: ["http://replica-2:3000", "http://[fd00::6]:3000"] },
      ["http://replica-2:3000", "http://[fd00::6]:3000"],
    ],
    ["a name that does not resolve is kept, so its failure is logged", { urls: ["http://gone:3000"] }, ["http://gone:3000"]],
  ])("%s", async (_, settings, expected) => {
    expect(await peerUrls({ ...settings, ownPort: 3000 }, isOwn, resolve)).toEqual(expected);
  });
});

describe("DeliveryRelay", () => {
  const received: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  const peer = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(202).end("{}");
    });
  });
  afterAll(() => peer.close());

  it("passes the delivery on byte for byte, signed and marked as relayed, after returning", async () => {
    await new Promise<void>((r) => peer.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
    const lines: string[] = [];
    const relay = new DeliveryRelay(
      async () => [url, "http://127.0.0.1:1"],
      (line) => lines.push(line),
    );
    const body = Buffer.from('{"ref":"refs/heads/main","after":"\u00e9"}');
    relay.relay({ body, signature: `sha256=${"ab".repeat(32)}`, event: "push", delivery: "d-1" });
    // relay() returns before any peer is reached: the answer to GitHub never waits for peers.
    expect(received).toHaveLength(0);
    await expect.poll(() => received.length + lines.length, { timeout: 10_000 }).toBe(2);
    expect(received[0]!.body.equals(body)).toBe(true);
    expect(received[0]!.headers).toMatchObject({
      "x-hub-signature-256": `sha256=${"ab".repeat(32)}`,
      "x-github-event": "push",
      "x-github-delivery": "d-1",
      "content-type": "application/json",
      [RELAYED_HEADER.toLowerCase()]: "1",
    });
    // The peer that is down is logged, not retried: it fetches when it starts and at its polls.
    expect(lines).toEqual([expect.stringMatching(/relay to http:\/\/127\.0\.0\.1:1 failed/)]);
  });
});
