import fs from "node:fs";

export interface ProcessPeak {
  pid: number;
  /** The command name (nameOf), e.g. node, git cat-file, git-upload-pack. */
  name: string;
  mb: number;
}

const SAMPLE_MS = 100;

function readProc(pid: number, file: string): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return undefined; // it exited between the listing and the read
  }
}

/** Every process below `pid` (Linux only). */
export function descendants(pid: number): number[] {
  const direct = (readProc(pid, `task/${pid}/children`) ?? "").trim().split(" ").filter(Boolean).map(Number);
  return direct.flatMap((child) => [child, ...descendants(child)]);
}

/** VmRSS in MB; undefined once the process is gone. */
export function rssOf(pid: number): number | undefined {
  const match = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, "status") ?? "");
  return match ? Number(match[1]) / 1024 : undefined;
}

/**
 * The command name from /proc/<pid>/comm, with git's subcommand (`git cat-file`, `git index-pack`):
 * the server runs several git processes at once, and which one is large matters.
 */
export function nameOf(pid: number): string {
  const name = (readProc(pid, "comm") ?? "?").trim();
  if (name === "node" && /workers\/jobs/.test(readProc(pid, "cmdline") ?? "")) return "compile worker";
  if (name !== "git") return name;
  const subcommand = (readProc(pid, "cmdline") ?? "")
    .split("\0")
    .slice(1)
    .find((arg) => arg && !arg.startsWith("-"));
  return subcommand ? `git ${subcommand}` : name;
}

/** When the process started (clock ticks after boot): with the pid, it names one process even after its pid is reused. */
function startTimeOf(pid: number): string | undefined {
  const stat = readProc(pid, "stat");
  return stat?.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
}

/**
 * Reads the RSS of `root` and every process below it ten times a second, from /proc, and keeps each
 * process's highest reading: the peak of a server and of the git processes it starts, even
 * short-lived ones that live a few readings.
 */
export class RssSampler {
  /** By pid and start time: on a busy machine pids wrap (pid_max is often 32768) and come back as other processes. */
  private readonly peaks = new Map<string, ProcessPeak>();
  private readonly timer: NodeJS.Timeout;
  private readonly rootStart?: string;

  constructor(private readonly root: number) {
    this.rootStart = startTimeOf(root);
    this.timer = setInterval(() => this.sample(), SAMPLE_MS).unref(); // a run that fails must still exit
    this.sample();
  }

  private sample(): void {
    // Once the root has exited, its pid and the processes below it may be anyone's.
    if (startTimeOf(this.root) !== this.rootStart) return;
    for (const pid of [this.root, ...descendants(this.root)]) {
      const mb = rssOf(pid);
      const key = `${pid}@${startTimeOf(pid)}`;
      if (mb === undefined) continue;
      const known = this.peaks.get(key);
      if (!known) this.peaks.set(key, { pid, name: nameOf(pid), mb });
      else if (mb > known.mb) known.mb = mb;
    }
  }

  /** Each process seen so far with its highest reading, highest first. */
  highest(): ProcessPeak[] {
    return [...this.peaks.values()].sort((a, b) => b.mb - a.mb);
  }

  /** Stops sampling; each process seen with its highest reading, highest first. */
  stop(): ProcessPeak[] {
    this.sample();
    clearInterval(this.timer);
    return this.highest();
  }
}
