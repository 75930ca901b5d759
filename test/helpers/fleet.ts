import { spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { waitFor } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface RunningFleet {
  /** Each `name: url` line the fleet printed: cache, balancer, replica-1…, repository, webhook, balancer-stats. */
  addresses: Record<string, string>;
  replicas: string[];
  /** The fleet's own process id, which takes SIGHUP (rolling restart), SIGINT and SIGTERM. */
  pid: number;
  /** Everything the fleet wrote to stderr (its log). */
  log(): string;
  /** Sends SIGHUP and waits until the fleet reports the rolling restart done. */
  rollingRestart(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** `count` consecutive free ports on 127.0.0.1, the first of which is returned. */
export async function freePortRange(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 40_000);
    let ok = true;
    for (let port = first; ok && port < first + count; port++) ok = await free(port);
    if (ok) return first;
  }
}

/** Runs `npm run fleet` (scripts/fleet/main.ts) as an operator would, and waits for its addresses. */
export async function startFleet(replicas: number, env: Record<string, string>, timeoutMs = 120_000): Promise<RunningFleet> {
  const port = await freePortRange(replicas + 2);
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/fleet/main.ts", "--replicas", String(replicas), "--port", String(port)],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env } as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited()) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  await waitFor(
    async () => {
      if (exited()) throw new Error(`the fleet ended (${child.exitCode ?? child.signalCode}): ${stderr}`);
      return /^pid: \d+$/m.test(stdout);
    },
    timeoutMs,
    100,
  ).catch(async (error: Error) => {
    await stop();
    throw new Error(`${error.message}: ${stderr}`);
  });
  const addresses: Record<string, string> = {};
  for (const line of stdout.split("\n")) {
    const match = /^([a-z0-9-]+): (.+)$/.exec(line);
    if (match) addresses[match[1]!] = match[2]!;
  }
  return {
    addresses,
    replicas: Object.keys(addresses).filter((name) => name.startsWith("replica-")),
    pid: Number(addresses.pid),
    log: () => stderr,
    async rollingRestart(restartTimeoutMs) {
      const done = () => (stderr.match(/rolling restart done/g) ?? []).length;
      const before = done();
      process.kill(Number(addresses.pid), "SIGHUP");
      await waitFor(
        async () => {
          if (/rolling restart stopped/.test(stderr)) throw new Error(stderr);
          return done() > before;
        },
        restartTimeoutMs,
        100,
      );
    },
    stop,
  };
}

/**
 * A few loops requesting `pages` in turn through `base` (the balancer), as readers would, until
 * stopped: every answer that is not a 200, and every request that fails, is a failure. Each loop
 * pauses `pauseMs` between requests, as a reader does: a loop that never paused only spent the
 * machine's two cores on answers (thousands a minute) that prove no more than a steady stream.
 */
export function steadyLoad(base: string, pages: string[], loops = 4, pauseMs = 20) {
  let running = true;
  let answered = 0;
  const failures: string[] = [];
  const loop = async (offset: number) => {
    for (let i = offset; running; i++) {
      const page = pages[i % pages.length]!;
      try {
        const answer = await fetch(base + page, { signal: AbortSignal.timeout(60_000) });
        await answer.arrayBuffer();
        if (answer.status === 200) answered++;
        else failures.push(`${page}: ${answer.status}`);
      } catch (error) {
        failures.push(`${page}: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  const looping = Array.from({ length: loops }, (_, i) => loop(i * 2));
  return {
    answered: () => answered,
    async stop(): Promise<{ answered: number; failures: string[] }> {
      running = false;
      await Promise.all(looping);
      return { answered, failures };
    },
  };
}
