import { BadRequestError, NotFoundError, UnreadableObjectError } from "../errors";
import { Cache, type CacheStats } from "../cache";
import { CACHE_BUDGETS } from "../memory-budget";
import { ChangeIndex } from "../history/change-index";
import { CatFile, ObjectReadError, type GitObject } from "./cat-file";
import { Git } from "./cli";
import { normalizeContentRoot } from "./content-root";
import { damagedPacks } from "./pack-check";
import { readRefFile } from "./refs";

/** Path under the content root (no leading slash) to blob oid, for one commit. */
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

/** The files under a tree, and the subtrees that could not be read (their files are missing). */
export interface TreeFiles {
  files: FileMap;
  damaged: Damage[];
}

/** An object the store could not read, and where in the content it sits. */
export interface Damage {
  object: string;
  /** Repository path of the file or folder that needs it. */
  path: string;
  message: string;
}

export interface GitStoreOptions {
  /** Folder of the repository that holds docs/, snippets/, sidebars/, schemas/ ("" for the root). */
  contentRoot?: string;
  /** The ref whose first-parent history is served; ?commit= may name only commits reachable from it. */
  servedRef?: string;
  /** Where the per-path change index is kept across restarts; unset keeps it in memory. */
  indexFile?: string;
  git?: Git;
  log?: (line: string) => void;
}

const FULL_OID = /^[0-9a-f]{40}$/;
/** Abbreviations shorter than 7 hex digits are ambiguous in any real repository, so they are refused. */
const COMMIT_PARAM = /^[0-9a-f]{7,40}$/;

/**
 * Reads a Git repository through the git CLI: commits, trees and blobs from one long-lived
 * `git cat-file --batch` process, so packs stay on disk (git maps them) whatever their size.
 * Only the content root's subtree is ever walked; trees are walked once per tree oid, so a commit
 * that shares folders with another costs only the folders it changed, and a warm read is a Map lookup.
 */
export class GitStore {
  readonly contentRoot: string;
  readonly servedRef: string;
  readonly git: Git;
  /** For each content path, the first-parent commits of the served branch that changed it. */
  readonly changes: ChangeIndex;
  private readonly objects: CatFile;
  private readonly log: (line: string) => void;
  // Bounded in bytes (a path and an oid weigh about 160 bytes in a Map), so reading many old commits
  // cannot grow memory without limit.
  private readonly subtrees = new Cache<TreeFiles>({
    maxBytes: CACHE_BUDGETS.subtrees,
    sizeOf: (tree) => 64 + tree.files.size * 160 + tree.damaged.length * 512,
  });
  private readonly treeEntries = new Cache<TreeEntry[]>({
    maxBytes: CACHE_BUDGETS.treeEntries,
    sizeOf: (entries) => 64 + entries.length * 160,
  });
  private readonly commits = new Cache<CommitInfo>({ maxBytes: CACHE_BUDGETS.commits, sizeOf: (c) => 512 + c.message.length * 2 });
  /** Abbreviated ?commit= values already expanded and checked: links keep the reader's value on every request. */
  private readonly expanded = new Cache<string>({
    maxBytes: CACHE_BUDGETS.expanded,
    sizeOf: (oid, value) => 64 + (oid.length + value.length) * 2,
  });
  private readonly damaged = new Map<string, Damage>();
  private readonly damageListeners: Array<(damage: Damage) => void> = [];

  constructor(
    readonly gitdir: string,
    options: GitStoreOptions = {},
  ) {
    this.contentRoot = normalizeContentRoot(options.contentRoot);
    this.servedRef = options.servedRef ?? "HEAD";
    this.git = options.git ?? new Git(gitdir);
    this.log = options.log ?? ((line) => console.log(line));
    this.objects = new CatFile(this.git);
    this.changes = new ChangeIndex(this.git, { ref: this.servedRef, root: this.contentRoot, file: options.indexFile, log: this.log });
  }

  /** The repository path of a content path: what an "Edit this page" link or `git log` names. */
  repositoryPath(contentPath: string): string {
    return this.contentRoot ? `${this.contentRoot}/${contentPath}` : contentPath;
  }

  /** The commit a ref names now (not peeled: the commit may be missing, which callers check). */
  async resolveRef(ref: string): Promise<string> {
    return (await readRefFile(this.gitdir, ref)) ?? this.git.text(["rev-parse", "--verify", "--quiet", "--end-of-options", ref]);
  }

