/**
 * Where the system suites record each test file's CPU time (cpu-record.ts), beside vitest's JSON
 * report, which the test budget's report reads. As a global setup, it empties the record first.
 */
import fs from "node:fs";
import path from "node:path";

export const CPU_RECORD = path.resolve(import.meta.dirname, "../../.vitest/cpu.tsv");

export default function setup(): void {
  fs.rmSync(CPU_RECORD, { force: true });
}
