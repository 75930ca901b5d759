import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { ensureEmbeddedRepository } from "../../server/source/embedded";
import { GitHttpRemote } from "../../test/helpers/git-http";
import { startVarnish, type RunningVarnish } from "../../test/helpers/varnish";
import { MAX_REPLICAS, serverStates, startHaproxy } from "./haproxy";
import { Replica } from "./replica";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** A replica gets this long to become ready: a first clone of a large repository takes a while. */
const READY_TIMEOUT_MS = 5 * 60_000;
/** Before a lost replica is replaced, as an orchestrator waits before it reschedules. */
const REPLACE_DELAY_MS = 1_000;

export interface FleetOptions {
  replicas: number;
  /** The cache's port; the balancer's is the next, then the replicas'. */
  port: number;
  /** The environment the replicas start from (CONTENT_REPO, WEBHOOK_SECRET, POLL_INTERVAL…). */
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Where the replicas' own output goes, a line at a time (`replica-1 | …`). */
  replicaLog?: (line: string) => void;
}

/**
 * The site as a fleet on this machine, from the deploy/ files: Varnish (deploy/varnish.vcl) on
 * `port`, HAProxy (deploy/haproxy.cfg) on `port + 1`, and the replicas on the ports after, each with
 * its own DATA_DIR, all serving CONTENT_REPO or, when it is unset, a copy of the embedded content
 * published over smart HTTP here. A replica that dies is replaced on an empty DATA_DIR, as a lost
 * pod is.
 */
