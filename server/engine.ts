import { createHash } from "node:crypto";
import { Admission, type AdmissionLimits } from "./admission";
import { Cache, stringBytes, type CacheStats } from "./cache";
import { concurrencyLimit } from "./concurrency-limit";
import { CACHE_BUDGETS } from "./memory-budget";
import { buildCatalogue, type Catalogue, type PageMeta, type Problem } from "./content/catalogue";
import { parseFrontmatter, type FrontmatterResult, type SidebarName } from "./content/frontmatter";
import type { GeneratedPage, PageGenerator } from "./content/generator";
import { pageIdOf } from "./content/paths";
import { MAX_DATA_FILE_BYTES, pageSizeProblem, sizeProblem, utf8Bytes } from "./content/source-size";
import {
  checkSidebarShape,
  referencedIds,
  resolveSidebar,
  sidebarNameOf,
  type PageLabel,
  type RawSidebarItem,
  type SidebarItem,
} from "./content/sidebars";
import { CompileError, NotFoundError, PageTooLargeError, UnreadableObjectError } from "./errors";
import { ObjectReadError } from "./git/cat-file";
import type { CommitInfo, Damage, FileMap, GitStore, TreeFiles } from "./git/store";
import type { CompiledPage } from "./mdx/compile";
import { COMPILER_KEY } from "./mdx/compiler-key";
import { CompiledStore } from "./mdx/compiled-store";
import { importSpecifiers, resolveImport } from "./mdx/imports";
import { formatProblem } from "./mdx/problems";
import { JobMemoryError, JobTimeoutError, sharedWorkerPool, type WorkerPool } from "./workers/pool";
import { JobPriority, type Lane } from "./workers/lanes";

/** Everything about one commit that is needed to answer requests, built once per commit. */
export interface Snapshot {
  commit: CommitInfo;
  /** Tree oid of the content root: commits with the same one share everything below but `commit`. */
  contentTree: string;
  files: FileMap;
  catalogue: Catalogue;
  sidebars: ReadonlyMap<SidebarName, SidebarItem[]>;
  /** Broken pages, sidebars and generators of this commit. */
  problems: Problem[];
  /** Folders (tree objects) under the content root that cannot be read: their pages are missing here, so the commit is not served as live. */
  damaged: readonly Damage[];
  /** Pages whose source is in the tree but cannot be read (a damaged repository), by page id. */
  unreadable: ReadonlyMap<string, Damage>;
  /** Pages left out of the catalogue for their size (over MAX_PAGE_SOURCE_BYTES), by page id: what the page answers. */
  oversized: ReadonlyMap<string, Problem>;
}

export interface EngineOptions {
  generators?: PageGenerator[];
  /** Bytes of compiled pages kept in memory. */
  compiledCacheBytes?: number;
  /** Where compiled pages are persisted across restarts (DATA_DIR/compiled); unset keeps them in memory only. */
  compiledDir?: string;
  /** The worker processes that compile and generate; default: the process's shared pool. */
  workers?: WorkerPool;
  /** Time limit of one page compile, ms. */
  compileTimeoutMs?: number;
  /** How many compiles readers of revisions other than the live one may have under way (COMPILE_LIMITS). */
  compileLimits?: AdmissionLimits;
  /** Time limit of generating the pages of one data file, ms. */
  generateTimeoutMs?: number;
  log?: (line: string) => void;
}

type SnapshotContent = Omit<Snapshot, "commit" | "contentTree">;
type CommitContent = Pick<Snapshot, "commit" | "contentTree">;

/** Stands for a commit without the content root: no files, no pages. */
const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
const NO_FILES: TreeFiles = { files: new Map(), damaged: [] };

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");
/** Approximate bytes of a value held in memory, from its JSON form (strings count two bytes a character). */
const jsonBytes = (value: unknown) => JSON.stringify(value).length * 2 + 64;

