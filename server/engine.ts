import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { Cache } from "./cache";
import { buildCatalogue, type Catalogue, type PageMeta, type Problem } from "./content/catalogue";
import { parseFrontmatter, type FrontmatterResult, type SidebarName } from "./content/frontmatter";
import type { GeneratedPage, PageGenerator } from "./content/generator";
import { pageIdOf } from "./content/paths";
import {
  checkSidebarShape,
  referencedIds,
  resolveSidebar,
  sidebarNameOf,
  type PageLabel,
  type RawSidebarItem,
  type SidebarItem,
} from "./content/sidebars";
import { CompileError, NotFoundError } from "./errors";
import { ObjectReadError } from "./git/cat-file";
import type { CommitInfo, FileMap, GitStore } from "./git/store";
import { compileMdx, COMPILER_VERSION, type CompiledMdx } from "./mdx/compile";
import { importSpecifiers, resolveImport } from "./mdx/imports";
import { concurrencyLimit, singleFlight } from "./single-flight";

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
}

export interface EngineOptions {
  generators?: PageGenerator[];
  /** Bytes of compiled code kept in memory. */
  compiledCacheBytes?: number;
  /** Compiles allowed to run at once (bundleMDX is memory-hungry). */
  maxConcurrentCompiles?: number;
}

type SnapshotContent = Omit<Snapshot, "commit" | "contentTree">;

/** Stands for a commit without the content root: no files, no pages. */
const EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * The content engine: answers "what is at this commit" questions from the Git store, caching
 * everything by content address (blob, tree and commit oids) so nothing ever needs invalidating.
 */
export class ContentEngine {
  private readonly generators: PageGenerator[];
  private readonly texts = new LRUCache<string, string>({ maxSize: 32 * 1024 * 1024, sizeCalculation: (t) => t.length * 2 || 1 });
  private readonly frontmatters = new LRUCache<string, FrontmatterResult>({ max: 20_000 });
  private readonly generated = new LRUCache<string, GeneratedPage[] | Error>({ max: 32 });
  private readonly sidebarFiles = new LRUCache<string, RawSidebarItem[] | Error>({ max: 256 });
  private readonly snapshots = new LRUCache<string, Snapshot>({ max: 64 });
  /** Per content tree; a Map entry per file and a catalogue entry per page are the bulk of it. */
  private readonly contents = new Cache<SnapshotContent>({
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (c) => c.files.size * 160 + c.catalogue.pages.size * 1024,
  });
  private readonly pageKeys = new LRUCache<string, string>({ max: 50_000 });
  private readonly histories = new LRUCache<string, { commits: CommitInfo[]; more: boolean }>({ max: 5_000 });
  private readonly compiled: LRUCache<string, CompiledMdx>;
  private readonly buildSnapshotOnce = singleFlight<Snapshot>();
  private readonly compileOnce = singleFlight<CompiledMdx>();
  private readonly compileSlot: ReturnType<typeof concurrencyLimit>;
  /** Number of MDX compiles run since start; tests and the status endpoint read it. */
  compiles = 0;
  /** Content trees read into a catalogue since start: a commit outside the content root adds none. */
  contentBuilds = 0;

  constructor(
    readonly store: GitStore,
    options: EngineOptions = {},
  ) {
    this.generators = options.generators ?? [];
    this.compiled = new LRUCache({
      maxSize: options.compiledCacheBytes ?? 128 * 1024 * 1024,
      sizeCalculation: (c) => c.code.length * 2 + 512,
    });
    this.compileSlot = concurrencyLimit(options.maxConcurrentCompiles ?? 2);
  }

  async snapshot(commitOid: string): Promise<Snapshot> {
    const known = this.snapshots.get(commitOid);
    if (known) return known;
    return this.buildSnapshotOnce(commitOid, async () => {
      const commit = await this.store.commit(commitOid);
      const contentTree = (await this.store.contentTree(commitOid)) ?? EMPTY_TREE;
      const snapshot: Snapshot = { commit, contentTree, ...(await this.content(contentTree)) };
      this.snapshots.set(commitOid, snapshot);
      return snapshot;
    });
  }

  /** What a content tree holds, built once per tree oid: commits that leave it unchanged reuse it. */
  private content(tree: string): Promise<SnapshotContent> {
    return this.contents.get(tree, async () => {
      const content = await this.buildContent(tree);
      this.contentBuilds++;
      return content;
    });
  }

  async text(oid: string): Promise<string> {
    const known = this.texts.get(oid);
    if (known !== undefined) return known;
    const text = await this.store.readText(oid);
    this.texts.set(oid, text);
    return text;
  }

