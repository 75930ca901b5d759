import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The file the fleet runs as it is; replicas and addresses come from the environment (see its head). */
export const HAPROXY_CFG = path.join(ROOT, "deploy", "haproxy.cfg");
/** Replicas deploy/haproxy.cfg has a slot for (REPLICA_1 .. REPLICA_9). */
export const MAX_REPLICAS = 9;
export const HAPROXY = process.env.HAPROXY ?? "haproxy";

/** Starts HAProxy in the foreground with deploy/haproxy.cfg, in front of `replicas` (host:port each). */
export function startHaproxy(bind: string, replicas: string[], statsSocket: string): ChildProcess {
  if (replicas.length > MAX_REPLICAS) throw new Error(`deploy/haproxy.cfg has room for ${MAX_REPLICAS} replicas, not ${replicas.length}`);
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    SUI_DOCS_BALANCER_BIND: bind,
    HAPROXY_STATS_SOCKET: statsSocket,
  };
  replicas.forEach((address, i) => (env[`REPLICA_${i + 1}`] = address));
  return spawn(HAPROXY, ["-db", "-f", HAPROXY_CFG], { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
}

/** One replica as HAProxy sees it. */
export interface ServerState {
  /** replica-1 … */
  name: string;
  /** UP, DOWN, MAINT, "UP 1/2" while rising, "DOWN 1/2" while falling… */
  status: string;
  /** Requests (sessions) HAProxy has sent it since it started; health checks are not counted. */
  sessions: number;
}

/** The replicas' states, from HAProxy's `show stat` on its stats socket. */
export function serverStates(statsSocket: string): Promise<ServerState[]> {
  return new Promise((resolve, reject) => {
    let csv = "";
    const socket = net.connect(statsSocket, () => socket.end("show stat\n"));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (csv += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rows] = csv.trim().split("\n");
      const columns = (head ?? "").replace(/^# /, "").split(",");
      const at = (name: string) => columns.indexOf(name);
      resolve(
        rows
          .map((row) => row.split(","))
          .filter((cells) => cells[at("pxname")] === "replicas" && cells[at("svname")]?.startsWith("replica-"))
          .map((cells) => ({ name: cells[at("svname")]!, status: cells[at("status")]!, sessions: Number(cells[at("stot")]) })),
      );
    });
  });
}
