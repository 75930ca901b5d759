/**
 * What `npm start` runs (build/start.js): the site as FRONT_PROCESSES front processes (one per core
 * by default) before WEB_CONCURRENCY server processes (http/primary.ts), or, with one server process
 * and no front, the server itself in this process.
 */
import { fileURLToPath } from "node:url";
import { compileWorkersPerProcess, defaultServerProcesses, frontProcesses, serverProcesses } from "./concurrency";
import { shutdownDrainMs } from "./drain";
import { runPrimary } from "./primary";

const server = new URL("./index.js", import.meta.url);
/** A setting's parsed value, or the process ends with the message that names the setting. */
function orExit<T extends object>(parsed: T | { error: string }): T {
  if ("error" in parsed) {
    console.error(`sui-docs: ${parsed.error}`);
    process.exit(1);
  }
  return parsed;
}

const { fronts } = orExit(frontProcesses(process.env.FRONT_PROCESSES));
const { processes } = orExit(serverProcesses(process.env.WEB_CONCURRENCY, defaultServerProcesses(fronts)));
const { ms: drainMs } = orExit(shutdownDrainMs(process.env.SHUTDOWN_DRAIN_MS));
if (processes === 1 && fronts === 0) await import(server.href);
else
  runPrimary({
    processes,
    entry: fileURLToPath(server),
    compileWorkers: compileWorkersPerProcess(processes),
    fronts,
    frontEntry: fileURLToPath(new URL("./front.js", import.meta.url)),
    drainMs,
  });
