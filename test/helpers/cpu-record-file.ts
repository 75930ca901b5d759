/**
 * Where the system suites record each test file's CPU time (cpu-record.ts), beside vitest's JSON
 * report, which the test budget's report reads. As a global setup, it empties the record first, and
 * records the whole machine's CPU over the system suites (MACHINE_RECORD): a file's record misses
 * the processes nobody waits for (Chromium's renderers, the workers of a server killed outright),
 * about a third of the machine's time in a full run (740 CPU-s busy, 480 recorded).
 */
import fs from "node:fs";
import path from "node:path";
import { machineCpu } from "../../scripts/test-budget/budget";

export const CPU_RECORD = path.resolve(import.meta.dirname, "../../.vitest/cpu.tsv");
const MACHINE_RECORD = path.resolve(import.meta.dirname, "../../.vitest/machine-cpu.json");

const procStat = () => (process.platform === "linux" ? machineCpu(fs.readFileSync("/proc/stat", "utf8")) : undefined);

export default function setup(): () => void {
  fs.rmSync(CPU_RECORD, { force: true });
  fs.rmSync(MACHINE_RECORD, { force: true });
  const before = procStat();
  return () => {
    const after = procStat();
    if (!before || !after) return;
    const busySeconds = after.busy - before.busy;
    const allSeconds = after.all - before.all;
    fs.mkdirSync(path.dirname(MACHINE_RECORD), { recursive: true });
    fs.writeFileSync(MACHINE_RECORD, JSON.stringify({ busySeconds, allSeconds }));
  };
}
