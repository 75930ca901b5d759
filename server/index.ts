/**
 * The content engine's facade: the only module app/ imports from server/. It answers in verbs (a
 * snapshot, a page, its source, its history, a search, a static file, the version record, the
 * status, a webhook delivery) and hands out data, never the engine, repository or live-site
 * objects behind them. It knows Git, MDX and caching, and nothing of React or Remix.
 */
import path from "node:path";
import { readConfig, type Config } from "./config";
import { ContentEngine, type Snapshot } from "./engine";
import { GitStore, type CommitInfo } from "./git/store";
import { openRepository } from "./source/repository";
import { LiveSite, type LiveStatus } from "./source/live";
import { LastGoodCommit } from "./source/last-good";
import { processCoordination, type Coordination, type LeaderStatus, type Role } from "./source/coordination";
import { generators } from "./generators";
import { NotFoundError } from "./errors";
import type { PageMeta } from "./content/catalogue";
import type { CompiledPage } from "./mdx/compile";
import { parseVersionRecord, type VersionRecord } from "./content/version";
import { SearchService, type SearchRequest, type SearchResult } from "./search/index";
import { staticFile, type StaticFile } from "./content/static-files";
import { WebhookReceiver, type WebhookAnswer, type WebhookDelivery } from "./webhook";

export { readConfig, type Config } from "./config";
export { BadRequestError, BusyError, NotFoundError, CompileError, ConfigError, ContentError, OverloadedError } from "./errors";
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
export type { StaticFile } from "./content/static-files";
export type { WebhookAnswer, WebhookDelivery } from "./webhook";
export { parseSearchRequest, MAX_QUERY_LENGTH, type SearchRequest, type SearchResult } from "./search/index";

/** Commits that changed a page, newest first. */
export interface PageHistory {
  commits: CommitInfo[];
  /** Whether older commits follow the ones returned. */
  more: boolean;
}

export interface ServiceStatus extends LiveStatus {
  /** Where the content comes from: the embedded folder, a local repository or a remote. */
  source: string;
  /** MDX compiles since start. */
  compiles: number;
  /** The server process that answered (of WEB_CONCURRENCY): the leader fetches and checks, followers follow it. */
  process: { pid: number; role: Role };
}

export interface ContentService {
  readonly config: Config;
  /** The snapshot readers see without ?commit=. */
  liveSnapshot(): Snapshot;
  /** The live snapshot, or the one of `?commit=` when given (400/404 errors for bad values). */
  snapshotAt(commitParam: string | null): Promise<Snapshot>;
  /** A page compiled for rendering, from cache when its sources are unchanged (CompileError when they do not compile). */
  page(snapshot: Snapshot, page: PageMeta): Promise<CompiledPage>;
  /** A page's source as authors wrote it (or as a generator produced it): its Markdown twin. */
  pageSource(snapshot: Snapshot, page: PageMeta): Promise<string>;
  /** The commits that changed a page, seen from the snapshot's commit; `skip` and `limit` page through them. */
  history(snapshot: Snapshot, page: PageMeta, range?: { skip?: number; limit?: number }): Promise<PageHistory>;
  /** Full-text search at the snapshot's commit; `client` (an IP address) is held to the pinned-commit limits. */
  search(snapshot: Snapshot, request: SearchRequest, client?: string): Promise<SearchResult[]>;
  /** A file under static/ at the snapshot's commit, found without reading it (400/404 errors for bad paths). */
  staticFile(snapshot: Snapshot, urlPath: string): StaticFile;
  /** The bytes of a file found by staticFile. */
  readStatic(file: StaticFile): Promise<Uint8Array>;
  /** The docs version record of a commit (site/version.json), the live one by default. */
  version(snapshot?: Snapshot): Promise<VersionRecord>;
  /** The live commit, the last fetch and the last publishing error. */
  status(): ServiceStatus;
  /** A GitHub webhook delivery: verified, then answered; a push to the served branch schedules a fetch. */
  receiveWebhook(delivery: WebhookDelivery): WebhookAnswer;
  /** The repository path of a content file (CONTENT_ROOT prefixed), e.g. for "Edit this page". */
  repositoryPath(contentPath: string): string;
}

