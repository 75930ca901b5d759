/**
 * Setup file of the system suites: when a test file ends, appends the CPU time it used to
 * `.vitest/cpu.tsv`, both its own and that of the children it waited for (servers and
 * their compile workers, git, Chromium), which the test budget's report sums up. CPU time, not wall
 * time: with three files at a time on two busy cores, a file's wall time is mostly the others' work.
 * A worker process runs file after file (isolate: false), so a file's time is what its process used
 * since the file before it ended.
 * Registered before the file's own hooks, so this runs after them, once its servers have stopped.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { CPU_RECORD } from "./cpu-record-file";

/** Seconds of CPU from /proc/self/stat: utime + stime, and cutime + cstime (children waited for). */
function cpuSeconds(): { own: number; children: number } {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  // Fields after the command name (which may hold spaces): utime is the 12th, cstime the 15th.
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const tick = 100; // USER_HZ on Linux
  return { own: (fields[11]! + fields[12]!) / tick, children: (fields[13]! + fields[14]!) / tick };
}

/** The reading at the end of the file before, in this process: kept on globalThis, which outlives this module's reloads. */
const previous = globalThis as { cpuAtLastFile?: { own: number; children: number } };

afterAll(() => {
  if (process.platform !== "linux") return;
  const file = path.relative(path.resolve(import.meta.dirname, "../.."), expect.getState().testPath ?? "unknown");
  const now = cpuSeconds();
  const before = previous.cpuAtLastFile ?? { own: 0, children: 0 };
  previous.cpuAtLastFile = now;
  const [own, children] = [now.own - before.own, now.children - before.children];
  fs.mkdirSync(path.dirname(CPU_RECORD), { recursive: true });
  fs.appendFileSync(CPU_RECORD, `${file}\t${own.toFixed(2)}\t${children.toFixed(2)}\n`);
});