/** A page's frontmatter, or why the page is left out: `oversized` when its source is over the size cap. */
type PageHead = FrontmatterResult | { ok: false; error: string; oversized: true };

/**
 * A compile that failed on the page's content (outside the safe subset, over the time limit or the
 * worker's memory): the same content fails the same way, so it is cached too, with the message.
 */
type CompileResult = { ok: true; page: CompiledPage; bytes: number } | { ok: false; message: string };

/** Who a compile is for: the lane it waits in, and for readers of other revisions, who asks and at which ref. */
export interface CompileFor {
  lane: Lane;
  /**
   * A reader of a revision other than the live one (`?ref=`, `?commit=`): a compile it starts is
   * admitted under COMPILE_LIMITS, per client (an IP address) and per ref (as the reader named it).
   */
  reader?: { client: string; ref: string };
}

/**
 * Compiles readers of other revisions may start. The live commit's pages are not counted: there
 * are as many as the live catalogue has, each compiled once (and its failure remembered), most of
 * them when its commit was published. A preview's pages are whatever a branch or pull request
 * holds, so each costs up to the compile time limit: a few at once per reader and per ref, a
 * queue of at most `total` (each ≤ 20 s, on workers publishing never waits for).
 */
export const COMPILE_LIMITS: AdmissionLimits = { total: 8, perClient: 2, perRef: 4, retryAfterSeconds: 10 };

/**
 * Who a snapshot is for: readers (`?commit=`, `?ref=`, diffs) build content trees one at a time;
 * publishing (the live site's start and checks) builds beside them, never behind them.
 */
export type SnapshotLane = "reader" | "publish";

/**
 * The content engine: answers "what is at this commit" questions from the Git store, caching
 * everything by content address (blob, tree and commit oids) so nothing ever needs invalidating.
 * Every cache is bounded in bytes and computes each key once however many requests ask for it.
 */
export class ContentEngine {
  private readonly generators: PageGenerator[];
  private readonly texts = new Cache<string>({ maxBytes: CACHE_BUDGETS.texts, sizeOf: stringBytes });
  private readonly frontmatters = new Cache<PageHead>({ maxBytes: CACHE_BUDGETS.frontmatters, sizeOf: jsonBytes });
  private readonly generated = new Cache<GeneratedPage[] | Error>({
    maxBytes: CACHE_BUDGETS.generated,
    sizeOf: (out) => (out instanceof Error ? out.message.length * 2 : out.reduce((sum, p) => sum + p.mdx.length * 2 + 512, 0)),
  });
  private readonly sidebarFiles = new Cache<RawSidebarItem[] | Error>({
    maxBytes: CACHE_BUDGETS.sidebarFiles,
    sizeOf: (raw) => (raw instanceof Error ? 256 : jsonBytes(raw)),
  });
  /**
   * Per commit: its commit info and the oid of its content tree, nothing more. The content is
   * looked up in `contents` by that oid whenever a snapshot is asked for, so a commit kept here
   * never keeps its content alive after `contents` has let it go.
   */
  private readonly snapshots = new Cache<CommitContent>({ maxBytes: CACHE_BUDGETS.snapshots, sizeOf: commitContentBytes });
  /** Per content tree: its file map, catalogue and sidebars, weighed as V8 holds them (contentBytes). */
  private readonly contents = new Cache<SnapshotContent>({ maxBytes: CACHE_BUDGETS.contents, sizeOf: contentBytes });
  private readonly pageKeys = new Cache<string>({
    maxBytes: CACHE_BUDGETS.pageKeys,
    sizeOf: (key, memo) => (key.length + memo.length) * 2 + 64,
  });
  private readonly histories = new Cache<{ commits: CommitInfo[]; more: boolean }>({
    maxBytes: CACHE_BUDGETS.histories,
    // Commits are shared with the store's cache, but a history keeps them (messages included) alive after it lets them go.
    sizeOf: (h) => 64 + h.commits.reduce((sum, commit) => sum + commitBytes(commit), 0),
  });
  private readonly compiled: Cache<CompileResult>;
  /** Compiles waiting for or running in a worker, by key: a more urgent caller joining one raises its lane. */
  private readonly compiling = new Map<string, JobPriority>();
  private readonly compileAdmission: Admission;
  private readonly compiledStore?: CompiledStore;
  readonly workers: WorkerPool;
  private readonly compileTimeoutMs: number;
  private readonly generateTimeoutMs: number;
  private readonly log: (line: string) => void;
  /**
   * Readers' content-tree builds, one at a time. A build holds every page's source and frontmatter
   * while it runs (a tree of 20,000 pages: ~40 MB of garbage besides its 22 MB result), so readers
   * rotating `?commit=` over large commits would otherwise hold as many builds as they send requests.
   */
  private readonly readerBuilds = concurrencyLimit(1);
  /** Number of MDX compiles run since start (not counting pages read from DATA_DIR); tests and the status endpoint read it. */
  compiles = 0;
  /** Content trees read into a catalogue since start: a commit outside the content root adds none. */
  contentBuilds = 0;

