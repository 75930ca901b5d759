import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { freePort } from "../../scripts/bench/process";
import { tempDir } from "./git";
import { killTree } from "./processes";

// One way to find a free port, for the tests and the benchmark.
export { freePort };

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * How long a test waits for something that is bound to happen (a server to listen, a push to go
 * live, a log line) before calling it hung. A ceiling that only catches hangs: on a busy machine
 * (CI beside other work, two CPU hogs) everything is slower, never failed for it. How long things
 * take is the benches' business, not the tests'.
 */
export const HANG_MS = 120_000;

export interface RunningServer {
  url: string;
  /** The server's process id, e.g. to kill it and its children as a crash would. */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Spawns the production server (build/index.js, compiled from http/main.ts) as one process, or
 * with entry "build/start.js" as `npm start` runs it: WEB_CONCURRENCY server processes.
 */
export function spawnServer(env: Record<string, string>, port: number, entry = "build/index.js"): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, entry)], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: tempDir("sui-docs-data-"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Starts the production server on a free port and waits until /healthz answers. */
export async function startServer(env: Record<string, string> = {}, entry?: string): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnServer(env, port, entry);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind to compete with the runs after this one.
      killTree(child.pid!);
      throw new Error(`server did not start within ${HANG_MS} ms: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        // A process killed by a signal has a signalCode and no exitCode.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs the start command to completion, for configurations that must fail. */
export async function runToExit(
  env: Record<string, string>,
  timeoutMs = HANG_MS,
  entry?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawnServer(env, await freePort(), entry);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

/** Polls `check` until it is true or the time runs out (a hang); returns the time it took in ms. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = HANG_MS, stepMs = 50): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}
