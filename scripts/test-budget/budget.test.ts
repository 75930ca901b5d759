import { describe, expect, it } from "vitest";
import { budgetReport, cpuReport, isUnitFile, machineCpu, type VitestReport } from "./budget";

const ROOT = "/repo";
const file = (name: string, start: number, end: number) => ({
  name: `${ROOT}/${name}`,
  startTime: start * 1000,
  endTime: end * 1000,
  status: "passed",
});

describe("isUnitFile", () => {
  it.each([
    ["/repo/server/cache.test.ts", true],
    ["/repo/scripts/test-budget/budget.test.ts", true],
    ["/repo/test/fleet.test.ts", false],
    ["/repo/app/lib/toc.test.ts", true],
  ])("%s is a unit file: %s", (name, unit) => expect(isUnitFile(name, ROOT)).toBe(unit));
});

describe("budgetReport", () => {
  const report: VitestReport = {
    startTime: 0,
    testResults: [
      file("server/a.test.ts", 1, 4),
      file("server/b.test.ts", 2, 9),
      file("test/fleet.test.ts", 5, 100),
      file("test/x.test.ts", 10, 30),
    ],
  };

  it("measures each project from its first file's start to its last file's end, and the run from its start", () => {
    const result = budgetReport(report, ROOT, { unitSeconds: 30, totalSeconds: 240 });
    expect([result.unitSeconds, result.systemSeconds, result.totalSeconds]).toEqual([8, 95, 100]);
    expect(result.over).toEqual([]);
    expect(result.slowest.map((s) => s.file)).toEqual(["test/fleet.test.ts", "test/x.test.ts", "server/b.test.ts", "server/a.test.ts"]);
  });

  it("names each budget missed, with the figure", () => {
    const result = budgetReport(report, ROOT, { unitSeconds: 5, totalSeconds: 60 });
    expect(result.over).toEqual(["the unit project took 8 s, over its budget of 5 s", "the whole run took 100 s, over its budget of 60 s"]);
  });

  it("reads an empty report as costing nothing", () => {
    expect(budgetReport({ startTime: 0, testResults: [] }, ROOT, { unitSeconds: 1, totalSeconds: 1 }).over).toEqual([]);
  });
});

describe("cpuReport", () => {
  it.each([
    ["", 0, []],
    ["test/a.test.ts\t1.50\t10.00\n", 11.5, ["test/a.test.ts 11.5"]],
    [
      "test/a.test.ts\t1.00\t2.00\ntest/b.test.ts\t0.50\t20.00\ntest/c.test.ts\t4.00\t0.00\n",
      27.5,
      ["test/b.test.ts 20.5", "test/c.test.ts 4", "test/a.test.ts 3"],
    ],
  ])("sums %j to %d CPU-s, most first", (tsv, total, most) => {
    const report = cpuReport(tsv);
    expect(report.totalSeconds).toBe(total);
    expect(report.most.map((f) => `${f.file} ${f.seconds}`)).toEqual(most);
  });
});

describe("machineCpu", () => {
  it.each([
    ["cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 50 0 25 400 25 0 0 0 0 0", { busy: 1.5, all: 10 }],
    ["cpu  1000 10 300 5000 0 20 70 100 0 0", { busy: 15, all: 65 }],
    ["cpu  200 0 100 700", { busy: 3, all: 10 }],
  ])("%j: %j", (stat, seconds) => {
    const { busy, all } = machineCpu(stat);
    expect({ busy: +busy.toFixed(2), all: +all.toFixed(2) }).toEqual(seconds);
  });

  it("refuses text without the machine's line", () => expect(() => machineCpu("intr 1 2 3")).toThrow(/no "cpu " line/));
});
