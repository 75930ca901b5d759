import type { ContentEngine, Snapshot } from "../engine";
import { changedPages } from "../engine";
import { PageTooLargeError } from "../errors";
import { ObjectReadError } from "../git/cat-file";
import type { Damage } from "../git/store";
import { redact } from "../git/redact";
import { fetchDuration, fetchFailures, markLive } from "../metrics";
import type { LastGoodCommit } from "./last-good";
import type { PublishError, RefusedCommits } from "./refused";
import type { FetchScope, Repository } from "./repository";

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
  /** The last repair of a damaged clone (a fresh clone swapped in), while under way and after. */
  repair?: RepairStatus;
}

export interface RepairStatus {
  state: "repairing" | "repaired" | "failed";
  /** What was found damaged. */
  damage: string;
  started: string;
  finished?: string;
  /** Why it failed, when it did. */
  error?: string;
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
/** A clone is replaced at most once in this long, ms: damage that comes back (a failing disk) must not make it clone for ever. */
const REPAIR_INTERVAL_MS = 10 * 60_000;

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
  /** What the fetch after the one running must bring, when calls came while it ran. */
  private fetchAgain?: FetchScope;
  private failures = 0;
  private repair?: RepairStatus;
  private catchingUp?: CatchingUp;
  private refTimer?: NodeJS.Timeout;
  private pollTimer?: NodeJS.Timeout;
  private readonly log: (line: string) => void;