  constructor(
    readonly store: GitStore,
    options: EngineOptions = {},
  ) {
    this.generators = options.generators ?? [];
    this.compiled = new Cache({
      maxBytes: options.compiledCacheBytes ?? CACHE_BUDGETS.compiled,
      sizeOf: (result) => (result.ok ? result.bytes : result.message.length * 2 + 64),
    });
    this.compileAdmission = new Admission("page compiles", options.compileLimits ?? COMPILE_LIMITS);
    this.compiledStore = options.compiledDir ? new CompiledStore(options.compiledDir) : undefined;
    this.workers = options.workers ?? sharedWorkerPool();
    this.compileTimeoutMs = options.compileTimeoutMs ?? 20_000;
    this.generateTimeoutMs = options.generateTimeoutMs ?? 60_000;
    this.log = options.log ?? ((line) => console.error(line));
  }

  /**
   * A commit's snapshot: its commit info and its content tree's content, shared with every commit of
   * the same tree. A content tree not yet built is built in `lane` (readers' builds one at a time).
   */
  async snapshot(commitOid: string, lane: SnapshotLane = "reader"): Promise<Snapshot> {
    const { commit, contentTree } = await this.snapshots.get(commitOid, async () => ({
      commit: await this.store.commit(commitOid),
      contentTree: (await this.store.contentTree(commitOid)) ?? EMPTY_TREE,
    }));
    return { commit, contentTree, ...(await this.content(contentTree, lane)) };
  }

  /** What a content tree holds, built once per tree oid: commits that leave it unchanged reuse it. */
  private content(tree: string, lane: SnapshotLane): Promise<SnapshotContent> {
    return this.contents.get(tree, async () => {
      const build = () => this.buildContent(tree);
      const content = await (lane === "publish" ? build() : this.readerBuilds(build));
      this.contentBuilds++;
      return content;
    });
  }

  text(oid: string): Promise<string> {
    return this.texts.get(oid, () => this.store.readText(oid));
  }

