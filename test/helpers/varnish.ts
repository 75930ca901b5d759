import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { tempDir } from "./git";
import { freePort, waitFor } from "./server";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DEPLOY = path.join(ROOT, "deploy");
export const VARNISHD = process.env.VARNISHD ?? "/usr/sbin/varnishd";

export interface VarnishOptions {
  /** Where the site (a replica, or the load balancer before them) listens. */
  backendPort: number;
  backendHost?: string;
  /** The cache's port; a free one when not given. */
  port?: number;
  /** More `-p name=value` parameters, e.g. thread pools for a bench. */
  params?: Record<string, string>;
  /** Cache storage, megabytes of malloc (64). */
  storageMb?: number;
  /** A VCL of its own instead of deploy/varnish.vcl (a bench's baseline); the backend is then unused. */
  vcl?: string;
}

export interface RunningVarnish {
  url: string;
  port: number;
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * deploy/varnish-site.vcl with the backend's address put in: what an operator does with their own
 * copy. deploy/varnish.vcl, the file under test, is used as it is and finds this copy first along
 * vcl_path.
 */
export function siteVcl(backendHost: string, backendPort: number): string {
  const vcl = fs.readFileSync(path.join(DEPLOY, "varnish-site.vcl"), "utf8");
  const substituted = vcl
    .replace(/\.host = "[^"]*";/, `.host = "${backendHost}";`)
    .replace(/\.port = "[^"]*";/, `.port = "${backendPort}";`);
  if (substituted === vcl) throw new Error("deploy/varnish-site.vcl has no backend .host and .port to substitute");
  return substituted;
}

/**
 * Starts varnishd in the foreground as a child of the test (no jail: it runs as whoever runs the
 * tests), with deploy/varnish.vcl in front of the site at `backendPort`, and waits until it answers.
 * Its working directory (shared memory log, compiled VCL) is a temporary folder of its own.
 */
export async function startVarnish({
  backendPort,
  backendHost = "127.0.0.1",
  port,
  params = {},
  storageMb = 64,
  vcl,
}: VarnishOptions): Promise<RunningVarnish> {
  const dir = tempDir("sui-docs-varnish-");
  fs.writeFileSync(path.join(dir, "varnish-site.vcl"), siteVcl(backendHost, backendPort));
  if (vcl) fs.writeFileSync(path.join(dir, "own.vcl"), vcl);
  const listen = port ?? (await freePort());
  const args = [
    "-F",
    "-j",
    "none",
    "-n",
    path.join(dir, "work"),
    "-a",
    `127.0.0.1:${listen}`,
    "-T",
    "none",
    "-f",
    vcl ? path.join(dir, "own.vcl") : path.join(DEPLOY, "varnish.vcl"),
    "-s",
    `malloc,${storageMb}m`,
    "-p",
    `vcl_path=${dir}:${DEPLOY}:/etc/varnish:/usr/share/varnish/vcl`,
    ...Object.entries({ thread_pools: "1", thread_pool_min: "10", ...params }).flatMap(([name, value]) => ["-p", `${name}=${value}`]),
  ];
  const child: ChildProcess = spawn(VARNISHD, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${listen}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  await waitFor(
    async () => {
      if (exited()) throw new Error(`varnishd exited (${child.exitCode ?? child.signalCode}): ${output}`);
      try {
        await fetch(`${url}/healthz`, { method: "HEAD" });
        return true;
      } catch {
        return false;
      }
    },
    undefined,
    100,
  ).catch((error: Error) => {
    child.kill("SIGKILL");
    throw new Error(`${error.message}: varnishd did not answer on ${url}: ${output}`);
  });
  return {
    url,
    port: listen,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (exited()) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
