import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import git, { type HttpClient } from "isomorphic-git";
import http from "isomorphic-git/http/node";
import type { Config } from "../config";
import { ConfigError } from "../errors";
import { ensureEmbeddedRepository } from "./embedded";

export type RepositoryKind = "embedded" | "local" | "remote";

export interface Repository {
  kind: RepositoryKind;
  gitdir: string;
  /** The ref whose commit is served: the branch, or its remote-tracking ref for a clone. */
  ref: string;
  /** Where the content comes from, for logs and the status endpoint. */
  origin: string;
  /** Fetches from the remote; only remote repositories have it. */
  fetch?: () => Promise<void>;
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** Long enough for a large repository's pack to start streaming, short enough to retry the same hour. */
const REMOTE_IDLE_TIMEOUT_MS = 60_000;

/**
 * isomorphic-git's HTTP client, giving up on a connection that stays silent for `idleMs`. Without
 * it a remote that stops answering (a dropped link rather than a refused connection) holds the
 * fetch, and with it every later webhook and poll, forever.
 */
export function remoteHttp(idleMs = REMOTE_IDLE_TIMEOUT_MS): HttpClient {
  return { request: (request) => http.request({ ...request, fetchOptions: { ...request.fetchOptions, timeout: idleMs } }) };
}

let tempCounter = 0;

/**
 * The file system isomorphic-git fetches with. Its writeFile truncates, then writes, while pages
 * are read from the same object store: a reader that lists a pack index still empty caches it as
 * unreadable for the life of the process. Writing to a temporary name and renaming makes each pack,
 * index and ref appear whole or not at all.
 */
const atomicFs = {
  promises: {
    ...fs.promises,
    async writeFile(file: string, data: string | Uint8Array, options?: fs.WriteFileOptions) {
      const temp = `${file}.tmp-${process.pid}-${++tempCounter}`;
      try {
        await fs.promises.writeFile(temp, data, options);
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
  },
};

function ensureWritable(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.accessSync(dir, fs.constants.W_OK);
  } catch (error) {
    throw new ConfigError(`DATA_DIR ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

async function requireBranch(gitdir: string, ref: string, branch: string, origin: string): Promise<void> {
  try {
    await git.resolveRef({ fs, gitdir, ref });
  } catch {
    throw new ConfigError(`branch "${branch}" does not exist in ${origin} (set CONTENT_BRANCH)`);
  }
}

/** Opens (and on first start creates or clones) the content repository the configuration names. */
export async function openRepository(config: Config): Promise<Repository> {
  const { contentRepo, branch, dataDir } = config;
  if (!contentRepo) {
    ensureWritable(dataDir);
    const gitdir = path.join(dataDir, "content.git");
    if (!fs.existsSync(config.embeddedContentDir)) {
      throw new ConfigError(`the embedded content folder ${config.embeddedContentDir} does not exist`);
    }
    await ensureEmbeddedRepository(config.embeddedContentDir, gitdir, branch);
    const ref = `refs/heads/${branch}`;
    await requireBranch(gitdir, ref, branch, gitdir);
    return { kind: "embedded", gitdir, ref, origin: gitdir };
  }
  if (!isUrl(contentRepo)) {
    const dir = path.resolve(contentRepo);
    const gitdir = fs.existsSync(path.join(dir, "HEAD")) && fs.existsSync(path.join(dir, "objects")) ? dir : path.join(dir, ".git");
    if (!fs.existsSync(path.join(gitdir, "HEAD"))) {
      throw new ConfigError(`CONTENT_REPO ${dir} is not a Git repository`);
    }
    const ref = `refs/heads/${branch}`;
    await requireBranch(gitdir, ref, branch, dir);
    return { kind: "local", gitdir, ref, origin: dir };
  }
  ensureWritable(dataDir);
  const name = createHash("sha1").update(`${contentRepo}#${branch}`).digest("hex").slice(0, 12);
  const gitdir = path.join(dataDir, `remote-${name}.git`);
  const ref = `refs/remotes/origin/${branch}`;
  const fetch = async () => {
    await git.fetch({ fs: atomicFs, http: remoteHttp(), gitdir, url: contentRepo, ref: branch, singleBranch: true, tags: false });
  };
  if (!fs.existsSync(path.join(gitdir, "HEAD"))) {
    const staging = `${gitdir}.tmp-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    try {
      await git.clone({ fs, http: remoteHttp(), dir: staging, gitdir: staging, url: contentRepo, ref: branch, singleBranch: true, noCheckout: true, noTags: true });
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      const message = (error as Error).message.split("\n")[0] ?? "";
      if (/could not find|not found/i.test(message) && /ref|branch/i.test(message)) {
        throw new ConfigError(`branch "${branch}" does not exist in ${contentRepo}`);
      }
      throw new ConfigError(`cannot clone ${contentRepo}: ${message}`);
    }
    fs.renameSync(staging, gitdir);
  }
  await requireBranch(gitdir, ref, branch, contentRepo);
  return { kind: "remote", gitdir, ref, origin: contentRepo, fetch };
}
