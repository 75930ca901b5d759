import fs from "node:fs";

export interface ProcessPeak {
  pid: number;
  /** The command name from /proc/<pid>/comm, e.g. node, git, git-upload-pack. */
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

function descendants(pid: number): number[] {
  const direct = (readProc(pid, `task/${pid}/children`) ?? "").trim().split(" ").filter(Boolean).map(Number);
  return direct.flatMap((child) => [child, ...descendants(child)]);
}

function rssOf(pid: number): number | undefined {
  const match = /VmRSS:\s+(\d+) kB/.exec(readProc(pid, "status") ?? "");
  return match ? Number(match[1]) / 1024 : undefined;
}

/**
 * Reads the RSS of `root` and every process below it ten times a second, from /proc, and keeps each
 * process's highest reading: the peak of a server and of the git processes it starts, even
 * short-lived ones that live a few readings.
 */
export class RssSampler {
  private readonly peaks = new Map<number, ProcessPeak>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly root: number) {
    this.timer = setInterval(() => this.sample(), SAMPLE_MS).unref(); // a run that fails must still exit
    this.sample();
  }

  private sample(): void {
    for (const pid of [this.root, ...descendants(this.root)]) {
      const mb = rssOf(pid);
      if (mb === undefined) continue;
      const known = this.peaks.get(pid);
      if (!known) this.peaks.set(pid, { pid, name: (readProc(pid, "comm") ?? "?").trim(), mb });
      else if (mb > known.mb) known.mb = mb;
    }
  }

  /** Stops sampling; each process seen with its highest reading, highest first. */
  stop(): ProcessPeak[] {
    this.sample();
    clearInterval(this.timer);
    return [...this.peaks.values()].sort((a, b) => b.mb - a.mb);
  }
}
