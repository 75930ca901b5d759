import { describe, expect, it } from "vitest";
import { codingFor, negotiateCoding } from "./accept-encoding";

describe("content coding of kept pages, negotiated as compression() negotiates it", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    [",,", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["deflate", "deflate"],
    ["deflate, gzip", "gzip"],
    ["identity", undefined],
    // The highest weight wins; ties go to br, then gzip, then deflate.
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.5, deflate;q=0.9", "deflate"],
    ["gzip;q=0.5", "gzip"],
    // An unnamed identity weighs as little as the least wanted coding named.
    ["gzip;q=0.5, identity", undefined],
    ["gzip;q=0.5, br;q=0.2", "gzip"],
    // `*` stands for every coding not named.
    ["*", "br"],
    ["*;q=0", undefined],
    ["gzip;q=0, *", "br"],
    ["br;q=0, *;q=0.5", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    // Codings the server does not keep.
    ["zstd", undefined],
    ["compress, x-gzip", undefined],
    // Case, spaces and malformed weights.
    [" GZIP ; q=0.8 , br ; q=0.9", "br"],
    ["gzip;q=abc, deflate", "deflate"],
  ])("Accept-Encoding %j gives %s", (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});

describe("codingFor", () => {
  it("answers as negotiateCoding does, for as many distinct header values as clients send", () => {
    // More distinct values than it remembers, twice over: what it remembers never goes stale.
    const values = Array.from({ length: 150 }, (_, i) =>
      i % 3 === 0 ? `gzip;q=0.${i % 10}, x-${i}` : i % 3 === 1 ? `br;q=0, x-${i}` : `identity, x-${i}`,
    );
    for (const round of [1, 2]) {
      for (const value of values) expect(codingFor(value), `${value} (round ${round})`).toBe(negotiateCoding(value));
    }
    expect(codingFor(undefined)).toBeUndefined();
  });
});
