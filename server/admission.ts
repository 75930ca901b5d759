import { OverloadedError } from "./errors";

/** How much of one kind of costly work readers may have under way at once. */
export interface AdmissionLimits {
  /** Tasks running or waiting over all clients; past it a new one is a 503. */
  total: number;
  /** Tasks one client (an IP address) may have running or waiting; past it a new one is a 429. */
  perClient: number;
  /** Tasks for one ref (a branch, tag or pinned commit) running or waiting; past it a new one is a 503. Unset: no limit per ref. */
  perRef?: number;
  /** What Retry-After says when a task is refused. */
  retryAfterSeconds: number;
}

/** Who asks for a task, and for which ref. */
export interface AdmissionKeys {
  client: string;
  ref?: string;
}

/**
 * Admits costly reader-triggered work (a pinned commit's search index, a preview's compile, a
 * diff) up to per-client, per-ref and overall bounds, refusing the rest at once with an
 * OverloadedError (429 or 503 with Retry-After) rather than queueing it for minutes. `noun` names
 * the work in messages ("page compiles").
 */
export class Admission {
  private pending = 0;
  private readonly byClient = new Map<string, number>();
  private readonly byRef = new Map<string, number>();

  constructor(
    private readonly noun: string,
    private readonly limits: AdmissionLimits,
  ) {}

  /**
   * Runs `task` if admitted, counting it against its client and ref until it settles. A refusal is
   * thrown at once (an OverloadedError), not returned as a rejected promise, so nothing waits on it.
   */
  run<T>(keys: AdmissionKeys, task: () => Promise<T>): Promise<T> {
    this.admit(keys);
    this.pending++;
    add(this.byClient, keys.client, 1);
    if (keys.ref !== undefined) add(this.byRef, keys.ref, 1);
    return task().finally(() => {
      this.pending--;
      add(this.byClient, keys.client, -1);
      if (keys.ref !== undefined) add(this.byRef, keys.ref, -1);
    });
  }

  /** Tasks running or waiting. */
  get size(): number {
    return this.pending;
  }

  private admit({ client, ref }: AdmissionKeys): void {
    const { total, perClient, perRef, retryAfterSeconds: retry } = this.limits;
    if ((this.byClient.get(client) ?? 0) >= perClient) {
      throw new OverloadedError(`You already have ${perClient} ${this.noun} under way; ask again in ${retry} s.`, 429, retry);
    }
    if (ref !== undefined && perRef !== undefined && (this.byRef.get(ref) ?? 0) >= perRef) {
      throw new OverloadedError(
        `${perRef} ${this.noun} for ${ref} are already under way; the live site is not affected. Ask again in ${retry} s.`,
        503,
        retry,
      );
    }
    if (this.pending >= total) {
      throw new OverloadedError(
        `The server has ${this.pending} ${this.noun} under way for other readers; the live site is not affected. Ask again in ${retry} s.`,
        503,
        retry,
      );
    }
  }
}

function add(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
