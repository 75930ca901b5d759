import { spawn, type ChildProcess } from "node:child_process";
import type { GitGroups } from "./groups";
import { addSecret, redact } from "./redact";

export interface GitAccess {
  /** A token for HTTPS remotes (GIT_TOKEN), sent as an Authorization header, never on a command line. */
  token?: string;
  /** A transfer slower than 1 KB/s for this many seconds is abandoned (http.lowSpeedTime). */
  idleSeconds?: number;
  /** The remote's URL, given to git as configuration so that credentials in it stay off command lines. */
  remoteUrl?: string;
}

/** A git command that failed; the message is redacted and names the command and git's own words. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly exitCode: number | null,
    readonly stderr: string,
    /** The signal that ended git, when one did (then exitCode is null). */
    readonly signal: NodeJS.Signals | null = null,
  ) {
    const said = stderr
      .split("\n")
      .map((line) => line.replace(/^(fatal|error): /, "").trim())
      .filter(Boolean)
      .slice(-2)
      .join("; ");
    const ended = signal ? `ended by ${signal}` : `exit code ${exitCode}`;
    super(redact(`git ${args[0]}: ${said ? (signal ? `${said} (${ended})` : said) : ended}`));
    this.name = "GitError";
  }
}

/**
 * The environment every git process runs with. Configuration goes through GIT_CONFIG_COUNT/KEY/VALUE,
 * which git reads like `-c` but which, unlike arguments, does not show in `ps`. The user's and the
 * system's git configuration still apply, so credential helpers work.
 */
export function gitEnvironment(access: GitAccess = {}): NodeJS.ProcessEnv {
  const config: Array<[string, string]> = [
    ["http.lowSpeedLimit", "1000"],
    ["http.lowSpeedTime", String(Math.max(1, Math.round(access.idleSeconds ?? 60)))],
    // Refs and objects that the server never writes but git could: keep the store as fetch left it.
    ["gc.auto", "0"],
    ["core.commitGraph", "true"],
  ];
  // Credentials in the URL become a header too: git hands the URL to its remote helper as an
  // argument, where `ps` would show them.
  const url = access.remoteUrl ? splitCredentials(access.remoteUrl) : undefined;
  const credentials = access.token ? `x-access-token:${access.token}` : url?.credentials;
  if (credentials) {
    const basic = Buffer.from(credentials).toString("base64");
    for (const secret of [access.token, ...credentials.split(":").slice(1), basic]) addSecret(secret);
    config.push(["http.extraHeader", `Authorization: Basic ${basic}`]);
  }
  if (url) config.push(["remote.origin.url", url.bare]);
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_CONFIG_COUNT: String(config.length) };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  // A surrounding repository must not leak into ours (tests run inside one).
  delete env.GIT_DIR;
  delete env.GIT_INDEX_FILE;
  delete env.GIT_WORK_TREE;
  return env;
}

/** Splits `https://user:secret@host/repo` into the URL without user info and `user:secret` (decoded). */
function splitCredentials(remoteUrl: string): { bare: string; credentials?: string } {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/@]+)@(.*)$/i.exec(remoteUrl);
  if (!match) return { bare: remoteUrl };
  const [user = "", password] = match[2]!.split(":").map(decodeURIComponent);
  // A bare token as the user name is how GitHub documents tokens in URLs; it is the secret then.
  if (password === undefined) addSecret(user);
  return { bare: `${match[1]}${match[3]}`, credentials: password === undefined ? `${user}:` : `${user}:${password}` };
}

export interface RunOptions {
  /** Exit codes that are answers rather than failures (merge-base --is-ancestor answers 1). */
  okCodes?: number[];
  /** Variables added to the repository's environment for this command. */
  env?: Record<string, string>;
  cwd?: string;
  /**
   * The command's whole time: past it, git and every process it started (a fetch runs a remote
   * helper and index-pack) are SIGKILLed and the command fails with a message that names `deadlineName`.
   */
  deadline?: { ms: number; name: string };
}

/** Runs git commands on one repository. */
export class Git {
  constructor(
    readonly gitdir: string,
    readonly env: NodeJS.ProcessEnv = gitEnvironment(),
    /** Where commands with a deadline record their process group while they run, for the next leader to reap if this process is killed. */
    readonly groups?: GitGroups,
  ) {}

  spawn(args: string[], options: RunOptions = {}): ChildProcess {
    const detached = options.deadline !== undefined;
    const child = spawn("git", [`--git-dir=${this.gitdir}`, ...args], {
      env: { ...this.env, ...options.env },
      cwd: options.cwd,
      stdio: ["pipe", "pipe", "pipe"],
      // A process group of its own, which the deadline kills whole.
      detached,
    });
    // A git that exits early (or never starts) closes its stdin under us: the exit code reports it,
    // an EPIPE must not take the server down.
    child.stdin!.on("error", () => {});
    const pgid = child.pid;
    if (detached && this.groups && pgid !== undefined) {
      try {
        this.groups.add(pgid);
      } catch (error) {
        // Unrecorded, the group would outlive a killed server process unseen: it does not run at all.
        process.kill(-pgid, "SIGKILL");
        throw error;
      }
      child.once("close", () => this.groups!.remove(pgid));
    }
    return child;
  }

  /** Runs a command whose output is small, resolving with its stdout and exit code. */
  async run(args: string[], options: RunOptions = {}): Promise<{ stdout: string; code: number }> {
    const child = this.spawn(args, options);
    child.stdin!.end();
    const out: Buffer[] = [];
    let stderr = "";
    child.stdout!.on("data", (d: Buffer) => out.push(d));
    child.stderr!.on("data", (d: Buffer) => {
      // git's progress and warnings can be long; the last lines say what went wrong.
      stderr = (stderr + d.toString()).slice(-4000);
    });
    let overdue = false;
    const deadline = options.deadline;
    const timer =
      deadline &&
      setTimeout(() => {
        overdue = true;
        try {
          process.kill(-child.pid!, "SIGKILL");
        } catch {
          // ended meanwhile
        }
      }, deadline.ms);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (c, s) => resolve([c, s]));
    }).finally(() => clearTimeout(timer));
    if (overdue) throw new GitError(args, code, `stopped after ${deadline!.ms / 1000} s (${deadline!.name})`, signal);
    if (code !== 0 && !(code !== null && options.okCodes?.includes(code))) throw new GitError(args, code, stderr, signal);
    return { stdout: Buffer.concat(out).toString("utf8"), code: code! };
  }

  async text(args: string[], options: RunOptions = {}): Promise<string> {
    return (await this.run(args, options)).stdout.trim();
  }

  /**
   * Streams a command's stdout in chunks without holding it whole, e.g. `git log` over tens of
   * thousands of commits. Rejects with a GitError if the command fails.
   */
  async *stream(args: string[]): AsyncGenerator<Buffer> {
    const child = this.spawn(args);
    child.stdin!.end();
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
    const closed = new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", (c, s) => resolve([c, s]));
    });
    try {
      for await (const chunk of child.stdout!) yield chunk as Buffer;
    } finally {
      if (child.exitCode === null) child.kill();
    }
    const [code, signal] = await closed;
    if (code !== 0) throw new GitError(args, code, stderr, signal);
  }
}
