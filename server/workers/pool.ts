import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { BusyError } from "../errors";
import { WORKER_PROCESS_MB } from "../memory-budget";
import { compileQueue, observeCompile } from "../metrics";
import type { Jobs } from "./jobs";
import { JobPriority, needsReservedWorker, nextJob, type Lane } from "./lanes";
import type { JobMessage, JobRequest } from "./serve-jobs";

export interface WorkerPoolOptions {
  /** Worker processes; default: one per core but one. */
  processes?: number;
  /** Jobs waiting for a worker before new ones are refused with a BusyError. */
  maxQueue?: number;
  /** Heap limit of each worker, MB. */
  memoryMb?: number;
  /** The worker's entry module (tests substitute their own). Default: jobs-from-source.mjs, or workers/jobs.js in the build. */
  filename?: string;
}

/** A job that ran longer than its time limit; its worker process was ended. */
export class JobTimeoutError extends Error {
  constructor(
    readonly job: string,
    readonly limitMs: number,
  ) {
    super(`${job} took longer than ${limitMs / 1000} s and was stopped`);
    this.name = "JobTimeoutError";
  }
}

/** A job that needed more memory than a worker's heap limit; its worker process was ended. */
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
 * The heap limit of a worker process, MB (server/memory-budget.ts). A compile's own memory is a few
 * MB; every page of the embedded content and its generated references compiled and generated
 * within a 48 MB limit, but building the search index of the whole catalogue in one job needs more
 * than 96 MB (and less than 128).
 */
const WORKER_HEAP_MB = WORKER_PROCESS_MB.heapLimit;

/** An idle worker beyond the first is stopped after this long: each holds its own grammars. */
const IDLE_MS = 5 * 60_000;
/**
 * A worker that has not said it took a job this long after it was sent is hung (stopped with
 * SIGSTOP, or starved): it is ended and the job goes to another worker, not charged to the job.
 */
const ACKNOWLEDGE_MS = 5_000;
/** A worker that has not said it is ready this long after its start is ended (and another started when needed). */
const READY_MS = 60_000;

interface Job {
  id: number;
  name: string;
  input: unknown;
  timeoutMs: number;
  priority: JobPriority;
  /** Whether it was sent to a worker that hung and was queued again (once only). */
  requeued?: boolean;
  /** performance.now() when it was sent to a worker, for docs_compile_duration_seconds. */
  sentAt?: number;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

interface Worker {
  child: ChildProcess;
  ready: boolean;
  /** Runs publishing's jobs only: started while readers' jobs hold every other worker, so it is warm when a push comes. */
  reserved: boolean;
  job?: Job;
  /** Whether the worker said it took its job. */
  acknowledged?: boolean;
  timer?: NodeJS.Timeout;
  acknowledgeTimer?: NodeJS.Timeout;
  /** Why the pool stopped it, when it did: what its job's caller gets. */
  stoppedFor?: Error;
  /** Stopped for hanging, not for its job: the job is queued again. */
  hung?: boolean;
  /** Sent SIGKILL, its exit not yet seen: it takes no more jobs. */
  stopping?: boolean;
}

/**
 * Worker processes for CPU-heavy jobs, so the request thread keeps answering while pages compile.
 * Processes rather than threads: a worker's heap, grammars and garbage are its own process's
 * memory, not the server's, and go back to the system when it ends; a worker that crashes cannot
 * take the server with it. Workers get an empty environment (no secrets), a heap limit, a lower CPU
 * priority than the server, and a time limit per job counted from when it is sent to a worker (a
 * job over it ends its worker, and another starts; a worker that hangs, e.g. stopped with SIGSTOP,
 * is ended too and its job sent to another); the queue is bounded, so overload is a quick 503
 * rather than an ever longer wait.
 *
 * Jobs wait in lanes (lanes.ts): publishing first, then live readers, then previews. While
 * previews' jobs hold all `processes` workers and more wait, or a publishing job waits for busy
 * workers, one more worker is started for publishing only (kept while previews hold the others),
 * so a push goes live while every worker is busy with slow previews (and a worker a slow page
 * ended is being replaced) or a long reader's job; the queue's bound does not apply to publishing.
 */
export class WorkerPool {
  private readonly workers = new Set<Worker>();
  private readonly queue: Job[] = [];
  /** Jobs running or waiting. */
  private outstanding = 0;
  private nextId = 0;
  private readonly size: number;
  private readonly capacity: number;
  private readonly memoryMb: number;
  private readonly filename: string;
  private closed = false;

