import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GitGroups } from "./groups";

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill("SIGKILL");
});

/** A process in a group of its own, as Git.spawn starts a command with a deadline. */
function groupLeader(command: string, args: string[]): ChildProcess {
  const child = spawn(command, args, { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  started.push(child);
  return child;
}

const ended = (child: ChildProcess) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), 5_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** A pid no process has now: that of a process that has ended. */
const endedPid = () => spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" }).stdout.trim();

describe("GitGroups", () => {
  it("kills a recorded group left by an ended process only if it runs git, and forgets every record", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "git-groups-"));
    const groups = new GitGroups(dir);
    const git = groupLeader("git", ["cat-file", "--batch"]); // waits on stdin for ever
    const other = groupLeader("sleep", ["60"]); // a pid reused by something that is not git
    const owner = endedPid();
    fs.writeFileSync(path.join(dir, String(git.pid)), owner);
    fs.writeFileSync(path.join(dir, String(other.pid)), owner);

    expect(groups.reap()).toEqual([git.pid]);
    expect(await ended(git)).toBe(true);
    expect(other.exitCode === null && other.signalCode === null).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("leaves the groups of a process that still runs", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "git-groups-"));
    const groups = new GitGroups(dir);
    const git = groupLeader("git", ["cat-file", "--batch"]);
    groups.add(git.pid!);
    expect(fs.readFileSync(path.join(dir, String(git.pid)), "utf8")).toBe(String(process.pid));

    expect(groups.reap()).toEqual([]);
    expect(git.exitCode).toBeNull();
    groups.remove(git.pid!);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
