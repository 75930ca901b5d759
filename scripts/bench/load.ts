import autocannon from "autocannon";
import { median } from "./stats";
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
  /** CPU time the server's processes spent per response, µs, when it was measured. */
  cpuUsPerRequest?: number;
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

/**
 * Rounds of the same load on the same server as one result: the median of each figure (a round that
 * met a busy moment of the machine moves it less than it moves a mean), the requests, failures and
 * statuses of all of them.
 */
export function combineRounds(rounds: readonly LoadResult[]): LoadResult {
  if (rounds.length === 0) throw new Error("no rounds to combine");
  const statuses: Record<string, number> = {};
  for (const round of rounds) for (const [code, count] of Object.entries(round.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  const cpu = rounds.flatMap((round) => (round.cpuUsPerRequest === undefined ? [] : [round.cpuUsPerRequest]));
  return {
    rps: median(rounds.map((round) => round.rps)),
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    failures: rounds.reduce((sum, round) => sum + round.failures, 0),
    statuses,
    ...(cpu.length ? { cpuUsPerRequest: median(cpu) } : {}),
  };
}