  private async buildContent(tree: string): Promise<SnapshotContent> {
    const { files, damaged } = tree === EMPTY_TREE ? NO_FILES : await this.store.treeFiles(tree);
    const pages: PageMeta[] = [];
    // A folder that cannot be read would silently take its pages away: the commit must not go live.
    const problems: Problem[] = damaged.map((damage) => ({ file: damage.path, message: unreadableError(damage).message }));
    const unreadable = new Map<string, Damage>();
    const oversized = new Map<string, Problem>();
    const leaveOut = (id: string, problem: Problem) => {
      oversized.set(id, problem);
      problems.push(problem);
    };
    await Promise.all(
      [...files].map(async ([path, oid]) => {
        const id = pageIdOf(path);
        if (!id) return;
        let result: PageHead;
        try {
          // The size cap is checked here, where every page's text is read anyway, and remembered with its frontmatter.
          result = await this.frontmatters.get(`${oid}:${id}`, async () => {
            const text = await this.text(oid);
            const tooLarge = pageSizeProblem(utf8Bytes(text));
            return tooLarge ? { ok: false, error: tooLarge, oversized: true } : parseFrontmatter(text, id);
          });
        } catch (error) {
          // A damaged object costs its own page, which answers an error naming the object, not the commit.
          if (!(error instanceof ObjectReadError)) throw error;
          const damage = this.damaged(oid, path, error);
          unreadable.set(id, damage);
          problems.push({ file: path, message: unreadableError(damage).message });
          return;
        }
        if (result.ok) pages.push({ ...result.value, sourcePath: path, kind: "mdx" });
        else if ("oversized" in result) leaveOut(id, { file: path, message: result.error });
        else problems.push({ file: path, message: result.error });
      }),
    );
    for (const generator of this.generators) {
      const oid = files.get(generator.sourcePath);
      if (!oid) continue;
      const output = await this.generate(generator, oid);
      if (output instanceof Error) problems.push({ file: generator.sourcePath, message: output.message });
      else
        for (const page of output) {
          const tooLarge = pageSizeProblem(utf8Bytes(page.mdx), `the page ${page.meta.id} generated from it`);
          if (tooLarge) leaveOut(page.meta.id, { file: generator.sourcePath, message: tooLarge });
          else pages.push({ ...page.meta, sourcePath: generator.sourcePath, kind: "generated" });
        }
    }
    pages.sort((a, b) => a.id.localeCompare(b.id));
    const catalogue = buildCatalogue(pages, problems);
    const labels = new Map<string, PageLabel>(
      [...catalogue.pages.values()].map((p) => [p.id, { id: p.id, label: p.sidebarLabel ?? p.title }]),
    );
    const sidebars = new Map<SidebarName, SidebarItem[]>();
    for (const [path, oid] of files) {
      const name = sidebarNameOf(path);
      if (!name) continue;
      const raw = await this.sidebarFile(oid);
      if (raw instanceof Error) {
        catalogue.problems.push({ file: path, message: raw.message });
        continue;
      }
      for (const id of referencedIds(raw)) {
        if (!catalogue.pages.has(id)) catalogue.problems.push({ file: path, message: `points at page "${id}", which does not exist` });
      }
      sidebars.set(name, resolveSidebar(raw, labels));
    }
    return { files, catalogue, sidebars, problems: catalogue.problems, damaged, unreadable, oversized };
  }

  /**
   * After the repository was repaired (a fresh clone swapped in): contents built around damaged
   * folders or pages are built again, from objects that can be read now.
   */
  forgetDamage(): void {
    this.contents.clear();
    this.store.forgetDamage();
  }

  /** Records an object found unreadable (logged once, listed in /api/status) with the content path that needs it. */
  private damaged(oid: string, path: string, error: ObjectReadError): Damage {
    const damage = { object: oid, path: this.store.repositoryPath(path), message: error.why };
    this.store.recordDamage(damage);
    return damage;
  }

  /** The text of a content file at the snapshot; an unreadable object is an UnreadableObjectError naming it and the file. */
  private async fileText(snapshot: Snapshot, path: string): Promise<string> {
    const oid = snapshot.files.get(path)!;
    try {
      return await this.text(oid);
    } catch (error) {
      if (error instanceof ObjectReadError) throw unreadableError(this.damaged(oid, path, error));
      throw error;
    }
  }

