/**
 * `npm test`'s last step: reads vitest's JSON report (the path given) and fails when a project went
 * over the budget CONTRIBUTING.md states ("Test budget"), naming the slowest files.
 */
import fs from "node:fs";
import path from "node:path";
import { budgetReport, cpuReport, type VitestReport } from "./budget";

/** CONTRIBUTING.md, "Test budget": change both together. */
const BUDGET = { unitSeconds: 30, totalSeconds: 1_200 };

const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/test-budget/main.ts <vitest JSON report>");
const report = JSON.parse(fs.readFileSync(file, "utf8")) as VitestReport;
const result = budgetReport(report, path.resolve(import.meta.dirname, "../.."), BUDGET);
console.log(
  `test budget: unit ${result.unitSeconds.toFixed(0)} s (budget ${BUDGET.unitSeconds} s), ` +
    `system ${result.systemSeconds.toFixed(0)} s, whole run ${result.totalSeconds.toFixed(0)} s (budget ${BUDGET.totalSeconds} s)`,
);
console.log(`slowest files: ${result.slowest.map((s) => `${s.file} ${s.seconds.toFixed(0)} s`).join(", ")}`);
// Beside the report: each system file's CPU time (test/helpers/cpu-record.ts), when it was recorded.
const cpuFile = path.join(path.dirname(file), "cpu.tsv");
if (fs.existsSync(cpuFile)) {
  const cpu = cpuReport(fs.readFileSync(cpuFile, "utf8"));
  console.log(
    `system files' CPU: ${cpu.totalSeconds.toFixed(0)} s in all (the shared embedded server's not counted); most: ` +
      cpu.most.map((f) => `${f.file} ${f.seconds.toFixed(0)} s`).join(", "),
  );
}
// The whole machine's CPU over the system suites (test/helpers/cpu-record-file.ts), all processes counted.
const machineFile = path.join(path.dirname(file), "machine-cpu.json");
if (fs.existsSync(machineFile)) {
  const { busySeconds, allSeconds } = JSON.parse(fs.readFileSync(machineFile, "utf8")) as { busySeconds: number; allSeconds: number };
  console.log(
    `the machine during the system suites: ${busySeconds.toFixed(0)} CPU-s busy of ${allSeconds.toFixed(0)} ` +
      `(${((100 * busySeconds) / allSeconds).toFixed(0)}%), whatever ran on it`,
  );
}
if (result.over.length) {
  console.error(`test budget missed: ${result.over.join("; ")}`);
  process.exit(1);
}
