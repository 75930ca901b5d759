import { describe, expect, it } from "vitest";
import { parseTrustedProxies, readerAddress } from "./client-address";

const trusted = parseTrustedProxies("127.0.0.1, 10.0.0.0/8");
if (typeof trusted !== "function") throw new Error(trusted.error);

describe("readerAddress", () => {
  const cases: Array<[what: string, peer: string, forwardedFor: string | string[] | undefined, reader: string]> = [
    ["a reader connecting directly", "203.0.113.7", undefined, "203.0.113.7"],
    ["a direct reader's own X-Forwarded-For is ignored", "203.0.113.7", "198.51.100.1", "203.0.113.7"],
    ["behind one trusted proxy", "127.0.0.1", "203.0.113.7", "203.0.113.7"],
    ["behind a cache and a balancer, both trusted", "10.0.0.5", "203.0.113.7, 10.0.0.9", "203.0.113.7"],
    ["a forged entry left of the reader is never read", "10.0.0.5", "1.2.3.4, 203.0.113.7, 10.0.0.9", "203.0.113.7"],
    ["several header lines read as one list", "127.0.0.1", ["1.2.3.4", "203.0.113.7"], "203.0.113.7"],
    ["an IPv4 peer on a dual-stack socket", "::ffff:127.0.0.1", "203.0.113.7", "203.0.113.7"],
    ["a trusted proxy with no header is the reader", "127.0.0.1", undefined, "127.0.0.1"],
    ["a garbled entry stops at the proxy that passed it", "127.0.0.1", "203.0.113.7, not-an-address", "127.0.0.1"],
    ["every hop trusted: the leftmost", "127.0.0.1", "10.0.0.1, 10.0.0.2", "10.0.0.1"],
    ["an IPv6 reader", "127.0.0.1", "2001:db8::1", "2001:db8::1"],
  ];
  it.each(cases)("%s", (_, peer, forwardedFor, reader) => {
    expect(readerAddress(peer, forwardedFor, trusted)).toBe(reader);
  });

  it("trusts no proxy by default", () => {
    const none = parseTrustedProxies(undefined);
    if (typeof none !== "function") throw new Error(none.error);
    expect(readerAddress("127.0.0.1", "203.0.113.7", none)).toBe("127.0.0.1");
  });

  it("names the entry that is not a range", () => {
    expect(parseTrustedProxies("10.0.0.0/8, proxy.local")).toEqual({
      error: 'TRUSTED_PROXIES must be a list of address ranges such as 10.0.0.0/8 or fc00::/7, got "proxy.local"',
    });
  });
});
