import fs from "node:fs";
import git from "isomorphic-git";
import { LRUCache } from "lru-cache";
import { BadRequestError, NotFoundError } from "../errors";
import { singleFlight } from "../single-flight";

/** Path in the repository (no leading slash) to blob oid, for one commit. */
export type FileMap = ReadonlyMap<string, string>;

export interface CommitInfo {
  oid: string;
  tree: string;
  parents: string[];
  subject: string;
  message: string;
  author: string;
  authorEmail: string;
  /** Seconds since the epoch, author time. */
  timestamp: number;
}

const FULL_OID = /^[0-9a-f]{40}$/;
/** Abbreviations shorter than 7 hex digits are ambiguous in any real repository, so they are refused. */
const COMMIT_PARAM = /^[0-9a-f]{7,40}$/;

/**
 * Reads a Git object store through isomorphic-git: commit -> tree -> blob.
 * Trees are walked once per tree oid, so a commit that shares folders with another costs only
 * the folders it changed, and a warm read is a Map lookup.
 */
export class GitStore {
  /** isomorphic-git's pack cache: without a shared one every call re-reads the packfiles. */
  private readonly packCache = {};
  private readonly subtrees = new LRUCache<string, FileMap>({ max: 20_000 });
  private readonly commitFiles = new LRUCache<string, FileMap>({ max: 256 });
  private readonly commits = new LRUCache<string, CommitInfo>({ max: 10_000 });
  /** Abbreviated ?commit= values already expanded: links keep the reader's value on every request. */
  private readonly expanded = new LRUCache<string, string>({ max: 10_000 });
  private readonly walkOnce = singleFlight<FileMap>();

  constructor(readonly gitdir: string) {}

  private get base() {
    return { fs, gitdir: this.gitdir, cache: this.packCache };
  }

  async resolveRef(ref: string): Promise<string> {
    return git.resolveRef({ fs, gitdir: this.gitdir, ref });
  }

  /** Turns a `?commit=` value (7 to 40 hex digits) into a full commit oid. */
  async resolveCommit(param: string): Promise<string> {
    const value = param.trim().toLowerCase();
    if (!COMMIT_PARAM.test(value)) {
      throw new BadRequestError(
        `"${param.slice(0, 80)}" is not a commit id: use 7 to 40 hexadecimal digits`,
      );
    }
    const known = this.expanded.get(value);
    if (known) return known;
    let oid: string;
    try {
      oid = FULL_OID.test(value) ? value : await git.expandOid({ ...this.base, oid: value });
    } catch (error) {
      if ((error as { code?: string }).code === "AmbiguousError") {
        throw new BadRequestError(`Commit "${value}" is ambiguous: give more digits`);
      }
      throw new NotFoundError(`Commit ${value} is not in the content repository`, "commit");
    }
    await this.commit(oid).catch(() => {
      throw new NotFoundError(`Commit ${value} is not in the content repository`, "commit");
    });
    this.expanded.set(value, oid);
    return oid;
  }

  async commit(oid: string): Promise<CommitInfo> {
    const known = this.commits.get(oid);
    if (known) return known;
    const { commit } = await git.readCommit({ ...this.base, oid });
    const info: CommitInfo = {
      oid,
      tree: commit.tree,
      parents: commit.parent,
      subject: commit.message.split("\n")[0] ?? "",
      message: commit.message.trim(),
      author: commit.author.name,
      authorEmail: commit.author.email,
      timestamp: commit.author.timestamp,
    };
    this.commits.set(oid, info);
    return info;
  }

  /** Every file of a commit, path to blob oid. */
  async files(commitOid: string): Promise<FileMap> {
    const known = this.commitFiles.get(commitOid);
    if (known) return known;
    return this.walkOnce(commitOid, async () => {
      const files = await this.tree((await this.commit(commitOid)).tree);
      this.commitFiles.set(commitOid, files);
      return files;
    });
  }

  private async tree(treeOid: string): Promise<FileMap> {
    const known = this.subtrees.get(treeOid);
    if (known) return known;
    const { tree } = await git.readTree({ ...this.base, oid: treeOid });
    const files = new Map<string, string>();
    for (const entry of tree) {
      if (entry.type === "blob") files.set(entry.path, entry.oid);
      else if (entry.type === "tree") {
        for (const [p, oid] of await this.tree(entry.oid)) files.set(`${entry.path}/${p}`, oid);
      }
    }
    this.subtrees.set(treeOid, files);
    return files;
  }

  async readBlob(oid: string): Promise<Uint8Array> {
    const { blob } = await git.readBlob({ ...this.base, oid });
    return blob;
  }

  async readText(oid: string): Promise<string> {
    return new TextDecoder().decode(await this.readBlob(oid));
  }

  /** Commits reachable from `from` by first parents, newest first. */
  async *firstParentHistory(from: string): AsyncGenerator<CommitInfo> {
    let oid: string | undefined = from;
    while (oid) {
      const info: CommitInfo = await this.commit(oid);
      yield info;
      oid = info.parents[0];
    }
  }
}