  private async buildContent(tree: string): Promise<SnapshotContent> {
    const files = tree === EMPTY_TREE ? new Map<string, string>() : await this.store.treeFiles(tree);
    const pages: PageMeta[] = [];
    const problems: Problem[] = [];
    await Promise.all(
      [...files].map(async ([path, oid]) => {
        const id = pageIdOf(path);
        if (!id) return;
        const cacheKey = `${oid}:${id}`;
        let result = this.frontmatters.get(cacheKey);
        if (!result) {
          let text: string;
          try {
            text = await this.text(oid);
          } catch (error) {
            // A damaged object costs its own page, not the commit.
            if (!(error instanceof ObjectReadError)) throw error;
            this.store.recordDamage({ object: oid, path: this.store.repositoryPath(path), message: error.message });
            problems.push({ file: path, message: error.message });
            return;
          }
          result = parseFrontmatter(text, id);
          this.frontmatters.set(cacheKey, result);
        }
        if (result.ok) pages.push({ ...result.value, sourcePath: path, kind: "mdx" });
        else problems.push({ file: path, message: result.error });
      }),
    );
    for (const generator of this.generators) {
      const oid = files.get(generator.sourcePath);
      if (!oid) continue;
      const output = await this.generate(generator, oid);
      if (output instanceof Error) problems.push({ file: generator.sourcePath, message: output.message });
      else for (const page of output) pages.push({ ...page.meta, sourcePath: generator.sourcePath, kind: "generated" });
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
    return { files, catalogue, sidebars, problems: catalogue.problems };
  }

  private async generate(generator: PageGenerator, oid: string): Promise<GeneratedPage[] | Error> {
    const key = `${generator.version}:${oid}`;
    let output = this.generated.get(key);
    if (!output) {
      try {
        output = generator.generate(await this.text(oid));
      } catch (error) {
        output = new Error(`cannot generate pages: ${(error as Error).message}`);
      }
      this.generated.set(key, output);
    }
    return output;
  }

  private async sidebarFile(oid: string): Promise<RawSidebarItem[] | Error> {
    let raw = this.sidebarFiles.get(oid);
    if (!raw) {
      try {
        const value: unknown = JSON.parse(await this.text(oid));
        const problems = checkSidebarShape(value);
        raw = problems.length ? new Error(problems.slice(0, 3).join("; ")) : (value as RawSidebarItem[]);
      } catch (error) {
        raw = new Error(`is not valid JSON: ${(error as Error).message}`);
      }
      this.sidebarFiles.set(oid, raw);
    }
    return raw;
  }

  page(snapshot: Snapshot, id: string): PageMeta {
    const page = snapshot.catalogue.pages.get(id);
    if (!page) throw new NotFoundError(`There is no page ${id} at commit ${snapshot.commit.oid.slice(0, 7)}`);
    return page;
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
    return this.text(snapshot.files.get(page.sourcePath)!);
  }

  /** The compiled page, from cache when its source and every file it imports are unchanged. */
  async compile(snapshot: Snapshot, page: PageMeta): Promise<CompiledMdx> {
    const memo = `${snapshot.commit.oid}:${page.id}`;
    let key = this.pageKeys.get(memo);
    let files: Record<string, string> | undefined;
    if (!key) {
      if (page.kind === "generated") {
        const generator = this.generatorOf(page);
        key = sha1(`${COMPILER_VERSION}\0${generator.version}\0${snapshot.files.get(page.sourcePath)}\0${page.id}`);
      } else {
        files = await this.dependencies(snapshot, page.sourcePath);
        const deps = Object.keys(files).sort().map((p) => `${p}=${snapshot.files.get(p)}`);
        key = sha1(`${COMPILER_VERSION}\0${page.sourcePath}\0${snapshot.files.get(page.sourcePath)}\0${deps.join("\0")}`);
      }
      this.pageKeys.set(memo, key);
    }
    const cached = this.compiled.get(key);
    if (cached) return cached;
    const cacheKey = key;
    return this.compileOnce(cacheKey, () =>
      this.compileSlot(async () => {
        const source = await this.source(snapshot, page);
        files ??= page.kind === "generated" ? {} : await this.dependencies(snapshot, page.sourcePath);
        this.compiles++;
        let result: CompiledMdx;
        try {
          // Generated pages compile under a virtual .mdx path: esbuild picks its loader by extension.
          const path = page.kind === "generated" ? `generated/${page.id}.mdx` : page.sourcePath;
          result = await compileMdx({ path, source, files });
        } catch (error) {
          throw new CompileError(page.sourcePath, firstLines((error as Error).message));
        }
        this.compiled.set(cacheKey, result);
        return result;
      }),
    );
  }

  /**
   * Commits of the served branch that changed `path` (relative to the content root), newest first,
   * as of the snapshot's commit: what `git log --first-parent -- <path>` lists, read from the
   * change index. A commit off the indexed chain (not reachable by first parents) asks git itself.
   */
  async history(snapshot: Snapshot, path: string, { skip = 0, limit = 20 } = {}): Promise<{ commits: CommitInfo[]; more: boolean }> {
    const key = `${snapshot.commit.oid}:${path}:${skip}:${limit}`;
    const known = this.histories.get(key);
    if (known) return known;
    const oids = await this.changedAsOf(snapshot.commit.oid, path);
    const commits = await Promise.all(oids.slice(skip, skip + limit).map((oid) => this.store.commit(oid)));
    const result = { commits, more: oids.length > skip + limit };
    this.histories.set(key, result);
    return result;
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

  /** Every repository file a page imports, transitively, by path (the page itself excluded). */
  private async dependencies(snapshot: Snapshot, entry: string): Promise<Record<string, string>> {
    const found: Record<string, string> = {};
    const pending = [entry];
    while (pending.length) {
      const importer = pending.pop()!;
      const text = importer === entry ? await this.text(snapshot.files.get(entry)!) : found[importer]!;
      for (const specifier of importSpecifiers(text)) {
        const path = resolveImport(importer, specifier, (p) => snapshot.files.has(p));
        if (!path || path in found || path === entry) continue;
        found[path] = await this.text(snapshot.files.get(path)!);
        pending.push(path);
      }
    }
    return found;
  }
}

function firstLines(message: string): string {
  return message.replace(/^Build failed with \d+ errors?:\n/, "").split("\n").slice(0, 4).join("\n");
}

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