  /** The pages a generator makes of a data file, generated in a worker (a large schema takes a while). */
  private generate(generator: PageGenerator, oid: string): Promise<GeneratedPage[] | Error> {
    return this.generated.get(`${generator.version}:${oid}`, async () => {
      const text = await this.text(oid);
      const tooLarge = sizeProblem(utf8Bytes(text), MAX_DATA_FILE_BYTES, "the data file", "its pages would not fit the generated cache");
      if (tooLarge) return new Error(tooLarge);
      try {
        // Shared by every reader of any commit with this data file, publishing included: the live
        // lane, ahead of previews' pages. Each data file is generated once, its failure remembered.
        const outcome = await this.workers.run("generate", { sourcePath: generator.sourcePath, text }, this.generateTimeoutMs, "live");
        return outcome.ok ? outcome.pages : new Error(outcome.message);
      } catch (error) {
        // Remembered like a timeout: the same file would exhaust the worker's memory again.
        if (!(error instanceof JobTimeoutError || error instanceof JobMemoryError)) throw error;
        this.log(`generating pages from ${generator.sourcePath} stopped: ${error.message}`);
        return new Error(`cannot generate pages: ${error.message}`);
      }
    });
  }

  private sidebarFile(oid: string): Promise<RawSidebarItem[] | Error> {
    return this.sidebarFiles.get(oid, async () => {
      try {
        const value: unknown = JSON.parse(await this.text(oid));
        const problems = checkSidebarShape(value);
        return problems.length ? new Error(problems.slice(0, 3).join("; ")) : (value as RawSidebarItem[]);
      } catch (error) {
        return new Error(`is not valid JSON: ${(error as Error).message}`);
      }
    });
  }

  page(snapshot: Snapshot, id: string): PageMeta {
    const page = snapshot.catalogue.pages.get(id);
    if (page) return page;
    this.checkReadable(snapshot, id);
    throw new NotFoundError(`There is no page ${id} at commit ${snapshot.commit.oid.slice(0, 7)}`);
  }

  /**
   * Throws an UnreadableObjectError when the snapshot has a page `id` whose source cannot be read,
   * a PageTooLargeError when it has one left out for its size.
   */
  checkReadable(snapshot: Snapshot, id: string): void {
    const damage = snapshot.unreadable.get(id);
    if (damage) throw unreadableError(damage);
    const oversized = snapshot.oversized.get(id);
    if (oversized) throw new PageTooLargeError(oversized.file, oversized.message);
  }

  private generatorOf(page: PageMeta): PageGenerator {
    const generator = this.generators.find((g) => g.sourcePath === page.sourcePath);
    if (!generator) throw new Error(`no generator reads ${page.sourcePath}`);
    return generator;
  }

  /** The page's source as authors wrote it, or as the generator produced it. */
  async source(snapshot: Snapshot, page: PageMeta): Promise<string> {
    if (page.kind === "generated") {
      const generator = this.generatorOf(page);
      const output = await this.generate(generator, snapshot.files.get(page.sourcePath)!);
      const found = output instanceof Error ? undefined : output.find((p) => p.meta.id === page.id);
      if (!found) throw new NotFoundError(`There is no page ${page.id}`);
      return found.mdx;
    }
    return this.fileText(snapshot, page.sourcePath);
  }

  /**
   * The compiled page, from memory or DATA_DIR when its source and every file it imports are
   * unchanged, else compiled in a worker, in the lane `compileFor` names (the server's callers name
   * theirs; tests and tools get the live lane). Throws CompileError (with
   * file:line:column) for a page outside the safe subset or over the time or memory limit (each
   * remembered like the page), OverloadedError when a reader of another revision is over
   * COMPILE_LIMITS, BusyError when the workers' queue is full.
   */
  async compile(snapshot: Snapshot, page: PageMeta, compileFor: CompileFor = { lane: "live" }): Promise<CompiledPage> {
    const key = await this.compileKey(snapshot, page);
    // Publishing a commit whose page a preview is compiling waits for that compile: in its own lane.
    this.compiling.get(key)?.raise(compileFor.lane);
    const result = await this.compiled.get(key, () => this.compileUncached(key, snapshot, page, compileFor));
    if (!result.ok) throw new CompileError(page.sourcePath, result.message);
    return result.page;
  }

