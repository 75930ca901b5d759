import type { ContentEngine, Snapshot } from "../engine";
import { changedPages } from "../engine";
import { PageTooLargeError } from "../errors";
import type { Damage } from "../git/store";
import { redact } from "../git/redact";
import type { LastGoodCommit } from "./last-good";
import type { RefusedCommits } from "./refused";
import type { Repository } from "./repository";

export interface PublishError {
  commit: string;
  file: string;
  message: string;
  at: string;
}

/**
 * Why a site knows it may not serve its branch's current commit yet, and since when (an ISO date):
 * "start" until the first fetch (or check of a local branch) after start has settled, "push" while
 * the fetch a webhook asked for runs. Readiness (/readyz) reads it.
 */
export interface CatchingUp {
  reason: "start" | "push";
  since: string;
}

export interface LiveStatus {
  commit: string;
  catchingUp?: CatchingUp;
  date: string;
  subject: string;
  lastFetch?: string;
  lastError?: PublishError;
  /** Objects found unreadable (corrupt or missing), each with the path that needs it. */
  damaged?: Damage[];
}

export interface LiveOptions {
  /** How often the ref is re-read, in ms: this bounds push-to-live for local repositories. */
  refCheckMs?: number;
  /** Seconds between fetches of a remote; 0 turns polling off. */
  pollSeconds?: number;
  log?: (line: string) => void;
  /** Called with each snapshot that goes live, the first included, e.g. to warm caches for it. */
  onLive?: (snapshot: Snapshot) => void;
  /** Called with each new commit this process publishes after its checks (not the first, not a followed one): e.g. to purge shared caches. */
  onPublish?: (snapshot: Snapshot) => void;
  /** Where the live commit is recorded, so a restart can fall back to it. */
  lastGood?: LastGoodCommit;
  /** Where commits that fail the checks are recorded, so `?commit=` can refuse them in every process. */
  refused?: RefusedCommits;
  /**
   * Follows another process instead of the branch (server/source/coordination.ts): returns the
   * commit that process made live, which goes live here without a fetch or checks (it passed
   * them there). Nothing is recorded: the process followed keeps the record.
   */
  follow?: () => string | undefined;
  /** Called whenever a check or fetch has settled or a fetch for a push began, e.g. to pass status() on to followers. */
  onSettled?: () => void;
}

const MAX_BACKOFF_SECONDS = 600;

/**
 * Seconds until the next poll: the interval, doubled for each consecutive failed fetch, capped at
 * 10 minutes (or at the interval itself when that is longer), so a dead remote is not hammered.
 */
export function pollDelaySeconds(intervalSeconds: number, failures: number): number {
  return Math.min(intervalSeconds * 2 ** Math.min(failures, 10), Math.max(intervalSeconds, MAX_BACKOFF_SECONDS));
}

/**
 * Holds the live commit and moves it forward. A new commit goes live only when its sidebars and
 * catalogue are sound and every page it adds or changes compiles; otherwise the previous commit
 * stays live and the failure is kept for /api/status until a later commit succeeds.
 */
export class LiveSite {
  private live!: Snapshot;
  private rejected?: string;
  private lastFetch?: Date;
  private lastError?: PublishError;
  /** The last failed fetch, while it is the reported error; a successful fetch clears it. */
  private fetchError?: PublishError;
  private checking?: Promise<void>;
  private fetching?: Promise<void>;
  private fetchAgain = false;
  private failures = 0;
  private catchingUp?: CatchingUp;
  private refTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private readonly log: (line: string) => void;