export class Fleet {
  readonly replicas: Replica[];
  readonly statsSocket: string;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "sui-docs-fleet-"));
  private remote?: GitHttpRemote;
  private haproxy?: ChildProcess;
  private haproxyOutput = "";
  private varnish?: RunningVarnish;
  private stopping = false;
  repository = "";

  constructor(private readonly options: FleetOptions) {
    if (!Number.isInteger(options.replicas) || options.replicas < 1 || options.replicas > MAX_REPLICAS)
      throw new Error(`--replicas must be a whole number from 1 to ${MAX_REPLICAS} (deploy/haproxy.cfg's slots), got ${options.replicas}`);
    if (!Number.isInteger(options.port) || options.port < 1 || options.port + 1 + options.replicas > 65535)
      throw new Error(`--port must leave room for the cache, the balancer and ${options.replicas} replicas below 65536`);
    this.statsSocket = path.join(this.dir, "haproxy.sock");
    const ports = Array.from({ length: options.replicas }, (_, i) => options.port + 2 + i);
    const peers = ports.map((port) => `http://127.0.0.1:${port}`).join(",");
    this.replicas = ports.map((port, i) => new Replica(`replica-${i + 1}`, port, this.replicaEnv(peers)));
    for (const replica of this.replicas) {
      replica.onLost = (lost, how) => this.replace(lost, how);
      replica.onOutput = (line) => options.replicaLog?.(line);
    }
  }

  get cacheUrl(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get balancerUrl(): string {
    return `http://127.0.0.1:${this.options.port + 1}`;
  }

  /** The addresses to print, in order, as `name: url`. */
  addresses(): [string, string][] {
    return [
      ["cache", this.cacheUrl],
      ["balancer", this.balancerUrl],
      ...this.replicas.map((replica): [string, string] => [replica.name, replica.url]),
      ["repository", this.repository],
      ["webhook", `${this.balancerUrl}/api/webhooks/git`],
      // HAProxy's `show stat`, e.g. `echo "show stat" | socat - UNIX:<path>`.
      ["balancer-stats", this.statsSocket],
    ];
  }

  async start(): Promise<void> {
    const { env } = this.options;
    if (env.CONTENT_REPO) this.repository = env.CONTENT_REPO;
    else {
      const seed = path.join(this.dir, "embedded.git");
      await ensureEmbeddedRepository(path.join(ROOT, "content"), seed, env.CONTENT_BRANCH || "main");
      this.remote = await GitHttpRemote.start();
      this.repository = this.remote.publish(seed);
      for (const replica of this.replicas) replica.env.CONTENT_REPO = this.repository;
    }
    for (const replica of this.replicas) replica.start();
    this.haproxy = startHaproxy(
      `127.0.0.1:${this.options.port + 1}`,
      this.replicas.map((replica) => `127.0.0.1:${replica.port}`),
      this.statsSocket,
    );
    const keep = (chunk: Buffer) => (this.haproxyOutput = (this.haproxyOutput + chunk.toString()).slice(-8192));
    this.haproxy.stdout!.on("data", keep);
    this.haproxy.stderr!.on("data", keep);
    this.haproxy.once("exit", (code) => {
      if (!this.stopping) this.options.log(`haproxy ended (exit code ${code}): ${this.haproxyOutput}`);
    });
    this.varnish = await startVarnish({ backendPort: this.options.port + 1, port: this.options.port });
    await Promise.all(this.replicas.map((replica) => this.untilServing(replica)));
  }

  /**
   * Restarts the replicas one at a time: each is stopped (it fails readiness, drains, exits),
   * started again on its DATA_DIR, and the next one waits until the balancer sends it readers again.
   */
  async rollingRestart(): Promise<void> {
    for (const replica of this.replicas) {
      const started = Date.now();
      await replica.stop();
      replica.start();
      await this.untilServing(replica);
      this.options.log(`${replica.name} restarted and serving again after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  /** Waits until the replica's /readyz answers 200 and HAProxy has it UP. */
  async untilServing(replica: Replica): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!(await replica.ready()) || !(await this.balancerHasUp(replica))) {
      if (Date.now() > deadline) throw new Error(`${replica.name} was not ready within ${READY_TIMEOUT_MS / 1000} s: ${replica.output()}`);
      await sleep(200);
    }
  }

  private async balancerHasUp(replica: Replica): Promise<boolean> {
    const states = await serverStates(this.statsSocket).catch(() => []);
    return states.find((state) => state.name === replica.name)?.status === "UP";
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([
      ...this.replicas.map((replica) => replica.stop()),
      this.varnish?.stop(),
      new Promise<void>((resolve) => {
        const haproxy = this.haproxy;
        if (!haproxy || haproxy.exitCode !== null || haproxy.signalCode !== null) return resolve();
        haproxy.once("exit", () => resolve());
        haproxy.kill("SIGTERM");
      }),
      this.remote?.stop(),
    ]);
    for (const replica of this.replicas) replica.discardData();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** A replica that ended on its own is replaced on an empty DATA_DIR, as a lost pod is. */
  private replace(replica: Replica, how: string): void {
    if (this.stopping) return;
    this.options.log(`${replica.name} ended (${how}): starting it again on an empty DATA_DIR`);
    setTimeout(() => {
      if (this.stopping) return;
      replica.discardData();
      replica.start();
    }, REPLACE_DELAY_MS);
  }

  private replicaEnv(peers: string): NodeJS.ProcessEnv {
    const { env, port } = this.options;
    return {
      // One server process and one compile worker each, as deploy/kubernetes/deployment.yaml runs
      // them: several replicas on one machine share its cores.
      FRONT_PROCESSES: "0",
      WEB_CONCURRENCY: "1",
      SUI_DOCS_WORKER_PROCESSES: "1",
      MALLOC_ARENA_MAX: "2",
      // Every replica names the site by the cache's address, so their pages are the same.
      SITE_URL: `http://localhost:${port}`,
      // Each replica purges the cache when a commit goes live there.
      PURGE_URLS: `http://127.0.0.1:${port}`,
      // The cache and the balancer, both on loopback, name the reader in X-Forwarded-For.
      TRUSTED_PROXIES: "127.0.0.1",
      ...env,
      NODE_ENV: "production",
      PEERS: peers,
    };
  }
}