  /**
   * Turns a `?commit=` value (7 to 40 hex digits) into the full oid of a commit of the served
   * branch. Commits that exist but are not part of the branch's history are refused like missing
   * ones: only served history is viewable.
   */
  async resolveCommit(param: string): Promise<string> {
    const value = param.trim().toLowerCase();
    if (!COMMIT_PARAM.test(value)) {
      throw new BadRequestError(`"${param.slice(0, 80)}" is not a commit id: use 7 to 40 hexadecimal digits`);
    }
    return this.expanded.get(value, async () => {
      let object;
      try {
        object = await this.read(value);
      } catch (error) {
        if (error instanceof ObjectReadError && error.reason === "ambiguous") {
          throw new BadRequestError(`Commit "${value}" is ambiguous: give more digits`);
        }
        // Damage is not absence: a commit in a broken pack answers 500 naming it and the pack, not 404.
        if (error instanceof ObjectReadError && error.reason === "corrupt") {
          throw new UnreadableObjectError(value, "the content repository", error.why);
        }
        throw new NotFoundError(`Commit ${value} is not in the content repository`, "commit");
      }
      if (object.type !== "commit") throw new NotFoundError(`Commit ${value} is not in the content repository`, "commit");
      if (!(await this.isServed(object.oid))) {
        throw new NotFoundError(`Commit ${value} is not part of the served branch's history`, "commit");
      }
      return object.oid;
    });
  }

  /** Whether a commit is reachable from the served ref: a Map lookup for first-parent commits, else git. */
  async isServed(oid: string): Promise<boolean> {
    if (this.changes.positionOf(oid) !== undefined) return true;
    const { code } = await this.git.run(["merge-base", "--is-ancestor", oid, this.servedRef], { okCodes: [1] });
    return code === 0;
  }

  commit(oid: string): Promise<CommitInfo> {
    return this.commits.get(oid, async () => {
      const object = await this.read(oid);
      if (object.type !== "commit") throw new ObjectReadError(oid, "missing", "not a commit");
      return parseCommit(oid, object.data.toString("utf8"));
    });
  }

  /** The tree oid of the content root at a commit; undefined when the commit has no such folder. */
  async contentTree(commitOid: string): Promise<string | undefined> {
    let tree: string | undefined = (await this.commit(commitOid)).tree;
    for (const name of this.contentRoot ? this.contentRoot.split("/") : []) {
      const entry: TreeEntry | undefined = (await this.entries(tree)).find((e) => e.name === name);
      if (entry?.type !== "tree") return undefined;
      tree = entry.oid;
    }
    return tree;
  }

  /**
   * Every file under a tree, path to blob oid. A damaged subtree costs only its own files; it is
   * named in `damaged`, so a commit that needs it can be refused rather than served without them.
   */
  treeFiles(treeOid: string, at = this.contentRoot): Promise<TreeFiles> {
    return this.subtrees.get(treeOid, async () => {
      const files = new Map<string, string>();
      const damaged: Damage[] = [];
      for (const entry of await this.entries(treeOid)) {
        if (entry.type === "blob") files.set(entry.name, entry.oid);
        else if (entry.type === "tree") {
          const folder = at ? `${at}/${entry.name}` : entry.name;
          let inner: TreeFiles;
          try {
            inner = await this.treeFiles(entry.oid, folder);
          } catch (error) {
            if (!(error instanceof ObjectReadError)) throw error;
            const damage = { object: entry.oid, path: folder, message: error.message };
            this.recordDamage(damage);
            damaged.push(damage);
            continue;
          }
          for (const [p, oid] of inner.files) files.set(`${entry.name}/${p}`, oid);
          damaged.push(...inner.damaged);
        }
      }
      return { files, damaged };
    });
  }

  private entries(treeOid: string): Promise<TreeEntry[]> {
    return this.treeEntries.get(treeOid, async () => {
      const object = await this.read(treeOid);
      if (object.type !== "tree") throw new ObjectReadError(treeOid, "missing", "not a tree");
      return parseTree(object.data);
    });
  }

  async readBlob(oid: string): Promise<Buffer> {
    return (await this.read(oid)).data;
  }

