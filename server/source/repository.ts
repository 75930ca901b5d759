import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Config } from "../config";
import { ConfigError } from "../errors";
import { Git, GitError, gitEnvironment, type RunOptions } from "../git/cli";
import { gitGroupsIn } from "../git/groups";
import { redact } from "../git/redact";
import { ensureEmbeddedRepository } from "./embedded";

export type RepositoryKind = "embedded" | "local" | "remote";

/**
 * What a fetch brings: "all" every branch and tag (the poll, a push to another branch or a tag),
 * "served" only the served branch (a push to it, announced by a webhook): the one ref whose new
 * commit readers wait for, without the other refs' advertisement and negotiation.
 */
export type FetchScope = "all" | "served";

export interface Repository {
  kind: RepositoryKind;
  gitdir: string;
  /** Runs git on this repository, with the remote's credentials and timeouts in its environment. */
  git: Git;
  /** The ref whose commit is served: the branch, or its remote-tracking ref for a clone. */
  ref: string;
  /** Where the content comes from, for logs and the status endpoint (credentials removed). */
  origin: string;
  /** Names this repository, branch and content root among the files kept in DATA_DIR. */
  key: string;
  /** Where its branches are: refs/heads/, or refs/remotes/origin/ for a clone. Tags and refs/pull/ are where GitHub has them. */
  branchPrefix: string;
  /** Fetches every branch and tag from the remote, or only the served branch; only remote repositories have it. */
  fetch?: (scope?: FetchScope) => Promise<void>;
  /** Fetches one pull request's head (refs/pull/<n>/head, as GitHub publishes it); only remote repositories have it. */
  fetchPullRequest?: (pull: number) => Promise<void>;
  /**
   * Replaces a damaged clone by a fresh one: clones beside it, then swaps the folders. Only remote
   * repositories have it: a local repository is the operator's, and the embedded one is rebuilt
   * from content/ at start.
   */
  repair?: () => Promise<void>;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

function ensureWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

async function requireBranch(git: Git, ref: string, branch: string, origin: string): Promise<void> {
  // Reads the ref without checking its commit: a ref naming a missing commit is for LiveSite to fall back from.
  const { code } = await git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", ref], { okCodes: [1] });
  if (code !== 0) throw new ConfigError(`branch "${branch}" does not exist in ${origin} (set CONTENT_BRANCH)`);
}

const keyOf = (...parts: string[]) => createHash("sha1").update(parts.join("\0")).digest("hex").slice(0, 12);

/**
 * Fetches refs with the git CLI, which streams the pack to disk, indexes and checks it, verifies
 * that every object the new commits need is present, and only then moves the refs: a fetch killed
 * or cut off midway leaves them where they were.
 */
function fetchRefs(git: Git, deadline: RunOptions["deadline"], ...refspecs: string[]): Promise<unknown> {
  return git.run(["fetch", "--quiet", "--no-tags", "--no-write-fetch-head", "origin", ...refspecs], { deadline });
}

/**
 * Every branch (into remote-tracking refs) and every tag, so that any of them can be previewed
 * with ?ref=; refs deleted on the remote go here too. Pull-request heads are fetched one by one
 * (fetchPullRequest), as their events arrive: a busy GitHub repository has thousands.
 */
function fetchBranchesAndTags(git: Git, deadline?: RunOptions["deadline"]): Promise<unknown> {
  return fetchRefs(git, deadline, "--prune", "+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*");
}

/**
 * Writes the commit-graph with changed-path Bloom filters: `git log -- <path>` and first-parent
 * walks on a large repository then skip most commits without opening their trees. Runs beside
 * serving; a failure only costs speed.
 */
function writeCommitGraph(git: Git, log: (line: string) => void): Promise<void> {
  return git.run(["commit-graph", "write", "--reachable", "--changed-paths", "--split"]).then(
    () => {},
    (error: Error) => log(`commit-graph not written: ${error.message}`),
  );
}

/**
 * After a fetch that brought commits, the commit-graph is written this long later, once for however
 * many fetches came meanwhile: written at once, it took a core from the publish check of the commit
 * just fetched (a push went live 0.3 s later on two cores). A few commits missing from the graph
 * cost walks next to nothing.
 */
const COMMIT_GRAPH_DELAY_MS = 5_000;

function commitGraphWriter(git: Git, log: (line: string) => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  return () => {
    timer ??= setTimeout(() => {
      void writeCommitGraph(git, log).finally(() => (timer = undefined));
    }, COMMIT_GRAPH_DELAY_MS).unref();
  };
}

/** Removes what an interrupted clone or repair of `gitdir` left beside it (`<gitdir>.tmp-*`). */
function removeLeftovers(gitdir: string): void {
  const dir = path.dirname(gitdir);
  const prefix = `${path.basename(gitdir)}.tmp-`;
  for (const entry of fs.readdirSync(dir)) {
    if (entry.startsWith(prefix)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
  }
}

/** Clones every branch and tag of the remote into a new bare repository at `dir`, checking that the served branch exists. */
async function cloneInto(
  dir: string,
  env: NodeJS.ProcessEnv,
  ref: string,
  branch: string,
  origin: string,
  deadline?: RunOptions["deadline"],
) {
  try {
    await new Git(dir, env).run(["init", "--quiet", "--bare", dir]);
    await fetchBranchesAndTags(new Git(dir, env), deadline);
    // Fetching every branch succeeds whether or not the served one exists.
    await requireBranch(new Git(dir, env), ref, branch, origin);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Opens (and on first start creates or clones) the content repository the configuration names. */
export async function openRepository(config: Config, log: (line: string) => void = console.log): Promise<Repository> {
  const { contentRepo, branch, dataDir, contentRoot } = config;
  if (!contentRepo) {
    ensureWritable(dataDir);
    const gitdir = path.join(dataDir, "content.git");
    if (!fs.existsSync(config.embeddedContentDir)) {
      throw new ConfigError(`the embedded content folder ${config.embeddedContentDir} does not exist`);
    }
    const git = new Git(gitdir);
    await ensureEmbeddedRepository(config.embeddedContentDir, gitdir, branch);
    const ref = `refs/heads/${branch}`;
    await requireBranch(git, ref, branch, gitdir);
    return { kind: "embedded", gitdir, git, ref, origin: gitdir, key: keyOf(gitdir, branch, contentRoot), branchPrefix: "refs/heads/" };
  }
  if (!isUrl(contentRepo)) {
    const dir = path.resolve(contentRepo);
    const gitdir = fs.existsSync(path.join(dir, "HEAD")) && fs.existsSync(path.join(dir, "objects")) ? dir : path.join(dir, ".git");
    if (!fs.existsSync(path.join(gitdir, "HEAD"))) {
      throw new ConfigError(`CONTENT_REPO ${dir} is not a Git repository`);
    }
    const git = new Git(gitdir);
    const ref = `refs/heads/${branch}`;
    await requireBranch(git, ref, branch, dir);
    return { kind: "local", gitdir, git, ref, origin: dir, key: keyOf(dir, branch, contentRoot), branchPrefix: "refs/heads/" };
  }
  ensureWritable(dataDir);
  const origin = redact(contentRepo);
  const env = gitEnvironment({ token: config.gitToken, idleSeconds: config.remoteIdleSeconds, remoteUrl: contentRepo });
  const name = keyOf(origin, branch);
  const gitdir = path.join(dataDir, `remote-${name}.git`);
  const git = new Git(gitdir, env, gitGroupsIn(dataDir));
  const ref = `refs/remotes/origin/${branch}`;
  if (!fs.existsSync(path.join(gitdir, "HEAD"))) {
    // Cloned beside its final place and renamed when complete: a start killed midway clones again.
    const staging = `${gitdir}.tmp-${process.pid}`;
    removeLeftovers(gitdir);
    const started = Date.now();
    try {
      await cloneInto(staging, env, ref, branch, origin);
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      const message = error instanceof GitError ? error.message.replace(/^git fetch: /, "") : redact((error as Error).message);
      throw new ConfigError(`cannot clone ${origin}: ${message}`);
    }
    fs.renameSync(staging, gitdir);
    log(`cloned ${origin} (${branch}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    void writeCommitGraph(git, log);
  }
  await requireBranch(git, ref, branch, origin);
  // A remote that trickles just above git's low-speed limit would hold a fetch, and every fetch
  // after it, for ever. The first clone has none: it may be large, and the start command shows it.
  const deadline = { ms: config.fetchTimeoutSeconds * 1000, name: "REMOTE_FETCH_TIMEOUT" };
  const laterCommitGraph = commitGraphWriter(git, log);
  const fetch = async (scope: FetchScope = "all") => {
    const before = await git.text(["rev-parse", "--verify", "--quiet", ref]).catch(() => "");
    if (scope === "served") await fetchRefs(git, deadline, `+refs/heads/${branch}:${ref}`);
    else await fetchBranchesAndTags(git, deadline);
    const after = await git.text(["rev-parse", "--verify", "--quiet", ref]).catch(() => "");
    if (after !== before) laterCommitGraph();
  };
  const fetchPullRequest = async (pull: number) => {
    await fetchRefs(git, deadline, `+refs/pull/${pull}/head:refs/pull/${pull}/head`);
  };
  /**
   * A clone whose objects cannot be read (a truncated pack, a corrupt file) is not mended by a
   * fetch: git trusts the objects it has. A fresh clone is made beside it, as at the first start,
   * and the folders are swapped by two renames: a crash between them leaves no clone, which the
   * next start makes again. Pull-request heads are fetched again as their events arrive.
   */
  const repair = async () => {
    removeLeftovers(gitdir);
    const staging = `${gitdir}.tmp-${process.pid}`;
    await cloneInto(staging, env, ref, branch, origin, deadline);
    const damaged = `${gitdir}.tmp-damaged-${process.pid}`;
    fs.renameSync(gitdir, damaged);
    fs.renameSync(staging, gitdir);
    fs.rmSync(damaged, { recursive: true, force: true });
    writeCommitGraph(git, log);
  };
  return {
    kind: "remote",
    gitdir,
    git,
    ref,
    origin,
    key: keyOf(origin, branch, contentRoot),
    branchPrefix: "refs/remotes/origin/",
    fetch,
    fetchPullRequest,
    repair,
  };
}