  constructor(options: WorkerPoolOptions = {}) {
    this.filename = options.filename ?? defaultEntry();
    // One core stays the request thread's: with a worker on every core, a cold crawl took warm
    // readers' p99 from 53 ms up, and each worker holds its own grammars (RSS).
    // Several server processes (WEB_CONCURRENCY) share the cores: http/primary.ts gives each its part.
    this.size = options.processes ?? (Number(process.env.SUI_DOCS_WORKER_PROCESSES) || Math.max(1, os.availableParallelism() - 1));
    this.capacity = this.size + (options.maxQueue ?? 256);
    this.memoryMb = options.memoryMb ?? WORKER_HEAP_MB;
    // One worker starts at once and loads its grammars in the background.
    this.spawn(false);
  }

  /**
   * Runs the named job in a worker process, in the lane of `priority` (a lane, or a JobPriority the
   * caller may raise while the job waits; the server's callers name theirs, tests get the live lane). Rejects with JobTimeoutError when it runs longer than
   * `timeoutMs` (time spent waiting for a worker does not count), JobMemoryError when it needs more
   * than the worker's heap limit, BusyError when the queue is full (never for publishing).
   */
  async run<K extends keyof Jobs>(
    name: K,
    input: Parameters<Jobs[K]>[0],
    timeoutMs: number,
    priority: Lane | JobPriority = "live",
  ): Promise<Awaited<ReturnType<Jobs[K]>>> {
    if (this.closed) throw new BusyError("The server is shutting down.");
    const jobPriority = typeof priority === "string" ? new JobPriority(priority) : priority;
    if (this.outstanding >= this.capacity && jobPriority.lane !== "publish") {
      throw new BusyError("The server is busy compiling pages and cannot take more work right now; try again in a few seconds.");
    }
    this.outstanding++;
    try {
      return await new Promise<Awaited<ReturnType<Jobs[K]>>>((resolve, reject) => {
        this.queue.push({ id: ++this.nextId, name, input, timeoutMs, priority: jobPriority, resolve, reject });
        this.dispatch();
      });
    } finally {
      this.outstanding--;
    }
  }

  /** Jobs running or waiting for a worker. */
  get pending(): number {
    return this.outstanding;
  }

  /** Ends every worker, running jobs included; their callers, and those of waiting jobs, get an error. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new BusyError("The server is shutting down."));
    compileQueue.set(0);
    const exits = [...this.workers].map((worker) => new Promise((resolve) => worker.child.once("exit", resolve)));
    for (const worker of this.workers) this.stop(worker, new BusyError("The server is shutting down."));
    await Promise.all(exits);
  }

  /**
   * Hands waiting jobs to ready workers, most urgent lane first, starting workers up to the pool's
   * size, and the reserved one while readers hold all the others.
   */
  private dispatch(): void {
    for (const worker of this.workers) {
      if (!worker.ready || worker.job || worker.stopping) continue;
      const index = nextJob(this.queue, !worker.reserved);
      if (index >= 0) this.start(worker, this.queue.splice(index, 1)[0]!);
    }
    compileQueue.set(this.queue.length);
    const general = [...this.workers].filter((worker) => !worker.reserved);
    const starting = general.filter((worker) => !worker.ready).length;
    for (let i = starting, size = general.length; i < this.queue.length && size < this.size; i++, size++) this.spawn(false);
    const running = general.map((worker) => (worker.ready ? worker.job?.priority.lane : undefined));
    const waiting = this.queue.map((job) => job.priority.lane);
    if (needsReservedWorker(waiting, running, this.size) && ![...this.workers].some((worker) => worker.reserved)) this.spawn(true);
  }

  /**
   * Whether previews' jobs run on every worker but the reserved one: work whose amount a stranger
   * chooses (a branch's pages), while which the reserved worker is kept. Live readers' work is
   * bounded by the live catalogue, and publishing goes ahead of it.
   */
  private previewsHoldAll(): boolean {
    const general = [...this.workers].filter((worker) => !worker.reserved);
    return general.length >= this.size && general.every((worker) => worker.job?.priority.lane === "preview");
  }

  /** Stops an idle worker after a while (each holds its own grammars); the reserved one stays while previews hold the rest. */
  private retireWhenIdle(worker: Worker): void {
    worker.timer = setTimeout(() => {
      if (worker.job) return;
      if (worker.reserved && this.previewsHoldAll()) this.retireWhenIdle(worker);
      else this.stop(worker);
    }, IDLE_MS).unref();
  }