  constructor(
    readonly engine: ContentEngine,
    readonly repository: Pick<Repository, "ref" | "origin" | "fetch">,
    private readonly options: LiveOptions = {},
  ) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  /**
   * Starts serving. With no record of a live commit (a first start) the branch's commit is served
   * as it is: nothing else could be. Otherwise the recorded commit is served first, and a newer
   * commit on the branch (pushed while the server was down) goes live only through the same checks
   * as any new commit; a branch naming a missing or damaged commit falls back to the recorded one.
   */
  async start(): Promise<void> {
    if (this.options.follow) return this.startFollowing(this.options.follow);
    const recorded = this.options.lastGood?.read();
    let head: string | undefined;
    let headError: string | undefined;
    try {
      head = await this.engine.store.resolveRef(this.repository.ref);
    } catch (error) {
      headError = (error as Error).message;
    }
    const first = recorded ?? head;
    let live: Snapshot | undefined;
    if (first) {
      try {
        live = await this.engine.snapshot(first);
      } catch (error) {
        if (!recorded || !head || head === recorded) throw error;
        this.log(
          `the last live commit ${recorded.slice(0, 7)} cannot be read (${(error as Error).message.split("\n")[0]}); trying the branch`,
        );
      }
    }
    live ??= await this.engine.snapshot(head ?? first ?? (await this.engine.store.resolveRef(this.repository.ref)));
    if (head === undefined) this.log(`cannot read ${this.repository.ref}: ${headError}; serving the last live commit`);
    this.goLive(live);
    this.log(`serving ${this.repository.origin} at ${this.live.commit.oid.slice(0, 7)} (${this.live.commit.subject})`);
    this.catchingUp = { reason: "start", since: new Date().toISOString() };
    if (this.repository.fetch) {
      // A clone's tracking ref moves only when fetch() runs, and fetch() checks afterwards.
      // Fetch once at start too: a clone kept in DATA_DIR misses what was pushed while we were down.
      void this.fetch();
      if ((this.options.pollSeconds ?? 0) > 0) this.schedulePoll();
    } else {
      void this.check();
      this.refTimer = setInterval(() => void this.check(), this.options.refCheckMs ?? 250);
      this.refTimer.unref();
    }
  }

  private async startFollowing(follow: () => string | undefined): Promise<void> {
    this.goLive(await this.engine.snapshot(follow() ?? (await this.engine.store.resolveRef(this.repository.ref))));
    this.log(`serving ${this.repository.origin} at ${this.live.commit.oid.slice(0, 7)}, following the process that fetches`);
    this.refTimer = setInterval(() => void this.check(), this.options.refCheckMs ?? 250);
    this.refTimer.unref();
  }

  private goLive(snapshot: Snapshot): void {
    this.live = snapshot;
    this.options.lastGood?.write(snapshot.commit.oid);
    this.options.refused?.remove(snapshot.commit.oid);
    this.options.onLive?.(snapshot);
  }

  stop(): void {
    clearInterval(this.refTimer);
    clearTimeout(this.pollTimer);
  }

  get snapshot(): Snapshot {
    return this.live;
  }

  status(): LiveStatus {
    const { commit } = this.live;
    return {
      commit: commit.oid,
      date: new Date(commit.timestamp * 1000).toISOString(),
      subject: commit.subject,
      ...(this.catchingUp ? { catchingUp: this.catchingUp } : {}),
      ...(this.lastFetch ? { lastFetch: this.lastFetch.toISOString() } : {}),
      ...(this.lastError ? { lastError: this.lastError } : {}),
      ...(this.engine.store.damage().length ? { damaged: this.engine.store.damage() } : {}),
    };
  }

  /** Re-reads the ref and publishes a new commit if it is sound. Concurrent calls share one run. */
  check(): Promise<void> {
    // Never rejects: it runs from timers, where a rejection would end the process.
    this.checking ??= this.publishIfNew()
      .catch((error: Error) => void this.fail(this.live.commit.oid, this.repository.ref, `cannot publish: ${error.message.split("\n")[0]}`))
      .finally(() => {
        this.checking = undefined;
        // A local branch is read, not fetched: a settled check has seen it.
        if (!this.repository.fetch) this.catchingUp = undefined;
        this.options.onSettled?.();
      });
    return this.checking;
  }

