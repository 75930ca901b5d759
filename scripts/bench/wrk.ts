import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { LoadOptions, LoadResult } from "./load";
import { tempDir } from "./temp";

/** Debian's `apt-get install wrk` puts it here; elsewhere it is looked up on PATH. */
export function wrkBinary(): string | undefined {
  const dirs = ["/usr/bin", "/usr/local/bin", ...(process.env.PATH ?? "").split(":")];
  return dirs.map((dir) => path.join(dir, "wrk")).find((file) => fs.existsSync(file));
}

const lua = (value: string) => JSON.stringify(value); // a JSON string literal is a valid Lua string literal for ASCII

/**
 * The script wrk runs: every connection of the thread takes the next request of the list in turn,
 * so the load spreads over every URL, and `done` prints the figures as one JSON line.
 */
function script(requests: LoadOptions["requests"]): string {
  const formatted = requests.map(({ path: p, headers = {} }) => {
    const fields = Object.entries(headers).map(([name, value]) => `[${lua(name)}] = ${lua(value)}`);
    return `wrk.format("GET", ${lua(p)}, { ${fields.join(", ")} })`;
  });
  return `local requests = {}
local count = 0
function init(args)
  requests = { ${formatted.join(",\n    ")} }
end
function request()
  count = count % #requests + 1
  return requests[count]
end
function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format('\\n{"requests":%d,"micros":%d,"p50":%d,"p99":%d,"failures":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout))
end
`;
}

/**
 * Runs wrk (C, one thread: it needs far less CPU per request than any server it measures here, so
 * the server is what the figures describe). Only counts of failures are known, not each status.
 */
export async function runWrk(binary: string, { url, requests, connections, seconds }: LoadOptions): Promise<LoadResult> {
  const file = path.join(tempDir("wrk"), "rotate.lua");
  fs.writeFileSync(file, script(requests));
  const stdout = await new Promise<string>((resolve, reject) =>
    execFile(
      binary,
      ["-t1", `-c${connections}`, `-d${seconds}s`, "--timeout", "5s", "-s", file, url],
      { encoding: "utf8" },
      (error, out, err) => (error ? reject(new Error(`wrk failed: ${error.message}\n${err}`)) : resolve(out)),
    ),
  );
  const line = stdout.split("\n").findLast((l) => l.startsWith("{"));
  if (!line) throw new Error(`wrk printed no summary:\n${stdout}`);
  const r = JSON.parse(line) as { requests: number; micros: number; p50: number; p99: number; failures: number };
  return {
    rps: r.requests / (r.micros / 1e6),
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    requests: r.requests,
    failures: r.failures,
    statuses: {},
  };
}
