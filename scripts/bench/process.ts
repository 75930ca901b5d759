import { spawn } from "node:child_process";
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