  private async publishIfNew(): Promise<void> {
    if (this.options.follow) return this.followLeader(this.options.follow);
    let oid: string;
    try {
      oid = await this.engine.store.resolveRef(this.repository.ref);
    } catch (error) {
      this.fail(this.live.commit.oid, this.repository.ref, `cannot read the branch: ${(error as Error).message}`);
      return;
    }
    if (oid === this.live.commit.oid || oid === this.rejected) return;
    const problem = await this.validate(oid);
    if (problem) {
      this.rejected = oid;
      this.options.refused?.add(this.fail(oid, problem.file, problem.message));
      return;
    }
    this.goLive(await this.engine.snapshot(oid));
    this.rejected = undefined;
    this.lastError = undefined;
    this.log(`live: ${oid.slice(0, 7)} (${this.live.commit.subject})`);
    this.options.onPublish?.(this.live);
  }

  private async followLeader(follow: () => string | undefined): Promise<void> {
    const oid = follow();
    if (!oid || oid === this.live.commit.oid) return;
    this.goLive(await this.engine.snapshot(oid));
    this.log(`live: ${oid.slice(0, 7)} (${this.live.commit.subject})`);
  }

  private async validate(oid: string): Promise<{ file: string; message: string } | undefined> {
    try {
      const candidate = await this.engine.snapshot(oid);
      // The content root is the same tree as live's: nothing a reader sees changes, nothing to check.
      if (candidate.contentTree === this.live.contentTree) return undefined;
      if (candidate.problems.length) return candidate.problems[0];
      for (const page of await changedPages(this.engine, this.live, candidate)) {
        try {
          // Its own lane, with a worker readers cannot take: no preview traffic delays a push.
          await this.engine.compile(candidate, page, { lane: "publish" });
        } catch (error) {
          return { file: page.sourcePath, message: (error as Error).message.replace(`${page.sourcePath}: `, "") };
        }
      }
      return undefined;
    } catch (error) {
      // A page over the size cap with its snippets is found while reading what pages import.
      if (error instanceof PageTooLargeError) return { file: error.file, message: error.message.replace(`${error.file}: `, "") };
      return { file: "(commit)", message: (error as Error).message };
    }
  }

  private fail(commit: string, file: string, message: string): PublishError {
    this.lastError = { commit, file, message: redact(message), at: new Date().toISOString() };
    this.log(`not published: ${commit.slice(0, 7)} ${file}: ${message.split("\n")[0]}`);
    return this.lastError;
  }

  /**
   * Fetches from the remote, then publishes. A call while a fetch runs schedules exactly one more
   * fetch after it, however many calls arrive: webhooks in a burst cost at most two fetches. A
   * `push` (a webhook announced one) counts as catching up until the fetches settle; a poll does not.
   */
  fetch(reason?: "push"): Promise<void> {
    if (reason && !this.catchingUp) {
      this.catchingUp = { reason, since: new Date().toISOString() };
      this.options.onSettled?.();
    }
    if (!this.repository.fetch) return this.check();
    if (this.fetching) {
      this.fetchAgain = true;
      return this.fetching;
    }
    this.fetching = (async () => {
      do {
        this.fetchAgain = false;
        try {
          await this.repository.fetch!();
          this.lastFetch = new Date();
          this.failures = 0;
          // The remote is back: its outage is over even if there is nothing new to publish.
          if (this.lastError && this.lastError === this.fetchError) this.lastError = undefined;
          this.fetchError = undefined;
          await this.check();
        } catch (error) {
          this.failures++;
          this.fetchError = this.fail(
            this.live.commit.oid,
            this.repository.origin,
            `fetch failed: ${(error as Error).message.split("\n")[0]}`,
          );
        }
      } while (this.fetchAgain);
    })().finally(() => {
      this.fetching = undefined;
      // Settled, published or not: a failed fetch leaves the last live commit as the best there is.
      this.catchingUp = undefined;
      this.options.onSettled?.();
    });
    return this.fetching;
  }

  /** Polls at the configured interval, backing off while the remote fails (see pollDelaySeconds). */
  private schedulePoll(): void {
    const delay = pollDelaySeconds(this.options.pollSeconds!, this.failures);
    this.pollTimer = setTimeout(() => void this.fetch().finally(() => this.schedulePoll()), delay * 1000);
    this.pollTimer.unref();
  }
}
