/**
 * The content engine's facade: the only module app/ imports from server/.
 * It knows Git, MDX and caching, and nothing of React or Remix.
 */
import path from "node:path";
import { readConfig, type Config } from "./config";
import { ContentEngine, type Snapshot } from "./engine";
import { GitStore } from "./git/store";
import { openRepository, type Repository } from "./source/repository";
import { LiveSite } from "./source/live";
import { LastGoodCommit } from "./source/last-good";
import { generators } from "./generators";
import { NotFoundError } from "./errors";
import { parseVersionRecord, type VersionRecord } from "./content/version";
import { SearchService } from "./search/index";
import { staticFile, type StaticFile } from "./content/static-files";

export { readConfig, type Config } from "./config";
export { BadRequestError, BusyError, NotFoundError, CompileError, ConfigError, ContentError } from "./errors";
export { parsePagePath, sourcePathOf } from "./content/paths";
export { catalogueEntry, type CatalogueEntry, type PageMeta } from "./content/catalogue";
export { navigationFor, type SidebarItem, type Navigation, type NavLink } from "./content/sidebars";
export { SIDEBAR_NAMES, type SidebarName } from "./content/frontmatter";
export type { Snapshot } from "./engine";
export type { CommitInfo, Damage } from "./git/store";
export type { TocEntry, CompiledPage } from "./mdx/compile";
export type { PageNode } from "./mdx/safe-html";
export type { LiveStatus } from "./source/live";
export { closeWorkers } from "./workers/pool";
export type { VersionRecord } from "./content/version";
export { parseSearchRequest, MAX_QUERY_LENGTH, type SearchRequest, type SearchResult, type SearchService } from "./search/index";

export interface ContentService {
  config: Config;
  repository: Repository;
  engine: ContentEngine;
  live: LiveSite;
  search: SearchService;
  /** The live snapshot, or the one of `?commit=` when given (400/404 errors for bad values). */
  snapshotAt(commitParam: string | null): Promise<Snapshot>;
  /** A file under static/ at the snapshot's commit, found without reading it (400/404 errors for bad paths). */
  staticFile(snapshot: Snapshot, urlPath: string): StaticFile;
  /** The bytes of a file found by staticFile. */
  readStatic(file: StaticFile): Promise<Uint8Array>;
  /** The docs version record of a commit (site/version.json). */
  version(snapshot?: Snapshot): Promise<VersionRecord>;
  /** The repository path of a content file (CONTENT_ROOT prefixed), e.g. for "Edit this page". */
  repositoryPath(contentPath: string): string;
}

export async function startContentService(config: Config = readConfig(), log?: (line: string) => void): Promise<ContentService> {
  const print = log ?? ((line: string) => console.log(line));
  const repository = await openRepository(config, print);
  // Derived state in DATA_DIR, named per repository, branch and content root; any of it may be deleted.
  const store = new GitStore(repository.gitdir, {
    git: repository.git,
    contentRoot: config.contentRoot,
    servedRef: repository.ref,
    indexFile: path.join(config.dataDir, "history", `${repository.key}.json`),
    log: print,
  });
  const engine = new ContentEngine(store, { generators, compiledDir: path.join(config.dataDir, "compiled") });
  const search = new SearchService(engine);
  // The first search at a new live commit should not pay for its index; a failure here resurfaces
  // on that search.
  const onLive = (snapshot: Snapshot) => void search.index(snapshot).catch(() => {});
  const lastGood = new LastGoodCommit(path.join(config.dataDir, "live", `${repository.key}.commit`), print);
  const live = new LiveSite(engine, repository, { pollSeconds: config.pollInterval, log, onLive, lastGood });
  await live.start();
  // Built (or loaded and extended) beside serving, so the first history request rarely waits for it.
  store.changes.update().catch((error: Error) => print(`history index: not built yet (${error.message.split("\n")[0]})`));
  return {
    config,
    repository,
    engine,
    live,
    search,
    async snapshotAt(commitParam) {
      if (commitParam === null) return live.snapshot;
      return engine.snapshot(await engine.store.resolveCommit(commitParam));
    },
    staticFile: (snapshot, urlPath) => staticFile(snapshot.files, urlPath),
    readStatic: (file) => engine.store.readBlob(file.oid),
    repositoryPath: (contentPath) => store.repositoryPath(contentPath),
    async version(snapshot = live.snapshot) {
      const oid = snapshot.files.get("site/version.json");
      if (!oid) throw new NotFoundError("site/version.json is missing from the content repository", "file");
      return parseVersionRecord(await engine.text(oid));
    },
  };
}
