/**
 * What `npm test`'s vitest run costs against the budget CONTRIBUTING.md states: the wall time of
 * each project (from the first of its files to start to the last to end) and of the whole run,
 * from vitest's JSON report. Pure: main.ts reads the report and prints.
 */

/** The parts of vitest's JSON report this reads (`--reporter=json`). */
export interface VitestReport {
  startTime: number;
  testResults: Array<{ name: string; startTime: number; endTime: number; status: string }>;
}

export interface Budget {
  /** Wall seconds of the unit project (tests beside pure modules). */
  unitSeconds: number;
  /** Wall seconds of the whole vitest run. */
  totalSeconds: number;
}

export interface BudgetReport {
  unitSeconds: number;
  systemSeconds: number;
  totalSeconds: number;
  /** The slowest files, slowest first: where to look when the budget is missed. */
  slowest: Array<{ file: string; seconds: number }>;
  /** One line per budget missed; empty when every one is met. */
  over: string[];
}

/** Whether a test file belongs to the unit project (vitest.config.ts: beside the modules, not under test/). */
export const isUnitFile = (file: string, root: string) => !file.slice(root.length).replace(/^\/+/, "").startsWith("test/");

const span = (files: VitestReport["testResults"]) =>
  files.length ? (Math.max(...files.map((f) => f.endTime)) - Math.min(...files.map((f) => f.startTime))) / 1000 : 0;

export function budgetReport(report: VitestReport, root: string, budget: Budget, slowest = 10): BudgetReport {
  const files = report.testResults;
  const unit = files.filter((f) => isUnitFile(f.name, root));
  const system = files.filter((f) => !isUnitFile(f.name, root));
  const totalSeconds = files.length ? (Math.max(...files.map((f) => f.endTime)) - report.startTime) / 1000 : 0;
  const result: BudgetReport = {
    unitSeconds: span(unit),
    systemSeconds: span(system),
    totalSeconds,
    slowest: files
      .map((f) => ({ file: f.name.slice(root.length).replace(/^\/+/, ""), seconds: (f.endTime - f.startTime) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, slowest),
    over: [],
  };
  if (result.unitSeconds > budget.unitSeconds)
    result.over.push(`the unit project took ${result.unitSeconds.toFixed(0)} s, over its budget of ${budget.unitSeconds} s`);
  if (result.totalSeconds > budget.totalSeconds)
    result.over.push(`the whole run took ${result.totalSeconds.toFixed(0)} s, over its budget of ${budget.totalSeconds} s`);
  return result;
}

export interface CpuReport {
  /** CPU seconds of every file recorded, its own and its children's. */
  totalSeconds: number;
  /** The files that used the most, most first: what to shrink when the whole run is over budget. */
  most: Array<{ file: string; seconds: number }>;
}

/**
 * Sums the system files' CPU record (test/helpers/cpu-record.ts: a line per file, its name, its
 * own CPU seconds and its children's, tab-separated). On two busy cores the whole run's wall time
 * is about the CPU it needs over two. The shared embedded server's CPU is no file's.
 */
export function cpuReport(tsv: string, most = 10): CpuReport {
  const files = tsv
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [file, own, children] = line.split("\t");
      return { file: file!, seconds: Number(own) + Number(children) };
    });
  return {
    totalSeconds: files.reduce((sum, f) => sum + f.seconds, 0),
    most: files.sort((a, b) => b.seconds - a.seconds).slice(0, most),
  };
}

/** The machine's CPU time from /proc/stat's first line, in seconds: busy (user, nice, system, irq, softirq, steal) and all. */
export function machineCpu(procStat: string): { busy: number; all: number } {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) throw new Error('no "cpu " line in /proc/stat');
  // Older kernels list fewer fields: those missing count 0.
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = Array.from({ length: 8 }, (_, i) => fields[i] ?? 0);
  const tick = 100; // USER_HZ on Linux
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / tick, all: (busy + idle! + iowait!) / tick };
}
