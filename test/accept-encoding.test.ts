import { describe, expect, it } from "vitest";
import { negotiateCoding } from "../serve/accept-encoding";

describe("content coding of kept pages, negotiated as compression() negotiates it", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["deflate", "deflate"],
    ["br;q=0.5, gzip", "gzip"],
    ["gzip;q=0.5", "gzip"],
    ["gzip;q=0.5, identity", undefined],
    ["*", "br"],
    ["*;q=0", undefined],
    ["gzip;q=0, *", "br"],
    ["zstd", undefined],
    [" GZIP ; q=0.8 , br ; q=0.9", "br"],
  ])("Accept-Encoding %j gives %s", (header, coding) => {
    expect(negotiateCoding(header)).toBe(coding);
  });
});
