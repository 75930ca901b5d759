/**
 * What `npm start` runs (build/start.js): the site as WEB_CONCURRENCY server processes, one per
 * core by default (http/primary.ts), or, with one, the server itself in this process.
 */
import { fileURLToPath } from "node:url";
import { compileThreadsPerProcess, serverProcesses } from "./concurrency";
import { runPrimary } from "./primary";

const server = new URL("./index.js", import.meta.url);
const count = serverProcesses(process.env.WEB_CONCURRENCY);
if ("error" in count) {
  console.error(`sui-docs: ${count.error}`);
  process.exit(1);
}
if (count.processes === 1) await import(server.href);
else runPrimary({ processes: count.processes, entry: fileURLToPath(server), compileThreads: compileThreadsPerProcess(count.processes) });
