import autocannon from "autocannon";
import { runWrk, wrkBinary } from "./wrk";

export interface LoadRequest {
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Responses other than 2xx and 3xx, plus connection errors and timeouts. */
  failures: number;
  statuses: Record<string, number>;
}

export interface LoadOptions {
  url: string;
  requests: LoadRequest[];
  connections: number;
  seconds: number;
  /** Called every second with the responses of that second. */
  onTick?: (responses: number) => void;
}

const WRK = wrkBinary();

/**
 * What generates the load: wrk where it is installed, else autocannon, which runs in JavaScript and
 * at about 5,000 requests/s on a small machine is the bottleneck itself, so every fast server
 * measures alike with it.
 */
export const LOAD_GENERATOR = WRK ? "wrk (1 thread)" : "autocannon (wrk is not installed)";

/** Runs the load with wrk when it is installed and no per-second counts are asked for, else with autocannon. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return WRK && !options.onTick ? runWrk(WRK, options) : runAutocannon(options);
}

/**
 * Runs autocannon over `requests`, each connection cycling through the whole list from its own
 * offset, so the load spreads over every URL instead of all connections asking for the same one.
 */
async function runAutocannon({ url, requests, connections, seconds, onTick }: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const options: autocannon.Options = {
    url,
    connections,
    duration: seconds,
    requests,
    setupClient(client) {
      const offset = Math.floor((next++ * requests.length) / connections) % requests.length;
      client.setRequests([...requests.slice(offset), ...requests.slice(0, offset)]);
    },
  };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, done: autocannon.Result) => (error ? reject(error) : resolve(done)));
    // The typings declare "tick" without its argument: { counter, bytes } of the last second.
    if (onTick) instance.on("tick", ((counts: { counter: number }) => onTick(counts.counter)) as () => void);
  });
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]));
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result["1xx"] + result["4xx"] + result["5xx"] + result.errors + result.timeouts,
    statuses,
  };
}
