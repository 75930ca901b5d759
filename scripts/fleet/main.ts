/**
 * `npm run fleet -- --replicas N --port P`: the site as a fleet on this machine (doc/fleet.md):
 * the cache on P, the balancer on P+1, N replicas from P+2. Prints one `name: url` line per
 * address and `pid: <n>` once every replica serves; SIGHUP restarts the replicas one at a time,
 * SIGINT or SIGTERM stops everything. Run `npm run build` first: replicas run build/start.js.
 */
import { parseArgs } from "node:util";
import { Fleet } from "./fleet";

const USAGE = "usage: npm run fleet -- [--replicas N (3)] [--port P (8080)]";

const { values } = parseArgs({
  options: { replicas: { type: "string", default: "3" }, port: { type: "string", default: "8080" }, help: { type: "boolean" } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const log = (line: string) => console.error(`fleet: ${line}`);

let fleet: Fleet;
try {
  fleet = new Fleet({
    replicas: Number(values.replicas),
    port: Number(values.port),
    env: process.env,
    log,
    replicaLog: (line) => console.error(line),
  });
} catch (error) {
  console.error(`fleet: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

let stopping: Promise<void> | undefined;
const stop = (code: number) => {
  stopping ??= fleet.stop().finally(() => process.exit(code));
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stop(0));

let rolling: Promise<void> | undefined;
process.on("SIGHUP", () => {
  if (rolling) return log("a rolling restart is already under way");
  log("rolling restart: one replica at a time");
  rolling = fleet
    .rollingRestart()
    .then(() => log("rolling restart done"))
    .catch((error: Error) => log(`rolling restart stopped: ${error.message}`))
    .finally(() => (rolling = undefined));
});

try {
  await fleet.start();
} catch (error) {
  log(`could not start: ${(error as Error).message}`);
  stop(1);
}
if (!stopping) {
  for (const [name, url] of fleet.addresses()) console.log(`${name}: ${url}`);
  console.log(`pid: ${process.pid}`);
}
