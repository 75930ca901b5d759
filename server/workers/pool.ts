import os from "node:os";
import { fileURLToPath } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { Piscina } from "piscina";
import { BusyError } from "../errors";
import type { Jobs } from "./jobs";

export interface WorkerPoolOptions {
  /** Worker threads; default: one per core but one. */
  threads?: number;
  /** Jobs waiting for a thread before new ones are refused with a BusyError. */
  maxQueue?: number;
  /** Heap limit of each worker, MB. */
  memoryMb?: number;
  /** The worker's entry module (tests substitute their own). Default: jobs.ts, or workers/jobs.js in the build. */
  filename?: string;
}

/** A job that ran longer than its time limit; its worker was terminated. */
export class JobTimeoutError extends Error {
  constructor(
    readonly job: string,
    readonly limitMs: number,
  ) {
    super(`${job} took longer than ${limitMs / 1000} s and was stopped`);
    this.name = "JobTimeoutError";
  }
}

/** A job that needed more memory than a worker's heap limit; its worker was terminated. */
export class JobMemoryError extends Error {
  constructor(
    readonly job: string,
    readonly limitMb: number,
  ) {
    super(`${job} needed more than ${limitMb} MB of memory and was stopped`);
    this.name = "JobMemoryError";
  }
}

/**
 * The heap limit of a worker thread, MB. A compile's own memory is a few MB; every page of the
 * embedded content and its generated references compiled and generated within a 48 MB limit, but
 * building the search index of the whole catalogue in one job needs more than 96 MB (and less than
 * 128). Under the former 256 MB, V8 let the worker's heap fill with garbage up to ~170 MB between
 * collections, RSS the memory plan (server/memory-budget.ts) cannot afford.
 */
const WORKER_HEAP_MB = 160;

/**
 * Worker threads for CPU-heavy jobs, so the request thread keeps answering while pages compile.
 * Workers get an empty environment (no secrets), a heap limit, a lower CPU priority than the request
 * thread, and a time limit per job (a job over
 * it terminates its worker, which piscina replaces); the queue is bounded, so overload is a quick
 * 503 rather than an ever longer wait.
 */
export class WorkerPool {
  private readonly piscina: Piscina;
  /** Jobs running or waiting; counted here because piscina's own maxQueue also admits jobs for workers still starting. */
  private outstanding = 0;
  private readonly capacity: number;
  private readonly memoryMb: number;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    const filename = options.filename ?? defaultEntry();
    // One core stays the request thread's: with a worker on every core, a cold crawl took warm
    // readers' p99 from 53 ms up, and each worker holds its own grammars (RSS).
    // Several server processes (WEB_CONCURRENCY) share the cores: http/primary.ts gives each its part.
    const threads = options.threads ?? (Number(process.env.SUI_DOCS_WORKER_THREADS) || Math.max(1, os.availableParallelism() - 1));
    this.capacity = threads + (options.maxQueue ?? 256);
    this.memoryMb = options.memoryMb ?? WORKER_HEAP_MB;
    this.piscina = new Piscina({
      filename,
      // One worker starts at once and loads its grammars in the background; more start under load
      // and stay a while, since each pays for loading the grammars again.
      minThreads: 1,
      maxThreads: threads,
      idleTimeout: 5 * 60_000,
      env: {},
      // Linux: a lower priority for the worker threads only, so requests on the main thread come first.
      niceIncrement: 10,
      // A small young generation: V8's default reserves 32 MB per thread that a compile never needs
      // at once (server/memory-budget.ts).
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 8 },
    });
  }

  /**
   * Runs the named job on a worker thread. Rejects with JobTimeoutError when it runs longer than
   * `timeoutMs` (time spent waiting for a thread does not count), JobMemoryError when it needs more
   * than the worker's heap limit, BusyError when the queue is full.
   */
  async run<K extends keyof Jobs>(name: K, input: Parameters<Jobs[K]>[0], timeoutMs: number): Promise<Awaited<ReturnType<Jobs[K]>>> {
    // piscina would start new workers for jobs that come after destroy().
    if (this.closed) throw new BusyError("The server is shutting down.");
    if (this.outstanding >= this.capacity) {
      throw new BusyError("The server is busy compiling pages and cannot take more work right now; try again in a few seconds.");
    }
    this.outstanding++;
    const timeout = new AbortController();
    const { port1, port2 } = new MessageChannel();
    let timer: NodeJS.Timeout | undefined;
    port1.once("message", () => (timer = setTimeout(() => timeout.abort(), timeoutMs)));
    try {
      return await this.piscina.run({ input, started: port2 }, { name, signal: timeout.signal, transferList: [port2] });
    } catch (error) {
      if (timeout.signal.aborted) throw new JobTimeoutError(name, timeoutMs);
      if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") throw new JobMemoryError(name, this.memoryMb);
      throw error;
    } finally {
      this.outstanding--;
      clearTimeout(timer);
      port1.close();
    }
  }

  /** Jobs running or waiting for a thread. */
  get pending(): number {
    return this.outstanding;
  }

  /** Terminates every worker, running jobs included; their callers get an error. */
  async close(): Promise<void> {
    this.closed = true;
    await this.piscina.destroy();
  }
}

/**
 * In the build, the server is one bundle (build/index.js) and the worker entry sits beside it in
 * build/workers/jobs.js (`npm run build` emits both). Run from source (vitest, tsx), the worker loads
 * jobs.ts through tsx.
 */
function defaultEntry(): string {
  return fileURLToPath(new URL(import.meta.url.endsWith(".ts") ? "./jobs-from-source.mjs" : "./workers/jobs.js", import.meta.url));
}

let shared: WorkerPool | undefined;

/** The process's pool, started on first use. */
export function sharedWorkerPool(): WorkerPool {
  shared ??= new WorkerPool();
  return shared;
}

/** Stops the process's workers (at shutdown): running compiles end at once. */
export async function closeWorkers(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
