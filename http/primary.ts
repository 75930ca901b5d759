import cluster, { type Worker } from "node:cluster";
import { ROLE_VARIABLE, isCoordinationMessage, type CoordinationMessage, type Role } from "../server/source/coordination";
import { frontExecArgv } from "./concurrency";
import { BEHIND_FRONT_VARIABLE, isFrontMessage, type FrontMessage } from "./front-messages";
import { BEAT_MS, SILENT_MS, isBeat } from "./liveness";
import { isMetricsMessage, metricsGatherer } from "./metrics-gather";

export interface PrimaryOptions {
  /** Server processes to run, the leader included. */
  processes: number;
  /** The server module each process runs (build/index.js). */
  entry: string;
  /** Compile worker processes each server process may start (server/workers/pool.ts). */
  compileWorkers: number;
  /** Front processes on the public port (front.ts); with none, the server processes share it. */
  fronts: number;
  /** The front module (build/front.js). */
  frontEntry: string;
  /** How long the processes may finish what they serve once stopped (SHUTDOWN_DRAIN_MS, http/drain.ts). */
  drainMs: number;
}

/** Wait before a replacement starts, so a server process that keeps crashing cannot spin. */
const RESTART_DELAY_MS = 1_000;

/**
 * Runs the site as several server processes on one port (node:cluster hands each connection to
 * the next process in turn), each with its own caches. The first is the leader
 * (server/source/coordination.ts): it alone fetches, checks and records new commits and writes the
 * history index. The others start once the leader is ready, so they find the repository, the
 * history index and the compiled pages in DATA_DIR instead of making them again. This process only
 * passes messages on and restarts a server process that dies or stops beating (liveness.ts: it is
 * killed, then replaced like one that died, the leader by a new leader); if the leader dies before any
 * process listened (a configuration that cannot work), it stops, with the leader's exit code.
 * With fronts (front.ts), they take the port instead, and each server process listens on a loopback
 * port of its own that this process tells the fronts, with the pages the server processes keep.
 */
