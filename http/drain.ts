import type { Server, ServerResponse } from "node:http";

/** SHUTDOWN_DRAIN_MS: how long a stopping process may finish what it serves (10 s), or the error that names the setting. */
export function shutdownDrainMs(value: string | undefined): { ms: number } | { error: string } {
  if (value === undefined || value.trim() === "") return { ms: 10_000 };
  const ms = Number(value);
  return Number.isInteger(ms) && ms >= 0
    ? { ms }
    : { error: `SHUTDOWN_DRAIN_MS must be a whole number of milliseconds, 0 or more, got "${value}"` };
}

/** The setting in a process the primary started (it has checked it) or one started alone (then checked here). */
export function drainMsOrExit(): number {
  const parsed = shutdownDrainMs(process.env.SHUTDOWN_DRAIN_MS);
  if ("ms" in parsed) return parsed.ms;
  console.error(`sui-docs: ${parsed.error}`);
  process.exit(1);
}

/**
 * A graceful stop of one process's HTTP server. Once `begin` is called (SIGTERM), readiness fails
 * (the process answers /readyz 503, so balancers stop sending it readers), every response closes
 * its connection after it (keep-alive ends with the current response; idle ones close at once),
 * and the listener stays open while requests are under way, so that /readyz is answered and a
 * balancer that has not noticed yet is served. When nothing is under way the listener closes and
 * `end` runs; past `deadlineMs` it runs anyway, with whatever is left cut off.
 */
export class Drain {
  #draining = false;
  readonly #underWay = new Set<ServerResponse>();
  #closing = false;
  #ended = false;

  constructor(
    private readonly server: Server,
    private readonly deadlineMs: number,
    private readonly end: (timedOut: boolean) => void,
  ) {}

  get draining(): boolean {
    return this.#draining;
  }

  /** Counts a request as under way until its response closes. */
  track(res: ServerResponse): void {
    this.#underWay.add(res);
    if (this.#draining) res.shouldKeepAlive = false;
    res.once("close", () => {
      this.#underWay.delete(res);
      this.#closeWhenIdle();
    });
  }

  begin(): void {
    if (this.#draining) return;
    this.#draining = true;
    // Answers not yet begun say they close their connection; those begun close it once idle (below).
    for (const res of this.#underWay) if (!res.headersSent) res.shouldKeepAlive = false;
    this.server.closeIdleConnections();
    setTimeout(() => this.#finish(true), this.deadlineMs).unref();
    this.#closeWhenIdle();
  }

  #closeWhenIdle(): void {
    if (!this.#draining || this.#underWay.size > 0 || this.#closing) return;
    this.#closing = true;
    // close() stops listening and closes connections as they fall idle; its callback runs once all are.
    this.server.close(() => this.#finish(false));
    this.server.closeIdleConnections();
  }

  #finish(timedOut: boolean): void {
    if (this.#ended) return;
    this.#ended = true;
    if (timedOut) this.server.closeAllConnections();
    this.end(timedOut);
  }
}