  /**
   * One object. Git answers "missing" for every object of a pack whose bytes no longer match its
   * index (a truncated pack), so a missing object is checked against the packs: when one is
   * damaged, the object is reported corrupt, naming the pack, and never taken for absent.
   */
  private async read(name: string): Promise<GitObject> {
    try {
      return await this.objects.read(name);
    } catch (error) {
      if (!(error instanceof ObjectReadError) || error.reason !== "missing") throw error;
      const packs = damagedPacks(this.gitdir);
      if (!packs.length) throw error;
      throw new ObjectReadError(name, "corrupt", `pack ${packs.join(", ")} does not match its index (truncated or overwritten)`);
    }
  }

  async readText(oid: string): Promise<string> {
    return (await this.readBlob(oid)).toString("utf8");
  }

  /** `git log --first-parent` of one content path from a commit: for commits the change index does not hold. */
  async logPath(commit: string, contentPath: string): Promise<string[]> {
    const out = await this.git.text(["log", "--first-parent", "--format=%H", commit, "--", this.repositoryPath(contentPath)]);
    return out ? out.split("\n") : [];
  }

  /** Remembers an unreadable object and logs it once, naming the object and the path that needs it. */
  recordDamage(damage: Damage): void {
    if (this.damaged.has(damage.object)) return;
    this.damaged.set(damage.object, damage);
    this.log(`damaged object ${damage.object} (${damage.path}): ${damage.message}`);
    for (const listener of this.damageListeners) listener(damage);
  }

  /** Calls `listener` with each object newly found unreadable, e.g. to repair a clone. */
  onDamage(listener: (damage: Damage) => void): void {
    this.damageListeners.push(listener);
  }

  /** Packs of the repository whose bytes no longer match their index (server/git/pack-check.ts). */
  damagedPacks(): string[] {
    return damagedPacks(this.gitdir);
  }

  /**
   * After the repository's folder was replaced by a sound copy (a repaired clone): reads go to a new
   * `git cat-file`, the damage found is forgotten, and trees walked around damaged folders are walked again.
   */
  forgetDamage(): void {
    this.objects.restart();
    this.damaged.clear();
    this.subtrees.clear();
  }

  /** How full the store's caches are, for /api/status. */
  cacheStats(): Record<string, CacheStats> {
    const { subtrees, treeEntries, commits, expanded } = this;
    return { subtrees: subtrees.stats(), treeEntries: treeEntries.stats(), commits: commits.stats(), expanded: expanded.stats() };
  }

  /** Objects found unreadable since start, for /api/status. */
  damage(): Damage[] {
    return [...this.damaged.values()];
  }
}

interface TreeEntry {
  name: string;
  oid: string;
  type: "blob" | "tree" | "commit";
}

/** A tree object: entries of `<octal mode> <name>\0<20-byte oid>`. Submodules are type "commit". */
export function parseTree(data: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(32, at);
    const nul = data.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > data.length) throw new Error("malformed tree object");
    const mode = data.toString("latin1", at, space);
    const name = data.toString("utf8", space + 1, nul);
    const oid = data.toString("hex", nul + 1, nul + 21);
    entries.push({ name, oid, type: mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob" });
    at = nul + 21;
  }
  return entries;
}

/** A commit object: headers, a blank line, the message. Multi-line headers (gpgsig) continue with a space. */
export function parseCommit(oid: string, text: string): CommitInfo {
  const split = text.indexOf("\n\n");
  const head = split < 0 ? text : text.slice(0, split);
  const message = split < 0 ? "" : text.slice(split + 2);
  let tree = "";
  const parents: string[] = [];
  let author = "";
  let authorEmail = "";
  let timestamp = 0;
  for (const line of head.split("\n")) {
    if (line.startsWith("tree ")) tree = line.slice(5);
    else if (line.startsWith("parent ")) parents.push(line.slice(7));
    else if (line.startsWith("author ")) {
      const match = /^author (.*) <([^>]*)> (\d+) [+-]\d{4}$/.exec(line);
      if (match) {
        author = match[1]!;
        authorEmail = match[2]!;
        timestamp = Number(match[3]);
      }
    }
  }
  if (!FULL_OID.test(tree)) throw new ObjectReadError(oid, "corrupt", "commit without a tree");
  return { oid, tree, parents, subject: message.split("\n")[0] ?? "", message: message.trim(), author, authorEmail, timestamp };
}
