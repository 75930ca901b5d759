import fs from "node:fs";
import path from "node:path";
import type { Git } from "../git/cli";
import { ChangeTable } from "./change-table";
import { changedPaths } from "./changed-paths";
import type { LogEntry } from "./name-log";

const FORMAT_VERSION = 1;

export interface ChangeIndexOptions {
  /** The branch (ref) whose first-parent history is indexed. */
  ref: string;
  /** Content root inside the repository ("" for the root); indexed paths are relative to it. */
  root: string;
  /** Where the index is kept across restarts; unset keeps it in memory only. */
  file?: string;
  log?: (line: string) => void;
}

interface Persisted {
  version: number;
  ref: string;
  root: string;
  chain: string[];
  changes: Record<string, number[]>;
}

/**
 * The commits of the served branch that changed each content path, as `git log --first-parent
 * -- <path>` lists them, without a walk per request. Built once with one streaming `git log`,
 * extended with the commits that arrive (a range log of only the new ones), and saved in DATA_DIR
 * so a restart loads it instead of rebuilding. A branch rewritten under it (force push) is rebuilt.
 */
export class ChangeIndex {
  private table = new ChangeTable();
  private loaded = false;
  private updating?: Promise<void>;
  private saveFailed = false;
  /** Full builds since start: a restart that loads the saved index makes none. */
  builds = 0;
  private readonly log: (line: string) => void;

  constructor(
    private readonly git: Git,
    private readonly options: ChangeIndexOptions,
  ) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** The commit's position on the indexed first-parent chain, if it is on it. */
  positionOf(oid: string): number | undefined {
    return this.table.positionOf(oid);
  }

  /** Commits that changed `contentPath` as of `commit` (newest first); undefined if the commit is not on the chain. */
  changedAsOf(contentPath: string, commit: string): string[] | undefined {
    const position = this.table.positionOf(commit);
    return position === undefined ? undefined : this.table.changedAsOf(contentPath, position);
  }

  /** Brings the index up to the ref's commit (or `tip`). Concurrent calls share one run. */
  update(tip?: string): Promise<void> {
    this.updating ??= this.run(tip).finally(() => (this.updating = undefined));
    return this.updating;
  }

  private async run(given?: string): Promise<void> {
    const tip = given ?? (await this.git.text(["rev-parse", "--verify", "--quiet", "--end-of-options", `${this.options.ref}^{commit}`]));
    if (!this.loaded) {
      this.loaded = true;
      this.load();
    }
    if (tip === this.table.tip) return;
    const started = Date.now();
    const from = this.table.tip;
    if (from && (await this.extend(from, tip))) {
      this.log(`history index: extended to ${tip.slice(0, 7)} (${this.table.length} commits) in ${Date.now() - started} ms`);
    } else {
      await this.rebuild(tip);
      this.builds++;
      this.log(
        `history index: built for ${tip.slice(0, 7)} (${this.table.length} commits, ${this.table.paths} paths) in ${Date.now() - started} ms`,
      );
    }
    this.save();
  }

  /** Appends the first-parent commits from `from` (exclusive) to `tip`; false when `from` is not on tip's chain. */
  private async extend(from: string, tip: string): Promise<boolean> {
    let lines: string[];
    try {
      lines = (await this.git.text(["rev-list", "--first-parent", "--parents", "--reverse", `${from}..${tip}`]))
        .split("\n")
        .filter(Boolean);
    } catch {
      return false; // `from` is gone (a rewritten branch whose old objects were pruned)
    }
    const first = lines[0]?.split(" ");
    if (!first || first[1] !== from) return false;
    const commits = lines.map((line) => line.slice(0, 40));
    const table = this.table;
    table.append(commits, await this.changedIn(`${from}..${tip}`));
    return true;
  }

  private async rebuild(tip: string): Promise<void> {
    const commits: string[] = [];
    let partial = "";
    for await (const chunk of this.git.stream(["rev-list", "--first-parent", "--reverse", tip])) {
      const lines = (partial + chunk.toString("latin1")).split("\n");
      partial = lines.pop()!;
      for (const line of lines) if (line) commits.push(line);
    }
    if (partial) commits.push(partial);
    const table = new ChangeTable();
    table.append(commits, await this.changedIn(tip));
    this.table = table;
  }

  private changedIn(range: string): Promise<LogEntry[]> {
    return changedPaths(this.git, this.options.root, [range]);
  }

  private load(): void {
    const { file, ref, root } = this.options;
    if (!file || !fs.existsSync(file)) return;
    try {
      const value = JSON.parse(fs.readFileSync(file, "utf8")) as Persisted;
      if (value.version !== FORMAT_VERSION || value.ref !== ref || value.root !== root) return;
      this.table = ChangeTable.fromJSON(value);
      this.log(`history index: loaded ${this.table.length} commits from ${file}`);
    } catch (error) {
      // Derived data: an unreadable file is rebuilt, never trusted.
      this.log(`history index: ignoring ${file} (${(error as Error).message.split("\n")[0]}); rebuilding`);
    }
  }

  /** Writes the index whole or not at all (temporary file, then rename); a full disk costs only the next start's rebuild. */
  private save(): void {
    const { file, ref, root } = this.options;
    if (!file) return;
    const temp = `${file}.tmp-${process.pid}`;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const value: Persisted = { version: FORMAT_VERSION, ref, root, ...this.table.toJSON() };
      fs.writeFileSync(temp, JSON.stringify(value));
      fs.renameSync(temp, file);
      this.saveFailed = false;
    } catch (error) {
      fs.rmSync(temp, { force: true });
      if (!this.saveFailed)
        this.log(
          `history index: cannot save ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); keeping it in memory`,
        );
      this.saveFailed = true;
    }
  }
}
