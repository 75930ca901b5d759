import { execFileSync } from "node:child_process";
import os from "node:os";
import { ROOT } from "./app-server";

export interface Machine {
  cpu: string;
  cores: number;
  ramGb: number;
  node: string;
  date: string;
  /** 1-minute load average when the run started: other work on the machine skews every figure. */
  loadAverage: number;
  /** The app's commit, with "+changes" when the working tree differs from it. */
  revision: string;
}

export function describeMachine(): Machine {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!BENCHMARKS.md") !== "";
  return {
    cpu: os.cpus()[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism(),
    ramGb: os.totalmem() / 1024 ** 3,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    loadAverage: os.loadavg()[0]!,
    revision: `${git("rev-parse", "--short", "HEAD")}${dirty ? "+changes" : ""}`,
  };
}