export function runPrimary({ processes, entry, compileWorkers, fronts: frontCount, frontEntry, drainMs }: PrimaryOptions): void {
  const running = new Set<Worker>();
  const followers = new Set<Worker>();
  const fronts = new Set<Worker>();
  /** Each server process's loopback port, when it sits behind fronts. */
  const upstreams = new Map<Worker, number>();
  /** When each server process last beat. */
  const beats = new Map<Worker, number>();
  let build = "";
  let leader: Worker | undefined;
  let lastStatus: CoordinationMessage | undefined;
  let followersStarted = false;
  /** Whether any process has listened: until then a process that ends means the site cannot start. */
  let serving = false;
  let stopping = false;
  /** Stopping gracefully (SIGTERM): the fronts drain first, then the server processes. */
  let draining = false;

  // /metrics: every process's metrics, fronts included, gathered for the server process that asks.
  const gatherMetrics = metricsGatherer(() => running);

  const upstreamsMessage = (): FrontMessage => ({ kind: "sui-docs:upstreams", ports: [...upstreams.values()], build });
  const toFronts = (message: CoordinationMessage | FrontMessage) => {
    for (const front of fronts) front.send(message);
  };

  const fork = (role: Role | "front"): void => {
    // "advanced": pages cross to the fronts as bytes, not as JSON arrays of numbers. setupPrimary
    // merges into the last call's settings, so a server process names its flags or takes a front's.
    cluster.setupPrimary(
      role === "front"
        ? { exec: frontEntry, serialization: "advanced", execArgv: frontExecArgv(process.execArgv) }
        : { exec: entry, serialization: "advanced", execArgv: process.execArgv },
    );
    const worker = cluster.fork(
      role === "front"
        ? {}
        : {
            [ROLE_VARIABLE]: role,
            SUI_DOCS_WORKER_PROCESSES: String(compileWorkers),
            ...(frontCount > 0 ? { [BEHIND_FRONT_VARIABLE]: "1" } : {}),
          },
    );
    running.add(worker);
    if (role === "leader") leader = worker;
    else if (role === "follower") followers.add(worker);
    else fronts.add(worker);
    worker.on("message", (message: unknown) => {
      if (isBeat(message)) {
        // From its first beat on: a process still loading its modules on a busy machine can be silent
        // for longer, and one that never starts to serve is the start command's to report.
        if (!worker.process.killed) beats.set(worker, Date.now());
      } else if (isCoordinationMessage(message)) route(message);
      else if (isFrontMessage(message)) routeToFronts(worker, message);
      else if (isMetricsMessage(message)) gatherMetrics(worker, message);
    });
    worker.on("listening", () => {
      // A front listens at once; the site serves once a server process does.
      if (role !== "front") serving = true;
      // Whatever the leader announced before this process listened for it.
      if (role !== "leader" && lastStatus) worker.send(lastStatus);
      if (role === "front") {
        worker.send(upstreamsMessage());
        // The pages kept before this front started (all of them again, when a front was replaced).
        for (const server of upstreams.keys()) server.send({ kind: "sui-docs:resend" } satisfies FrontMessage);
      }
    });
    worker.on("exit", (code, signal) => {
      running.delete(worker);
      beats.delete(worker);
      followers.delete(worker);
      fronts.delete(worker);
      if (upstreams.delete(worker)) toFronts(upstreamsMessage());
      if (leader === worker) leader = undefined;
      if (stopping) {
        if (!running.size) process.exit();
        // The fronts have finished what they passed on: the server processes have nothing left to answer.
        else if (draining && role === "front" && !fronts.size) stopServers();
        return;
      }
      if (!serving) return stopAll(code ?? 1);
      console.error(
        `sui-docs: the ${role} server process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}); starting another`,
      );
      setTimeout(() => stopping || fork(role), RESTART_DELAY_MS).unref();
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
        toFronts(message);
        return;
    }
  };

  const routeToFronts = (from: Worker, message: FrontMessage): void => {
    if (message.kind === "sui-docs:upstream") {
      // Listening on a port of its own (exclusive), a server process is not seen by "listening".
      serving = true;
      upstreams.set(from, message.port);
      build = message.build;
      toFronts(upstreamsMessage());
    } else if (message.kind === "sui-docs:kept") toFronts(message);
  };

  const stopAll = (code: number): void => {
    stopping = true;
    process.exitCode = code;
    if (!running.size) process.exit();
    for (const worker of running) worker.process.kill("SIGTERM");
  };

  const stopServers = (): void => {
    for (const worker of running) if (!fronts.has(worker)) worker.process.kill("SIGTERM");
  };

  /**
   * A graceful stop (SIGTERM, SIGINT): each process fails readiness and finishes what it serves
   * (drain.ts), the fronts first, since what they answer may come from a server process; without
   * fronts the server processes drain themselves. Past the drain's deadline and a little more,
   * what is left is killed.
   */
  const drainAll = (): void => {
    if (stopping) return;
    stopping = draining = true;
    if (!running.size) process.exit();
    setTimeout(() => {
      console.error(`sui-docs: processes still running ${drainMs / 1000} s after the stop began; killing them`);
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit();
    }, drainMs + 5_000);
    if (fronts.size) for (const front of fronts) front.process.kill("SIGTERM");
    else stopServers();
  };

  const killSilent = (): void => {
    if (stopping) return;
    for (const [worker, beat] of beats) {
      if (Date.now() - beat < SILENT_MS) continue;
      console.error(
        `sui-docs: the server process ${worker.process.pid} has not answered for ${Math.round((Date.now() - beat) / 1000)} s (stopped or hung); killing it`,
      );
      // Once (a beat sent before the kill is not counted): the exit that follows replaces it.
      beats.delete(worker);
      worker.process.kill("SIGKILL");
    }
  };
  setInterval(killSilent, BEAT_MS).unref();

  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, drainAll);
  console.log(
    `sui-docs: ${processes} server processes (WEB_CONCURRENCY), ${compileWorkers} compile worker${compileWorkers === 1 ? "" : "s"} each` +
      (frontCount > 0 ? `, behind ${frontCount} front process${frontCount === 1 ? "" : "es"} (FRONT_PROCESSES)` : ""),
  );
  fork("leader");
  for (let i = 0; i < frontCount; i++) fork("front");
}
