import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { tempDir } from "./temp";
import { waitUntilUp } from "./http";
import { childrenOf, freePort, start, type Running } from "./process";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface AppServer extends Running {
  url: string;
  /** The embedded content repository the server created in its fresh DATA_DIR. */
  gitdir: string;
  dataDir: string;
}

export function buildApp(): void {
  execFileSync("npm", ["run", "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true" },
  });
}

/** The command `npm start` runs, read from package.json so the bench measures exactly that. */
function startCommand(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } };
  return pkg.scripts.start;
}

export interface StartOptions {
  /** Reused by a restart; a fresh temporary folder when unset. */
  dataDir?: string;
  /** Added to the environment, e.g. CONTENT_REPO. One server process and no front unless it says otherwise. */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  /** Called with the shell's pid as soon as it runs, e.g. to sample the memory of a long start. */
  onSpawn?: (pid: number) => void;
}

/**
 * Runs the production start command on loopback, by default with a fresh DATA_DIR, so the
 * embedded repository is created from content/ and nothing is cached, and as one server process,
 * so that `pid` is the server whose memory is measured (with WEB_CONCURRENCY above 1, `pid` is the
 * primary and the server processes are its children).
 */
export async function startAppServer({
  dataDir = tempDir("data"),
  env = {},
  readyTimeoutMs = 60_000,
  onSpawn,
}: StartOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const shell = start("sh", ["-c", startCommand()], {
    cwd: ROOT,
    env: {
      PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}`,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_CONCURRENCY: "1",
      FRONT_PROCESSES: "0",
      ...env,
    },
  });
  onSpawn?.(shell.pid);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/healthz`, readyTimeoutMs, shell.alive);
  } catch (error) {
    await shell.stop();
    throw new Error(`${(error as Error).message}\n${shell.output()}`);
  }
  // The process the shell started for the command is the server whose memory is measured.
  const pid = childrenOf(shell.pid)[0] ?? shell.pid;
  const stop = async () => {
    if (pid !== shell.pid && shell.alive()) process.kill(pid, "SIGTERM"); // a shell does not pass signals on
    await shell.stop();
  };
  return { ...shell, pid, stop, url, gitdir: path.join(dataDir, "content.git"), dataDir };
}
