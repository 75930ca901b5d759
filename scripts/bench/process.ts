import { execFileSync, spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import fs from "node:fs";
import net from "node:net";

export interface Running {
  pid: number;
  alive: () => boolean;
  /** The last few KB the process wrote, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
}

const KEEP_OUTPUT = 8 * 1024;

/** Starts a long-running process; its output is drained (a full pipe would stall it) and its tail kept. */
export function start(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Running {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-KEEP_OUTPUT));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  child.once("exit", () => (exited = true));
  return {
    pid: child.pid!,
    alive: () => !exited,
    output: () => tail,
    stop: () =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The processes a process started (Linux only). */
export function childrenOf(pid: number): number[] {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return children ? children.split(" ").map(Number) : [];
}

/** Resident set size of a process in MB, from /proc (Linux only). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Resident set size of every process below `pid` (not `pid` itself), in MB. */
export function descendantsRssMb(pid: number): number {
  return childrenOf(pid).reduce((sum, child) => sum + rssMb(child) + descendantsRssMb(child), 0);
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** CPU time (user and system, every thread) of a process and every process below it, in seconds (Linux only). */
export function treeCpuSeconds(pid: number): number {
  let stat: string;
  let children: number[];
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    children = childrenOf(pid);
  } catch {
    return 0; // it ended between listing and reading
  }
  // utime and stime are the 14th and 15th fields; the command name before them may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
  const own = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  return own + children.reduce((sum, child) => sum + treeCpuSeconds(child), 0);
}

/**
 * Waits until a process and its children do no work of their own: under `quietShare` of one core
 * over `windowMs`. A server that has just started, or just taken a push, builds its search and
 * history indexes for a while; load measured meanwhile measures that work too. Returns the seconds
 * waited; throws when the server is still busy after `timeoutMs`.
 */
export async function waitUntilIdle(pid: number, { quietShare = 0.05, windowMs = 2_000, timeoutMs = 180_000 } = {}): Promise<number> {
  const started = Date.now();
  for (;;) {
    const before = treeCpuSeconds(pid);
    await sleep(windowMs);
    const share = (treeCpuSeconds(pid) - before) / (windowMs / 1000);
    if (share < quietShare) return (Date.now() - started) / 1000;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`process ${pid} still used ${Math.round(share * 100)}% of a core after ${timeoutMs / 1000} s; it never settled`);
    }
  }
}