  constructor(
    readonly engine: ContentEngine,
    readonly repository: Pick<Repository, "ref" | "origin" | "fetch" | "repair">,
    private readonly options: LiveOptions = {},
  ) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  /**
   * Starts serving. With no record of a live commit (a first start) the branch's commit is served
   * as it is: nothing else could be. Otherwise the recorded commit is served first, and a newer
   * commit on the branch (pushed while the server was down) goes live only through the same checks
   * as any new commit; a branch naming a missing or damaged commit falls back to the recorded one.
   * A recorded commit that cannot be read whole (its commit or a folder of its content is in a
   * damaged pack) is passed over for the branch, then for the commits live before it, newest
   * first: readers get the last readable site, not an empty one, while the clone is repaired.
   */
  async start(): Promise<void> {
    if (this.options.follow) return this.startFollowing(this.options.follow);
    const recorded = this.options.lastGood?.recent() ?? [];
    let head: string | undefined;
    let headError: string | undefined;
    try {
      head = await this.engine.store.resolveRef(this.repository.ref);
    } catch (error) {
      headError = (error as Error).message;
    }
    const candidates = [...new Set([recorded[0] ?? head, head, ...recorded.slice(1)])].filter((oid) => oid !== undefined);
    if (!candidates.length) candidates.push(await this.engine.store.resolveRef(this.repository.ref));
    const live = await this.firstReadable(candidates);
    if (head === undefined) this.log(`cannot read ${this.repository.ref}: ${headError}; serving the last live commit`);
    this.goLive(live);
    this.log(`serving ${this.repository.origin} at ${this.live.commit.oid.slice(0, 7)} (${this.live.commit.subject})`);
    if (this.repository.repair) {
      // Damage found by readers (a page in a truncated pack) is repaired by the next fetch, started now.
      this.engine.store.onDamage(() => void this.fetch());
    }
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

  /**
   * The snapshot of the first commit that can be read with every folder of its content; failing
   * that, the first that can be read at all (its readable pages answer, the others name the
   * damaged object); failing that, the first commit's error.
   */
  private async firstReadable(candidates: string[]): Promise<Snapshot> {
    let partial: Snapshot | undefined;
    let firstError: unknown;
    for (const oid of candidates) {
      let why: string;
      try {
        const snapshot = await this.engine.snapshot(oid, "publish");
        if (!snapshot.damaged.length) return snapshot;
        partial ??= snapshot;
        why = `its folders ${snapshot.damaged.map((d) => d.path).join(", ")} cannot be read`;
      } catch (error) {
        firstError ??= error;
        if (error instanceof ObjectReadError) {
          this.engine.store.recordDamage({ object: error.object, path: `commit ${oid.slice(0, 7)}`, message: error.why });
        }
        why = (error as Error).message.split("\n")[0]!;
      }
      this.log(`commit ${oid.slice(0, 7)} cannot be served (${why})`);
    }
    if (partial) return partial;
    throw firstError;
  }

  private async startFollowing(follow: () => string | undefined): Promise<void> {
    this.goLive(await this.engine.snapshot(follow() ?? (await this.engine.store.resolveRef(this.repository.ref)), "publish"));
    this.log(`serving ${this.repository.origin} at ${this.live.commit.oid.slice(0, 7)}, following the process that fetches`);
    this.refTimer = setInterval(() => void this.check(), this.options.refCheckMs ?? 250);
    this.refTimer.unref();
  }

  private goLive(snapshot: Snapshot): void {
    this.live = snapshot;
    markLive(snapshot.commit.timestamp);
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
      ...(this.repair ? { repair: this.repair } : {}),
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
    const checkStart = performance.now();
    const problem = await this.validate(oid);
    if (problem) {
      this.rejected = oid;
      this.options.refused?.add(this.fail(oid, problem.file, problem.message));
      return;
    }
    this.goLive(await this.engine.snapshot(oid, "publish"));
    this.rejected = undefined;
    this.lastError = undefined;
    this.log(`live: ${oid.slice(0, 7)} (${this.live.commit.subject}), checked in ${Math.round(performance.now() - checkStart)} ms`);
    this.options.onPublish?.(this.live);
  }

  private async followLeader(follow: () => string | undefined): Promise<void> {
    const oid = follow();
    if (!oid || oid === this.live.commit.oid) return;
    this.goLive(await this.engine.snapshot(oid, "publish"));
    this.log(`live: ${oid.slice(0, 7)} (${this.live.commit.subject})`);
  }

  private async validate(oid: string): Promise<{ file: string; message: string } | undefined> {
    try {
      const candidate = await this.engine.snapshot(oid, "publish");
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
   * Fetches from the remote (every branch and tag, or only the served branch), then publishes. A
   * call while a fetch runs schedules exactly one more fetch after it, of everything any of those
   * calls asked for, however many calls arrive: webhooks in a burst cost at most two fetches. A
   * `push` (a webhook announced one) counts as catching up until the fetches settle; a poll does not.
   */
  fetch(scope: FetchScope = "all", reason?: "push"): Promise<void> {
    if (reason && !this.catchingUp) {
      this.catchingUp = { reason, since: new Date().toISOString() };
      this.options.onSettled?.();
    }
    if (!this.repository.fetch) return this.check();
    if (this.fetching) {
      this.fetchAgain = this.fetchAgain === "all" ? "all" : scope;
      return this.fetching;
    }
    this.fetching = (async () => {
      let next: FetchScope | undefined = scope;
      do {
        this.fetchAgain = undefined;
        const current = next;
        const fetchStart = performance.now();
        const took = (outcome: "ok" | "failed") =>
          fetchDuration.observe({ scope: current, outcome }, (performance.now() - fetchStart) / 1000);
        await this.repairIfDamaged();
        try {
          await this.repository.fetch!(current);
          took("ok");
          this.lastFetch = new Date();
          this.failures = 0;
          // The remote is back: its outage is over even if there is nothing new to publish.
          if (this.lastError && this.lastError === this.fetchError) this.lastError = undefined;
          this.fetchError = undefined;
          await this.check();
        } catch (error) {
          took("failed");
          fetchFailures.inc();
          this.failures++;
          this.fetchError = this.fail(
            this.live.commit.oid,
            this.repository.origin,
            `fetch failed: ${(error as Error).message.split("\n")[0]}`,
          );
        }
        next = this.fetchAgain;
      } while (next);
    })().finally(() => {
      this.fetching = undefined;
      // Settled, published or not: a failed fetch leaves the last live commit as the best there is.
      this.catchingUp = undefined;
      this.options.onSettled?.();
    });
    return this.fetching;
  }

  /**
   * Replaces the clone by a fresh one when the store has found objects it cannot read or a pack
   * that no longer matches its index: a fetch alone would not mend it (git trusts what it has).
   * Runs in the fetch's turn, so no fetch writes to the clone meanwhile; afterwards what was built
   * around the damage is built again and a commit refused for it is checked again.
   */
  private async repairIfDamaged(): Promise<void> {
    const { repair } = this.repository;
    if (!repair) return;
    const packs = this.engine.store.damagedPacks();
    const damage = this.engine.store.damage();
    if (!packs.length && !damage.length) return;
    if (this.repair && Date.now() - Date.parse(this.repair.started) < REPAIR_INTERVAL_MS) return;
    const started = new Date();
    const found = packs.length
      ? `pack ${packs.join(", ")} does not match its index`
      : `${damage.length} object${damage.length > 1 ? "s" : ""} cannot be read (${damage[0]!.object}, ${damage[0]!.path})`;
    this.repair = { state: "repairing", damage: found, started: started.toISOString() };
    this.log(`repairing the clone of ${this.repository.origin}: ${found}; cloning it again beside it`);
    try {
      await repair();
      this.engine.forgetDamage();
      this.rejected = undefined;
      const seconds = ((Date.now() - started.getTime()) / 1000).toFixed(1);
      this.repair = { ...this.repair, state: "repaired", finished: new Date().toISOString() };
      this.log(`repaired the clone of ${this.repository.origin} in ${seconds} s: a fresh clone replaced the damaged one`);
      // The live commit's snapshot, when it was built around damage, is built again whole.
      if (this.live.damaged.length || this.live.unreadable.size) this.goLive(await this.engine.snapshot(this.live.commit.oid, "publish"));
    } catch (error) {
      const message = redact((error as Error).message.split("\n")[0]!);
      this.repair = { ...this.repair, state: "failed", finished: new Date().toISOString(), error: message };
      this.log(`cannot repair the clone of ${this.repository.origin}: ${message}`);
    }
  }

  /** Polls at the configured interval, backing off while the remote fails (see pollDelaySeconds). */
  private schedulePoll(): void {
    const delay = pollDelaySeconds(this.options.pollSeconds!, this.failures);
    this.pollTimer = setTimeout(() => void this.fetch().finally(() => this.schedulePoll()), delay * 1000);
    this.pollTimer.unref();
  }
}
