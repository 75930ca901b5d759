import { describe, expect, it } from "vitest";
import { PullBases } from "./pull-bases";

describe("PullBases", () => {
  it.each([
    ["pull/5", "release"],
    ["pull/6", undefined],
    ["main", undefined],
    ["pull/5x", undefined],
  ])("%s targets %s", (ref, base) => {
    const bases = new PullBases();
    bases.record(5, "release");
    expect(bases.of(ref)).toBe(base);
  });

  it("keeps the latest event's base, and forgets the oldest pull request past its bound", () => {
    const bases = new PullBases(2);
    bases.record(1, "main");
    bases.record(2, "main");
    bases.record(1, "release");
    bases.record(3, "main");
    expect([bases.of("pull/1"), bases.of("pull/2"), bases.of("pull/3")]).toEqual(["release", undefined, "main"]);
  });
});
