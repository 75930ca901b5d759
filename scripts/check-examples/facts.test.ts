import { describe, expect, it } from "vitest";
import { compareVersions, withAdditions, type FrameworkAdditions, type FrameworkFacts } from "./facts";

const framework: FrameworkFacts = {
  source: "test",
  packages: { sui: "0x2" },
  testOnly: { functions: [] },
  functions: { "sui::display::new": { visibility: "public" } },
};

const additions = (functions: FrameworkAdditions["additions"][number]["functions"]): FrameworkAdditions => ({
  additions: [{ module: "sui::display_registry", since: "1.79.1", releaseEvidence: [], sources: [], functions }],
});

describe("compareVersions", () => {
  it.each([
    ["1.76.1", "1.79.1", -1],
    ["1.79.1", "1.76.1", 1],
    ["1.9.0", "1.10.0", -1],
    ["1.79.1", "1.79.1", 0],
    ["2.0.0", "1.99.9", 1],
  ])("%s vs %s", (a, b, sign) => expect(Math.sign(compareVersions(a, b))).toBe(sign));
});

describe("withAdditions", () => {
  it("adds each function marked with its module's release and keeps the pinned ones unmarked", () => {
    const merged = withAdditions(
      framework,
      additions({ "sui::display_registry::share": { visibility: "public", params: ["display: Display<T>"] } }),
    );
    expect(merged.functions).toEqual({
      "sui::display::new": { visibility: "public" },
      "sui::display_registry::share": { visibility: "public", params: ["display: Display<T>"], since: "1.79.1" },
    });
  });

  it("refuses a function listed under another module", () => {
    expect(() => withAdditions(framework, additions({ "sui::display::edit": { visibility: "public" } }))).toThrow(
      "sui-framework-additions.json: sui::display::edit is listed under sui::display_registry",
    );
  });

  it("refuses an addition the pinned framework already has", () => {
    const pinned = {
      ...framework,
      functions: { ...framework.functions, "sui::display_registry::share": { visibility: "public" as const } },
    };
    expect(() => withAdditions(pinned, additions({ "sui::display_registry::share": { visibility: "public" } }))).toThrow(
      "sui-framework-additions.json: sui::display_registry::share is already in the pinned framework facts",
    );
  });
});