  /** How full each cache of the engine and its Git store is; each stays under its bound in bytes. */
  cacheStats(): Record<string, CacheStats> {
    const { texts, frontmatters, generated, sidebarFiles, snapshots, contents, pageKeys, histories, compiled } = this;
    const own = { texts, frontmatters, generated, sidebarFiles, snapshots, contents, pageKeys, histories, compiled };
    return { ...Object.fromEntries(Object.entries(own).map(([name, cache]) => [name, cache.stats()])), ...this.store.cacheStats() };
  }

  /** A content address of everything the compiled page depends on, remembered per commit and page. */
  private compileKey(snapshot: Snapshot, page: PageMeta): Promise<string> {
    return this.pageKeys.get(`${snapshot.commit.oid}:${page.id}`, async () => {
      if (page.kind === "generated") {
        const generator = this.generatorOf(page);
        return sha1(`${COMPILER_KEY}\0${generator.version}\0${snapshot.files.get(page.sourcePath)}\0${page.id}`);
      }
      const files = await this.dependencies(snapshot, page.sourcePath);
      const deps = Object.keys(files)
        .sort()
        .map((p) => `${p}=${snapshot.files.get(p)}`);
      return sha1(`${COMPILER_KEY}\0${page.sourcePath}\0${snapshot.files.get(page.sourcePath)}\0${deps.join("\0")}`);
    });
  }

  private async compileUncached(key: string, snapshot: Snapshot, page: PageMeta, { lane, reader }: CompileFor): Promise<CompileResult> {
    const stored = await this.compiledStore?.read(key);
    if (stored) return { ok: true, page: stored.page, bytes: stored.json.length * 3 };
    const run = () => this.compileInWorker(key, snapshot, page, lane);
    return reader ? this.compileAdmission.run(reader, run) : run();
  }

  private async compileInWorker(key: string, snapshot: Snapshot, page: PageMeta, lane: Lane): Promise<CompileResult> {
    const source = await this.source(snapshot, page);
    const files = page.kind === "generated" ? {} : await this.dependencies(snapshot, page.sourcePath);
    // Generated MDX has no file of its own: its problems are reported at a virtual path.
    const path = page.kind === "generated" ? `generated/${page.id}.mdx` : page.sourcePath;
    this.compiles++;
    const priority = new JobPriority(lane);
    this.compiling.set(key, priority);
    let outcome;
    try {
      outcome = await this.workers.run("compile", { path, source, files }, this.compileTimeoutMs, priority);
    } catch (error) {
      if (!(error instanceof JobTimeoutError || error instanceof JobMemoryError)) throw error;
      this.log(`compile of ${page.sourcePath} (/${page.id}) stopped: ${error.message}`);
      const why =
        error instanceof JobTimeoutError
          ? `took longer than ${this.compileTimeoutMs / 1000} s`
          : `needed more than ${error.limitMb} MB of memory`;
      // The same source stops the same way: remembered, so asking again costs no second compile.
      return { ok: false, message: `compiling this page ${why} and was stopped; split it or simplify it` };
    } finally {
      this.compiling.delete(key);
    }
    if (!outcome.ok) return { ok: false, message: outcome.problems.slice(0, 5).map(formatProblem).join("\n") };
    void this.compiledStore?.write(key, outcome.json);
    // A JSON text of n characters parses into objects of roughly 3n bytes.
    return { ok: true, page: JSON.parse(outcome.json) as CompiledPage, bytes: outcome.json.length * 3 };
  }

  /**
   * Commits of the served branch that changed `path` (relative to the content root), newest first,
   * as of the snapshot's commit: what `git log --first-parent -- <path>` lists, read from the
   * change index. A commit off the indexed chain (not reachable by first parents) asks git itself.
   */
  async history(snapshot: Snapshot, path: string, { skip = 0, limit = 20 } = {}): Promise<{ commits: CommitInfo[]; more: boolean }> {
    return this.histories.get(`${snapshot.commit.oid}:${path}:${skip}:${limit}`, async () => {
      const oids = await this.changedAsOf(snapshot.commit.oid, path);
      const commits = await Promise.all(oids.slice(skip, skip + limit).map((oid) => this.store.commit(oid)));
      return { commits, more: oids.length > skip + limit };
    });
  }