  /** Sends a job: its time limit starts now, so a worker that never takes it cannot hold it. */
  private start(worker: Worker, job: Job): void {
    clearTimeout(worker.timer);
    worker.job = job;
    job.sentAt = performance.now();
    worker.acknowledged = false;
    // A worker that died since its last message (its exit not yet seen) has closed its channel: the
    // job was not at fault and goes to another worker. Without the callback the failed write is an
    // 'error' event, which would end the server.
    worker.child.send({ id: job.id, name: job.name, input: job.input } satisfies JobRequest, (error) => error && this.hang(worker));
    worker.acknowledgeTimer = setTimeout(() => !worker.acknowledged && this.hang(worker), Math.min(ACKNOWLEDGE_MS, job.timeoutMs));
    worker.timer = setTimeout(
      () => (isStopped(worker.child.pid) ? this.hang(worker) : this.stop(worker, new JobTimeoutError(job.name, job.timeoutMs))),
      job.timeoutMs,
    );
  }

  /** Ends a worker that hangs; its job (not at fault) goes to another worker, once. */
  private hang(worker: Worker): void {
    if (worker.job?.requeued) {
      return this.stop(worker, new BusyError(`Two worker processes stopped answering while running ${worker.job.name}; try again.`));
    }
    worker.hung = true;
    this.stop(worker);
  }

  private spawn(reserved: boolean): void {
    const child = fork(this.filename, [], {
      // Nothing of the server's environment (secrets), not even NODE_ENV (typed as always set).
      env: {} as NodeJS.ProcessEnv,
      execArgv: [`--max-old-space-size=${this.memoryMb}`, "--max-semi-space-size=4"],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const worker: Worker = { child, ready: false, reserved };
    this.workers.add(worker);
    worker.timer = setTimeout(() => !worker.ready && this.stop(worker), READY_MS);
    try {
      // Linux: a lower priority for the workers, so requests on the server's thread come first.
      if (child.pid) os.setPriority(child.pid, Math.min(19, os.getPriority(process.pid) + 10));
    } catch {
      // not permitted here: the workers run at the server's priority
    }
    child.on("message", (message: JobMessage) => this.receive(worker, message));
    child.on("exit", (code, signal) => this.ended(worker, code, signal));
  }

  private receive(worker: Worker, message: JobMessage): void {
    const job = worker.job;
    if (message.kind === "ready") {
      clearTimeout(worker.timer);
      worker.ready = true;
      if (worker.reserved) this.retireWhenIdle(worker);
      return this.dispatch();
    }
    if (!job || message.id !== job.id) return;
    if (message.kind === "started") {
      worker.acknowledged = true;
      return;
    }
    clearTimeout(worker.timer);
    clearTimeout(worker.acknowledgeTimer);
    worker.job = undefined;
    observeCompile(job.name, job.priority.lane, message.kind === "done" ? "ok" : "failed", (performance.now() - job.sentAt!) / 1000);
    if (message.kind === "done") job.resolve(message.result as never);
    else job.reject(new Error(message.message));
    if (this.workers.size > 1) this.retireWhenIdle(worker);
    this.dispatch();
  }

  private stop(worker: Worker, reason?: Error): void {
    worker.stoppedFor ??= reason;
    worker.stopping = true;
    worker.child.kill("SIGKILL");
  }

  private ended(worker: Worker, code: number | null, signal: NodeJS.Signals | null): void {
    clearTimeout(worker.timer);
    clearTimeout(worker.acknowledgeTimer);
    this.workers.delete(worker);
    const job = worker.job;
    if (job && worker.hung && !this.closed) {
      job.requeued = true;
      this.queue.push(job);
    } else if (job) {
      observeCompile(job.name, job.priority.lane, "failed", (performance.now() - job.sentAt!) / 1000);
      // V8 aborts a process whose heap reached its limit.
      const outOfMemory = signal === "SIGABRT" || code === 134;
      job.reject(
        worker.stoppedFor ??
          (outOfMemory
            ? new JobMemoryError(job.name, this.memoryMb)
            : new Error(`the worker process running ${job.name} ended (${signal ?? `exit code ${code}`})`)),
      );
    }
    if (this.closed) return;
    if (![...this.workers].some((w) => !w.reserved)) this.spawn(false);
    this.dispatch();
  }
}

/** Whether a process is stopped (SIGSTOP, or traced), from /proc (Linux; elsewhere it is never thought stopped). */
function isStopped(pid: number | undefined): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The state is the field after the command name, which may hold spaces and parentheses.
    return /^[tT]$/.test(stat.charAt(stat.lastIndexOf(")") + 2));
  } catch {
    return false;
  }
}

/**
 * In the build, the worker's entry is build/workers/jobs.js beside the server's bundle (`npm run
 * build` emits both). Run from source (vitest, tsx), the worker loads jobs.ts through tsx.
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