/** Passes the leader's status on when it has changed (checks settle every 250 ms, mostly with nothing new). */
function announcer(coordination: Coordination): (status: LiveStatus) => void {
  let last = "";
  return ({ commit, lastFetch, lastError }) => {
    const status: LeaderStatus = { commit, lastFetch, lastError };
    const json = JSON.stringify(status);
    if (json !== last) coordination.announce(status);
    last = json;
  };
}

export async function startContentService(config: Config = readConfig(), log?: (line: string) => void, coordination: Coordination = processCoordination()): Promise<ContentService> {
  const print = log ?? ((line: string) => console.log(line));
  const following = coordination.role === "follower";
  // A follower opens what the leader created or cloned (it starts once the leader is ready) and never fetches.
  const opened = await openRepository(config, print);
  const repository = following ? { ...opened, fetch: undefined } : opened;
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
  const onLive = (snapshot: Snapshot) => void search.setLive(snapshot).catch(() => {});
  const lastGood = new LastGoodCommit(path.join(config.dataDir, "live", `${repository.key}.commit`), print);
  let leader: LeaderStatus | undefined;
  const announce = announcer(coordination);
  const live = following
    ? new LiveSite(engine, repository, { log, onLive, follow: () => leader?.commit ?? lastGood.read() })
    : new LiveSite(engine, repository, { pollSeconds: config.pollInterval, log, onLive, lastGood, onSettled: () => announce(live.status()) });
  coordination.onStatus((status) => {
    leader = status;
    void live.check();
  });
  coordination.onFetchRequest(() => void live.fetch());
  await live.start();
  // Built (or loaded and extended) beside serving, so the first history request rarely waits for it;
  // followers start once it is written, so they load it rather than build it again.
  store.changes
    .update()
    .catch((error: Error) => print(`history index: not built yet (${error.message.split("\n")[0]})`))
    .finally(() => coordination.ready());
  const fetch = following ? () => coordination.requestFetch() : () => void live.fetch();
  const webhooks = config.webhookSecret ? new WebhookReceiver(config.webhookSecret, config.branch, fetch) : undefined;
  return {
    config,
    liveSnapshot: () => live.snapshot,
    async snapshotAt(commitParam) {
      if (commitParam === null) return live.snapshot;
      return engine.snapshot(await engine.store.resolveCommit(commitParam));
    },
    page: (snapshot, page) => engine.compile(snapshot, page),
    pageSource: (snapshot, page) => engine.source(snapshot, page),
    history: (snapshot, page, range) => engine.history(snapshot, page.sourcePath, range),
    search: (snapshot, request, client) => search.search(snapshot, request, client),
    staticFile: (snapshot, urlPath) => staticFile(snapshot.files, urlPath),
    readStatic: (file) => engine.store.readBlob(file.oid),
    repositoryPath: (contentPath) => store.repositoryPath(contentPath),
    async version(snapshot = live.snapshot) {
      const oid = snapshot.files.get("site/version.json");
      if (!oid) throw new NotFoundError("site/version.json is missing from the content repository", "file");
      return parseVersionRecord(await engine.text(oid));
    },
    status: () => ({
      ...live.status(),
      // A follower reports the leader's fetches and publishing errors: those happen there.
      ...(following ? { lastFetch: leader?.lastFetch, lastError: leader?.lastError } : {}),
      source: repository.kind,
      compiles: engine.compiles,
      process: { pid: process.pid, role: coordination.role },
    }),
    receiveWebhook: (delivery) => webhooks?.receive(delivery) ?? { status: 404, message: "Webhooks are off: set WEBHOOK_SECRET to turn them on" },
  };
}