  private async changedAsOf(commit: string, path: string): Promise<string[]> {
    const index = this.store.changes;
    let oids = index.changedAsOf(path, commit);
    if (oids) return oids;
    try {
      await index.update();
      oids = index.changedAsOf(path, commit);
    } catch {
      // An index that cannot be brought up to date (an unreadable ref) leaves the answer to git.
    }
    return oids ?? this.store.logPath(commit, path);
  }

  /** Repository paths a hand-written page imports, transitively. */
  async importsOf(snapshot: Snapshot, page: PageMeta): Promise<string[]> {
    return page.kind === "mdx" ? Object.keys(await this.dependencies(snapshot, page.sourcePath)) : [];
  }

  /**
   * Every repository file a page imports, transitively, by path (the page itself excluded). A
   * PageTooLargeError when the page and its imports are over the page cap together: the page's own
   * size was checked with its frontmatter, its snippets' can only be counted here.
   */
  private async dependencies(snapshot: Snapshot, entry: string): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    const pending = [entry];
    let bytes = 0;
    while (pending.length) {
      const importer = pending.pop()!;
      const text = importer === entry ? await this.fileText(snapshot, entry) : found[importer]!;
      bytes += utf8Bytes(text);
      const tooLarge = pageSizeProblem(bytes, "the page with the snippets it imports");
      if (tooLarge) throw new PageTooLargeError(entry, tooLarge);
      for (const specifier of importSpecifiers(text)) {
        const path = resolveImport(importer, specifier, (p) => snapshot.files.has(p));
        if (!path || path in found || path === entry) continue;
        found[path] = await this.fileText(snapshot, path);
        pending.push(path);
      }
    }
    return found;
  }
}

const unreadableError = (damage: Damage) => new UnreadableObjectError(damage.object, damage.path, damage.message);

/** Pages of `to` that are new or differ from `from` in their source or in any file they import. */
export async function changedPages(engine: ContentEngine, from: Snapshot | undefined, to: Snapshot): Promise<PageMeta[]> {
  const changed = new Set([...to.files].filter(([p, oid]) => from?.files.get(p) !== oid).map(([p]) => p));
  const result: PageMeta[] = [];
  for (const page of to.catalogue.pages.values()) {
    if (page.kind === "generated") {
      if (!changed.has(page.sourcePath)) continue;
      const before = from?.catalogue.pages.get(page.id);
      if (!before || (await engine.source(from!, before)) !== (await engine.source(to, page))) result.push(page);
      continue;
    }
    if (changed.has(page.sourcePath) || (await engine.importsOf(to, page)).some((p) => changed.has(p))) result.push(page);
  }
  return result;
}

/** A commit's info: its strings (two bytes a character at most; the subject is a slice of the message) and a few small objects. */
const commitBytes = (commit: CommitInfo) =>
  256 + (commit.message.length + commit.author.length + commit.authorEmail.length + 40 * (2 + commit.parents.length)) * 2;

/** A commit's snapshot record: its commit info and its content tree's oid. */
const commitContentBytes = ({ commit }: CommitContent) => commitBytes(commit) + 80;

/**
 * What a content tree keeps alive in V8's heap: its pages' metadata and resolved sidebars, about 2.5
 * bytes per character of their JSON, and about 200 bytes per file of its map. Measured (heap after a
 * full collection, per tree held) at 350 KB for the embedded content (434 pages, 211 files; 590 KB
 * as weighed) and 22 MB for a tree of 20,000 pages (22.8 MB as weighed).
 */
function contentBytes({ files, catalogue, sidebars, problems, unreadable }: SnapshotContent): number {
  const json = JSON.stringify([[...catalogue.pages.values()], [...catalogue.aliases], [...sidebars], problems, [...unreadable]]);
  return json.length * 2.5 + files.size * 200;
}
