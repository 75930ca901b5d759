import { describe, expect, it } from "vitest";
import { ChangeTable } from "./change-table";

/** Commits named by letters, oldest first, each with the paths it changed ("" = nothing). */
function table(history: string): ChangeTable {
  const commits = history.split(" ").map((step) => {
    const [oid, paths = ""] = step.split(":");
    return { oid: oid!, paths: paths ? paths.split(",") : [] };
  });
  const t = new ChangeTable();
  t.append(
    commits.map((c) => c.oid),
    commits.filter((c) => c.paths.length),
  );
  return t;
}

describe("the per-path change table", () => {
  it.each([
    // history, path, as of, expected newest first
    ["A:a B:b C:a", "a", "C", ["C", "A"]],
    ["A:a B:b C:a", "a", "B", ["A"]],
    ["A:a B:b C:a", "b", "A", []],
    ["A:a B: C:a", "a", "C", ["C", "A"]], // an empty commit changes nothing
    ["A:a B:a C:a", "a", "B", ["B", "A"]], // deleted at B (a deletion is a change), re-added at C
    ["A:old B:old,new", "new", "B", ["B"]], // a rename is a deletion plus an addition
    ["A:old B:old,new", "old", "B", ["B", "A"]],
    ["A:a", "missing", "A", []],
  ])("%s: %s as of %s", (history, path, asOf, expected) => {
    const t = table(history);
    expect(t.changedAsOf(path, t.positionOf(asOf)!)).toEqual(expected);
  });

  it("extends in steps to the same answers as one build, and survives JSON", () => {
    const whole = table("A:a B:b C:a,b D: E:a");
    const steps = new ChangeTable();
    steps.append(
      ["A", "B"],
      [
        { oid: "B", paths: ["b"] },
        { oid: "A", paths: ["a"] },
      ],
    );
    steps.append(
      ["C", "D", "E"],
      [
        { oid: "E", paths: ["a"] },
        { oid: "C", paths: ["a", "b"] },
      ],
    );
    const copy = ChangeTable.fromJSON(JSON.parse(JSON.stringify(steps)));
    for (const t of [steps, copy]) {
      for (const path of ["a", "b"])
        for (const at of ["A", "C", "E"])
          expect(t.changedAsOf(path, t.positionOf(at)!)).toEqual(whole.changedAsOf(path, whole.positionOf(at)!));
    }
    expect(copy.tip).toBe("E");
    expect(copy.positionOf("Z")).toBeUndefined();
  });
});
