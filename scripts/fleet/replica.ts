import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const KEEP_OUTPUT = 16 * 1024;

/**
 * One replica of the site: `build/start.js` as `npm start` runs it, on its own port and its own
 * DATA_DIR (no shared disk), told its peers (PEERS) so that a webhook delivery reaches all of them.
 * It can be stopped gracefully (SIGTERM: it fails readiness, drains, exits) and started again on
 * the same DATA_DIR, or started afresh on an empty one, as an orchestrator replaces a lost pod.
 */
export class Replica {
  private child?: ChildProcess;
  private tail = "";
  /** Made at start when there is none: a replica that starts afresh begins with an empty one. */
  private dataDir?: string;
  /** Called when the process ends without stop() having been asked for (killed, crashed). */
  onLost?: (replica: Replica, how: string) => void;
  /** Each line the replica writes, prefixed with its name (the fleet passes them to its log). */
  onOutput?: (line: string) => void;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  output(): string {
    return this.tail;
  }

  start(): void {
    this.dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), `sui-docs-fleet-${this.name}-`));
    const child = spawn(process.execPath, ["--max-old-space-size=512", "--max-semi-space-size=4", path.join(ROOT, "build", "start.js")], {
      cwd: ROOT,
      env: { ...this.env, PORT: String(this.port), HOST: "127.0.0.1", DATA_DIR: this.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      this.tail = (this.tail + text).slice(-KEEP_OUTPUT);
      for (const line of text.split("\n")) if (line) this.onOutput?.(`${this.name} | ${line}`);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    child.once("exit", (code, signal) => {
      if (this.child !== child) return;
      this.child = undefined;
      this.onLost?.(this, signal ?? `exit code ${code}`);
    });
    this.child = child;
  }

  /** SIGTERM, then waits for the process to end. */
  stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  }

  /** Deletes DATA_DIR (the replica's clone, compiled pages, history index): the next start begins empty. */
  discardData(): void {
    if (this.dataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
    this.dataDir = undefined;
  }

  /** Whether /readyz answers 200: the replica serves the branch's live commit. */
  async ready(): Promise<boolean> {
    try {
      const answer = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await answer.arrayBuffer();
      return answer.status === 200;
    } catch {
      return false;
    }
  }
}
