import { describe, expect, it } from "vitest";
import { compileWorkersPerProcess, defaultServerProcesses, frontExecArgv, frontProcesses, serverProcesses } from "./concurrency";

describe("serverProcesses", () => {
  it.each([
    [undefined, 4, { processes: 4 }],
    ["", 1, { processes: 1 }],
    ["1", 4, { processes: 1 }],
    ["3", 2, { processes: 3 }],
  ])("WEB_CONCURRENCY=%j with a default of %i runs %j", (value, byDefault, expected) => {
    expect(serverProcesses(value, byDefault)).toEqual(expected);
  });

  it.each(["0", "-1", "2.5", "two", "1e9x"])("refuses WEB_CONCURRENCY=%j with a message naming it", (value) => {
    expect(serverProcesses(value, 2)).toEqual({ error: expect.stringContaining(`WEB_CONCURRENCY must be a whole number`) });
  });
});

describe("compileWorkersPerProcess", () => {
  it.each([
    [1, 2, 1],
    [1, 8, 7],
    [2, 2, 1],
    [2, 8, 3],
    [8, 8, 1],
    [16, 8, 1],
  ])("%i processes on %i cores: %i compile workers each", (processes, cores, threads) => {
    expect(compileWorkersPerProcess(processes, cores)).toBe(threads);
  });
});

describe("frontProcesses", () => {
  it.each([
    [undefined, 4, { fronts: 4 }],
    [" ", 2, { fronts: 2 }],
    ["0", 4, { fronts: 0 }],
    ["2", 8, { fronts: 2 }],
  ])("FRONT_PROCESSES=%j on %i cores runs %j", (value, cores, expected) => {
    expect(frontProcesses(value, cores)).toEqual(expected);
  });

  it.each(["-1", "1.5", "many"])("refuses FRONT_PROCESSES=%j with a message naming it", (value) => {
    expect(frontProcesses(value)).toEqual({ error: expect.stringContaining("FRONT_PROCESSES must be a whole number") });
  });
});

describe("defaultServerProcesses", () => {
  it.each([
    [2, 2, 1],
    [1, 8, 1],
    [0, 2, 2],
    [0, 8, 8],
  ])("behind %i fronts on %i cores: %i server processes", (fronts, cores, processes) => {
    expect(defaultServerProcesses(fronts, cores)).toBe(processes);
  });
});

describe("frontExecArgv", () => {
  it.each([
    [["--max-old-space-size=512", "--max-semi-space-size=4"], ["--max-old-space-size=512"]],
    [["--inspect", "--max-semi-space-size=16"], ["--inspect"]],
    [["--max-old-space-size=256"], ["--max-old-space-size=256"]],
    [[], []],
  ])("the parent's %j gives a front %j", (parent, expected) => {
    expect(frontExecArgv(parent)).toEqual(expected);
  });
});
