import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-delay";

describe("retryDelayMs", () => {
  it.each([
    [503, "5", 5_000],
    [429, "2", 2_000],
    [503, "3600", 30_000],
    [503, null, undefined],
    [503, "", undefined],
    [503, "0", undefined],
    [503, "Wed, 21 Oct 2015 07:28:00 GMT", undefined],
    [500, "5", undefined],
    [404, "5", undefined],
  ])("status %i, Retry-After %j: %j ms", (status, retryAfter, expected) => {
    expect(retryDelayMs(status, retryAfter)).toBe(expected);
  });
});
