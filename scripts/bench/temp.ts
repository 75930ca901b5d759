import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const made: string[] = [];

/** A fresh temporary directory, removed by removeTempDirs at the end of the run. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `sui-docs-bench-${prefix}-`));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
