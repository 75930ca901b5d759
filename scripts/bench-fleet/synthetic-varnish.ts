import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { VARNISHD } from "../../test/helpers/varnish";
import { freePort } from "../bench/process";

/**
 * A bench-only Varnish that answers every request itself (vcl_synth) with a fixed body of `bytes`
 * bytes and the same Content-Type as a page: what Varnish does at best for an object of that size,
 * with no backend, no lookup and no headers of ours. The site through deploy/varnish.vcl is
 * measured against it.
 */
export async function startSyntheticVarnish(bytes: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sui-docs-synthetic-varnish-"));
  // A VCL long string cannot hold "}, and x never does.
  const vcl = `vcl 4.1;
backend default none;
sub vcl_recv { return (synth(200, "OK")); }
sub vcl_synth {
  set resp.http.Content-Type = "text/html; charset=utf-8";
  set resp.body = {"${"x".repeat(bytes)}"};
  return (deliver);
}
`;
  fs.writeFileSync(path.join(dir, "synthetic.vcl"), vcl);
  const port = await freePort();
  const child = spawn(
    VARNISHD,
    [
      "-F",
      "-j",
      "none",
      "-n",
      path.join(dir, "work"),
      "-a",
      `127.0.0.1:${port}`,
      "-T",
      "none",
      "-f",
      path.join(dir, "synthetic.vcl"),
      "-s",
      "malloc,16m",
      "-p",
      "thread_pools=1",
      "-p",
      "thread_pool_min=10",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the synthetic varnishd ended: ${output}`);
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 300) throw new Error(`the synthetic varnishd did not answer: ${output}`);
    await sleep(100);
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}
