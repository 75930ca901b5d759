import { describe, expect, it } from "vitest";
import { Cache, stringBytes } from "./cache";

const text = () => new Cache<string>({ maxBytes: 100, sizeOf: (v) => v.length });

describe("Cache", () => {
  it("computes once for concurrent callers of one key", async () => {
    const cache = text();
    let runs = 0;
    const compute = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 10));
      return "value";
    };
    const values = await Promise.all([cache.get("k", compute), cache.get("k", compute), cache.get("k", compute)]);
    expect(values).toEqual(["value", "value", "value"]);
    expect(runs).toBe(1);
    await cache.get("k", compute);
    expect(runs).toBe(1);
  });

  it("stores nothing when the computation throws, so the next caller tries again", async () => {
    const cache = text();
    await expect(cache.get("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(cache.peek("k")).toBeUndefined();
    expect(await cache.get("k", async () => "ok")).toBe("ok");
  });

  it("stays within its byte budget, evicting the least recently used", async () => {
    const cache = text();
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => "x".repeat(30));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.entries).toBe(3);
    expect(cache.peek("k0")).toBeUndefined();
    expect(cache.peek("k9")).toBe("x".repeat(30));
  });
});

describe("stringBytes", () => {
  it.each([
    ["", 0],
    ["module a::b {}", 14],
    ["café, naïve: Latin-1 only", 25],
    ["a → b", 10],
    ["gas — fees", 20],
  ])("weighs %j at %i bytes, as V8 holds it", (text, bytes) => {
    expect(stringBytes(text)).toBe(bytes);
  });
});
