import os from "node:os";

/** A count of processes from the variable `name`: `byDefault` when unset, an error that names it when not a whole number ≥ `least`. */
function processCount(value: string | undefined, name: string, what: string, least: number, byDefault: number): number | { error: string } {
  if (value === undefined || value.trim() === "") return byDefault;
  const count = Number(value);
  if (!Number.isInteger(count) || count < least)
    return { error: `${name} must be a whole number of ${what}, ${least} or more, got "${value}"` };
  return count;
}

/**
 * How many server processes to run: WEB_CONCURRENCY (the name Heroku, Render and others set), by
 * default `byDefault`; an error that names the variable when it is not a whole number ≥ 1.
 */
export function serverProcesses(value: string | undefined, byDefault: number): { processes: number } | { error: string } {
  const count = processCount(value, "WEB_CONCURRENCY", "server processes", 1, byDefault);
  return typeof count === "number" ? { processes: count } : count;
}

/**
 * Compile workers for each server process (worker processes, server/workers/pool.ts): the cores but
 * one, shared among the server processes, and at least one each. With one server process per core
 * that is one worker each, which runs at a lower priority than the servers, so a cold crawl cannot
 * starve warm pages.
 */
export function compileWorkersPerProcess(processes: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor((cores - 1) / processes));
}

/**
 * How many front processes to run (FRONT_PROCESSES, http/front.ts): by default one per core, so
 * every core answers warm pages; an error that names the variable when it is not a whole number ≥ 0.
 */
export function frontProcesses(value: string | undefined, cores = os.availableParallelism()): { fronts: number } | { error: string } {
  const count = processCount(value, "FRONT_PROCESSES", "front processes", 0, cores);
  return typeof count === "number" ? { fronts: count } : count;
}

/**
 * Server processes when WEB_CONCURRENCY is unset: one behind fronts (they answer warm pages on every
 * core; a server process renders what they have not got, and each more would hold the whole engine
 * and its caches again), else one per core.
 */
export function defaultServerProcesses(fronts: number, cores = os.availableParallelism()): number {
  return fronts > 0 ? 1 : cores;
}

/**
 * A front's Node flags: its parent's, without the young generation's size limit. `npm start` caps it
 * at 4 MB so that a server process's render garbage is collected before it swells RSS; a front holds
 * only the kept pages and makes a little garbage per request, tens of thousands of times a second, so
 * with 4 MB it runs a scavenge every few thousand requests for nothing.
 */
export function frontExecArgv(parent: readonly string[]): string[] {
  return parent.filter((flag) => !flag.startsWith("--max-semi-space-size="));
}
