import cluster, { type Worker } from "node:cluster";
import { ROLE_VARIABLE, isCoordinationMessage, type CoordinationMessage, type Role } from "../server/source/coordination";

export interface PrimaryOptions {
  /** Server processes to run, the leader included. */
  processes: number;
  /** The server module each process runs (build/index.js). */
  entry: string;
  /** Compile threads each process may start (server/workers/pool.ts). */
  compileThreads: number;
}

/** Wait before a replacement starts, so a server process that keeps crashing cannot spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * Runs the site as several server processes on one port (node:cluster hands each connection to
 * the next process in turn), each with its own caches. The first is the leader
 * (server/source/coordination.ts): it alone fetches, checks and records new commits and writes the
 * history index. The others start once the leader is ready, so they find the repository, the
 * history index and the compiled pages in DATA_DIR instead of making them again. This process only
 * passes messages on and restarts a server process that dies; if the leader dies before any
 * process listened (a configuration that cannot work), it stops, with the leader's exit code.
 */
export function runPrimary({ processes, entry, compileThreads }: PrimaryOptions): void {
  cluster.setupPrimary({ exec: entry });
  const running = new Set<Worker>();
  const followers = new Set<Worker>();
  let leader: Worker | undefined;
  let lastStatus: CoordinationMessage | undefined;
  let followersStarted = false;
  /** Whether any process has listened: until then a process that ends means the site cannot start. */
  let serving = false;
  let stopping = false;

  const fork = (role: Role): void => {
    const worker = cluster.fork({ [ROLE_VARIABLE]: role, SUI_DOCS_WORKER_THREADS: String(compileThreads) });
    running.add(worker);
    if (role === "leader") leader = worker;
    else followers.add(worker);
    worker.on("message", (message: unknown) => {
      if (isCoordinationMessage(message)) route(message);
    });
    worker.on("listening", () => {
      serving = true;
      // Whatever the leader announced before this follower listened for it.
      if (role === "follower" && lastStatus) worker.send(lastStatus);
    });
    worker.on("exit", (code, signal) => {
      running.delete(worker);
      followers.delete(worker);
      if (leader === worker) leader = undefined;
      if (stopping) {
        if (!running.size) process.exit();
        return;
      }
      if (!serving) return stopAll(code ?? 1);
      console.error(
        `sui-docs: the ${role} server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`,
      );
      setTimeout(() => fork(role), RESTART_DELAY_MS).unref();
    });
  };

  const route = (message: CoordinationMessage): void => {
    switch (message.kind) {
      case "sui-docs:ready":
        if (followersStarted) return;
        followersStarted = true;
        for (let i = 1; i < processes; i++) fork("follower");
        return;
      case "sui-docs:fetch":
        leader?.send(message);
        return;
      case "sui-docs:status":
        lastStatus = message;
        for (const follower of followers) follower.send(message);
        return;
    }
  };

  const stopAll = (code: number): void => {
    stopping = true;
    process.exitCode = code;
    if (!running.size) process.exit();
    for (const worker of running) worker.process.kill("SIGTERM");
  };

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stopAll(0));
  console.log(
    `sui-docs: ${processes} server processes (WEB_CONCURRENCY), ${compileThreads} compile thread${compileThreads === 1 ? "" : "s"} each`,
  );
  fork("leader");
}
