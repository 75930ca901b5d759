import fs from "node:fs";
import path from "node:path";

/**
 * The process groups of git commands run with a deadline (a fetch: git, its remote helper and
 * index-pack, in a group of their own so that the deadline can kill them all; server/git/cli.ts).
 * While one runs, it is recorded as a file `<dir>/<pgid>` holding the pid of the server process
 * that started it. A server process SIGKILLed mid-fetch cannot kill its group, which runs on; the
 * process that leads next reaps what the records name before it fetches itself.
 */
export class GitGroups {
  constructor(readonly dir: string) {}

  /** Records group `pgid`, started by this process. */
  add(pgid: number): void {
    fs.mkdirSync(this.dir, { recursive: true });
    fs.writeFileSync(path.join(this.dir, String(pgid)), String(process.pid));
  }

  /** Forgets group `pgid`: its command has ended. */
  remove(pgid: number): void {
    fs.rmSync(path.join(this.dir, String(pgid)), { force: true });
  }

  /**
   * SIGKILLs each recorded group whose recorder has ended and in which a git command still runs,
   * then forgets every record of an ended recorder. A pid reused since by an unrelated process is
   * never killed: a group is killed only if one of its processes runs git. Returns the groups killed.
   */
  reap(): number[] {
    let entries: string[];
    try {
      entries = fs.readdirSync(this.dir);
    } catch {
      return []; // never recorded anything
    }
    const orphans = entries.filter((entry) => /^\d+$/.test(entry) && !isRunning(Number(readOwner(path.join(this.dir, entry)))));
    if (!orphans.length) return [];
    const gitGroups = groupsRunningGit();
    const killed: number[] = [];
    for (const entry of orphans) {
      const pgid = Number(entry);
      if (gitGroups.has(pgid)) {
        try {
          process.kill(-pgid, "SIGKILL");
          killed.push(pgid);
        } catch {
          // ended meanwhile
        }
      }
      this.remove(pgid);
    }
    return killed;
  }
}

/** The records of the server processes that run with DATA_DIR `dataDir`. */
export const gitGroupsIn = (dataDir: string) => new GitGroups(path.join(dataDir, "git-groups"));

function readOwner(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    return "";
  }
}

/** Whether process `pid` exists (a record with no readable owner counts as ended). */
function isRunning(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The process groups (from /proc, Linux) in which a process runs git: `git ...` or a `git-*` helper. */
function groupsRunningGit(): Set<number> {
  const groups = new Set<number>();
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((entry) => /^\d+$/.test(entry));
  } catch {
    return groups; // no /proc: nothing can be confirmed, so nothing is killed
  }
  for (const pid of pids) {
    try {
      // The command name may hold spaces and parentheses: the fields after the last ")" are
      // state, ppid, pgrp. A zombie has ended already.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (state === "Z") continue;
      const program = path.basename(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0] ?? "");
      if (program === "git" || program.startsWith("git-")) groups.add(Number(pgrp));
    } catch {
      // ended meanwhile
    }
  }
  return groups;
}
