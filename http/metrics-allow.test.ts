import { describe, expect, it } from "vitest";
import { parseMetricsAllow, type MetricsAllow } from "./metrics-allow";

const allow = (value: string | undefined): MetricsAllow => {
  const parsed = parseMetricsAllow(value);
  if (typeof parsed !== "function") throw new Error(parsed.error);
  return parsed;
};

describe("parseMetricsAllow", () => {
  it.each([
    // [METRICS_ALLOW, client address, allowed]
    [undefined, "127.0.0.1", true],
    [undefined, "::1", true],
    [undefined, "::ffff:127.0.0.1", true],
    [undefined, "10.1.2.3", true],
    [undefined, "172.16.0.1", true],
    [undefined, "172.31.255.255", true],
    [undefined, "172.32.0.1", false],
    [undefined, "192.168.7.7", true],
    [undefined, "fd12:3456::1", true],
    [undefined, "8.8.8.8", false],
    [undefined, "::ffff:8.8.8.8", false],
    [undefined, "2001:db8::1", false],
    [undefined, undefined, false],
    ["127.0.0.2/32", "127.0.0.1", false],
    ["127.0.0.2/32", "127.0.0.2", true],
    ["127.0.0.2", "127.0.0.2", true],
    ["10.0.0.0/8 192.0.2.0/24", "192.0.2.9", true],
    ["10.0.0.0/8,192.0.2.0/24", "192.0.2.9", true],
    ["", "127.0.0.1", true],
    ["", "8.8.8.8", false],
  ])("METRICS_ALLOW=%j lets %s in: %s", (value, address, allowed) => {
    expect(allow(value)(address)).toBe(allowed);
  });

  it.each(["10.0.0.0/33", "10.0.0/8", "localhost", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x"])("refuses %j, naming it", (entry) => {
    expect(parseMetricsAllow(entry)).toEqual({ error: expect.stringContaining(`"${entry}"`) });
  });
});
