import fs from "node:fs";
import path from "node:path";

/** A commit of the served branch that failed the publish check: the file at fault and why. */
export interface PublishError {
  commit: string;
  file: string;
  message: string;
  at: string;
}

/** How many refused commits are remembered: the newest are kept, an older refusal is forgotten. */
export const MAX_REFUSED_COMMITS = 100;

/**
 * The commits of the served branch that failed the publish check, each with its reason, kept in
 * DATA_DIR beside the last-good record. `?commit=` refuses them (see server/index.ts) rather than
 * render them as if they were fine. The leader writes it (whole or not at all) before it announces
 * its status; followers re-read it on each announcement and at start, so every process knows the
 * same refusals, across restarts too. Bounded: the newest MAX_REFUSED_COMMITS; a commit refused
 * longer ago, or never checked (history before the server started), stays viewable.
 */
export class RefusedCommits {
  private byCommit = new Map<string, PublishError>();

  constructor(
    private readonly file: string | undefined,
    private readonly log: (line: string) => void,
  ) {
    this.reload();
  }

  get(oid: string): PublishError | undefined {
    return this.byCommit.get(oid);
  }

  /** Reads the record again (a follower, when the leader has announced a new status). */
  reload(): void {
    if (!this.file) return;
    let entries: unknown;
    try {
      entries = JSON.parse(fs.readFileSync(this.file, "utf8"));
    } catch {
      return;
    }
    if (!Array.isArray(entries)) return;
    this.byCommit = new Map(
      entries
        .filter((e): e is PublishError => isPublishError(e))
        .slice(-MAX_REFUSED_COMMITS)
        .map((e) => [e.commit, e]),
    );
  }

  add(error: PublishError): void {
    this.byCommit.delete(error.commit);
    this.byCommit.set(error.commit, error);
    for (const oldest of this.byCommit.keys()) {
      if (this.byCommit.size <= MAX_REFUSED_COMMITS) break;
      this.byCommit.delete(oldest);
    }
    this.write();
  }

  /** A commit that went live after all (checked again after a restart, and sound now) is no longer refused. */
  remove(oid: string): void {
    if (this.byCommit.delete(oid)) this.write();
  }

  private write(): void {
    if (!this.file) return;
    const temp = `${this.file}.tmp-${process.pid}`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temp, `${JSON.stringify([...this.byCommit.values()])}\n`);
      fs.renameSync(temp, this.file);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      this.log(`cannot record the refused commits in ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}

function isPublishError(value: unknown): value is PublishError {
  const e = value as Partial<Record<keyof PublishError, unknown>> | null;
  return (
    typeof e?.commit === "string" &&
    /^[0-9a-f]{40}$/.test(e.commit) &&
    typeof e.file === "string" &&
    typeof e.message === "string" &&
    typeof e.at === "string"
  );
}
