import fs from "node:fs";

/** Process ids of `pid`'s descendants, from /proc (Linux). */
export function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses; the parent pid is the second field after the last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const found: number[] = [];
  const pending = [pid];
  while (pending.length) {
    for (const child of children.get(pending.pop()!) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

/** The command lines of a process and its descendants, arguments joined by spaces. */
export function commandLines(pid: number): string[] {
  return [pid, ...descendants(pid)].flatMap((p) => {
    try {
      return [fs.readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").join(" ")];
    } catch {
      return [];
    }
  });
}

/** SIGKILLs a process and everything it started, as a crash or `docker kill` would. */
export function killTree(pid: number): void {
  for (const p of [pid, ...descendants(pid)]) {
    try {
      process.kill(p, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
