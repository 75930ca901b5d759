/**
 * The content engine's facade: the only module app/ imports from server/. It answers in verbs (a
 * snapshot, a page, its source, its history, a search, a static file, the version record, the
 * status, a webhook delivery) and hands out data, never the engine, repository or live-site
 * objects behind them. It knows Git, MDX and caching, and nothing of React or Remix.
 */
import path from "node:path";
import { readConfig, type Config } from "./config";
import { ContentEngine, type Snapshot } from "./engine";
import { gitGroupsIn } from "./git/groups";
import { GitStore, type CommitInfo } from "./git/store";
import { openRepository, type FetchScope } from "./source/repository";
import { LiveSite, type CatchingUp, type LiveStatus } from "./source/live";
import { LIVE_KEY } from "./purge/purger";
import { PurgeQueue } from "./purge/queue";
import { purgersOf } from "./purge/settings";
import { LastGoodCommit } from "./source/last-good";
import { RefusedCommits } from "./source/refused";
import { processCoordination, type Coordination, type LeaderStatus, type Role } from "./source/coordination";
import { generators } from "./generators";
import { BadRequestError, NotFoundError, RefusedCommitError } from "./errors";
import type { PageMeta } from "./content/catalogue";
import type { CompiledPage } from "./mdx/compile";
import { parseVersionRecord, type VersionRecord } from "./content/version";
import { SEARCH_LIMITS, SearchService, type SearchRequest, type SearchResults, type SearchStatus } from "./search/index";
import { MarkdownService } from "./markdown/service";
import { staticFile, type StaticFile } from "./content/static-files";
import { memoryStatus, type MemoryStatus } from "./memory";
import { deliveryRelay } from "./peers";
import { WebhookReceiver, type WebhookAnswer, type WebhookDelivery } from "./webhook";
import { PageDiffs, type PageDiff } from "./diff/page-diff";
import { RecentChanges, type ChangesPage } from "./changes/recent-changes";
import { answerMcp, type McpRequestContext } from "./mcp/docs-server";
import { RefTips, type RefListing } from "./refs/ref-tips";
import { releasesOf, versionTagTest, type Release } from "./versions/version-tags";
import type { RefTip } from "./refs/ref-listing";
import { refNameProblem } from "./refs/ref-name";
import { PullBases } from "./checks/pull-bases";
import { RefChecks, type LiveChecks, type RefReport } from "./checks/ref-checks";
import { linkChanges } from "./checks/report";
import { CommitStatuses, type PullHead } from "./checks/commit-status";
import type { PullRequestHead } from "./webhook";

export { readConfig, type Config } from "./config";
export {
  BadRequestError,
  BusyError,
  NotFoundError,
  CompileError,
  ConfigError,
  ContentError,
  OverloadedError,
  PageTooLargeError,
  RefusedCommitError,
  UnreadableObjectError,
  type Suggestion,
} from "./errors";
export { parsePagePath, sourcePathOf } from "./content/paths";
export { catalogueEntry, type CatalogueEntry, type PageMeta } from "./content/catalogue";
export { navigationFor, type SidebarItem, type Navigation, type NavLink } from "./content/sidebars";
export { SIDEBAR_NAMES, type SidebarName } from "./content/frontmatter";
export type { Snapshot } from "./engine";
export type { CommitInfo, Damage } from "./git/store";
export type { TocEntry, CompiledPage } from "./mdx/compile";
export { mapUrls as mapBodyUrls } from "./mdx/html-text";
export type { CatchingUp, LiveStatus } from "./source/live";
export type { MemoryStatus } from "./memory";
export { closeWorkers } from "./workers/pool";
export { CACHE_BUDGETS } from "./memory-budget";
export { publicOriginOf } from "./public-origin";
export { documentPolicy, RESOURCE_POLICY } from "./content-security-policy";
export { COMMIT_HEADER, noteResponseCommit, readingCommit, type ResponseCommit } from "./response-commit";
export {
  findRenderedPage,
  keepRenderedPage,
  keptPages,
  onPageKept,
  renderedPageCommit,
  renderedPagesStats,
  type Coding,
  type CommitsNow,
  type FoundPage,
  type KeptPage,
  type RenderedPagesStats,
} from "./rendered-pages";
export type { VersionRecord } from "./content/version";
export type { StaticFile } from "./content/static-files";
export { RELAYED_HEADER, signatureProblem, type WebhookAnswer, type WebhookDelivery } from "./webhook";
export {
  parseSearchRequest,
  searchWords,
  MAX_QUERY_LENGTH,
  MAX_RESULTS,
  type PageHit,
  type SearchRequest,
  type SearchResults,
  type SectionHit,
} from "./search/index";
export type { PageDiff } from "./diff/page-diff";
export type { DiffHunk, DiffPart, Segment } from "./diff/text-diff";
export type { ChangesPage, ChangeEntry } from "./changes/recent-changes";
export type { RefTip, RefKind } from "./refs/ref-listing";
export { refNameProblem } from "./refs/ref-name";
export type { Release } from "./versions/version-tags";
export type { ChecksReport, LiveChecks, RefReport } from "./checks/ref-checks";
export type { CheckCounts, CompileFinding, LinkFinding, PageChange, SidebarFinding } from "./checks/report";

/** The refs `?ref=` can preview, for GET /api/refs. */
export interface RefsAnswer extends RefListing {
  /** The branch the live site serves. */
  served: string;
}

/** Who reads a page: the client's address, and the revision as the reader named it (`?ref=` or `?commit=`). */
export interface PageReader {
  client?: string;
  ref?: string;
}

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
  /** This process's memory and how full each engine cache is. */
  memory: MemoryStatus;
  /** Which commit's index answers live searches, and why not the live commit's when it does not. */
  search: SearchStatus;
  /**
   * The live commit's checks against the commit live before it (server/checks/): what its push
   * broke without blocking it (links, anchors, files), once computed: the leader computes them, for
   * each commit that goes live after start, and followers show what it announced.
   */
  checks?: LiveChecks;
  /** Checks of refs computed since start (server/checks/): answers from memory are not counted. */
  checksComputed: number;
  /** Commit statuses posted on pull requests' heads (GITHUB_TOKEN), and posts given up after their retries. */
  commitStatuses?: { posted: number; failed: number };
}

export interface ContentService {
  readonly config: Config;
  /** The snapshot readers see without ?commit=. */
  liveSnapshot(): Snapshot;
  /** The live snapshot, or the one of `?commit=` when given (400/404 errors for bad values, 409 for a commit the publish check refused). */
  snapshotAt(commitParam: string | null): Promise<Snapshot>;
  /** The snapshot at the tip of a branch, tag or pull request (`?ref=`), read anew whenever the ref moves (400/404 errors for bad names). */
  snapshotAtRef(name: string): Promise<{ snapshot: Snapshot; ref: RefTip }>;
  /** The commit a ref names, if known without waiting (it was read in the last quarter second), for replaying rendered pages. */
  refCommitNow(name: string): string | undefined;
  /** The branches, tags and pull requests that can be previewed, newest first. */
  refs(): Promise<RefsAnswer>;
  /** The releases (tags VERSION_TAGS names), newest version first; none when it is unset. */
  releases(): Promise<Release[]>;
  /** The snapshot a release's tag names now (`/v/<tag>/`), read anew when the tag moves (NotFoundError when it is no release). */
  snapshotAtRelease(tag: string): Promise<{ snapshot: Snapshot; release: Release }>;
  /**
   * What the tip of a branch, tag or pull request (`?ref=`) would break if it were published over
   * `base` (a branch: its tip; the served branch, by default: its live commit): computed once per
   * pair of commits (a reader's first ask admitted per client and ref, OverloadedError past the
   * limits), then answered from memory (400/404 errors for bad names).
   */
  checks(name: string, client?: string, base?: string): Promise<RefReport & { ref: RefTip }>;
  /**
   * For an id the catalogue lacks: throws UnreadableObjectError (500, naming the object and its
   * path) when the snapshot has such a page but its source cannot be read from the repository.
   */
  checkReadable(snapshot: Snapshot, id: string): void;
  /**
   * A page compiled for rendering, from cache when its sources are unchanged (CompileError when they
   * do not compile or stop at a limit). At a commit other than the live one, a compile the reader
   * starts is admitted per client and per `reader.ref` (OverloadedError, 429 or 503, past the limits).
   */
  page(snapshot: Snapshot, page: PageMeta, reader?: PageReader): Promise<CompiledPage>;
  /** A page as clean Markdown (its `.md` twin), headed by its title, description and `url` (CompileError when it does not parse). */
  pageMarkdown(snapshot: Snapshot, page: PageMeta, url: string): Promise<string>;
  /** Every page's clean Markdown in sidebar order, under a byte bound, with URLs on `origin`. */
  llmsFull(snapshot: Snapshot, origin: string): Promise<string>;
  /** The commits that changed a page, seen from the snapshot's commit; `skip` and `limit` page through them. */
  history(snapshot: Snapshot, page: PageMeta, range?: { skip?: number; limit?: number }): Promise<PageHistory>;
  /** Full-text search at the snapshot's commit; `client` (an IP address) is held to the pinned-commit limits. */
  search(snapshot: Snapshot, request: SearchRequest, client?: string): Promise<SearchResults>;
  /** A file under static/ at the snapshot's commit, found without reading it (400/404 errors for bad paths). */
  staticFile(snapshot: Snapshot, urlPath: string): StaticFile;
  /** The bytes of a file found by staticFile. */
  readStatic(file: StaticFile): Promise<Uint8Array>;
  /** The docs version record of a commit (site/version.json), the live one by default. */
  version(snapshot?: Snapshot): Promise<VersionRecord>;
  /** The live commit, the last fetch and the last publishing error. */
  status(): ServiceStatus;
  /** The live commit, and whether a fetch the site knows of may move it (the leader's, in a follower): for /readyz. */
  readiness(): { commit: string; catchingUp?: CatchingUp };
  /** A GitHub webhook delivery: verified, then answered; a push to the served branch schedules a fetch. */
  receiveWebhook(delivery: WebhookDelivery): WebhookAnswer;
  /** The repository path of a content file (CONTENT_ROOT prefixed), e.g. for "Edit this page". */
  repositoryPath(contentPath: string): string;
  /**
   * What changed in a page between two commits (defaults: `to` the live commit, `from` the one
   * before the page's last change), computed off the request thread within caps; a diff not yet
   * computed is admitted per `client` (an IP address).
   */
  pageDiff(id: string, commits: { from: string | null; to: string | null; ref?: string | null }, client?: string): Promise<PageDiff>;
  /** The newest commits of the served branch that changed the content, with the pages each changed. */
  recentChanges(range: { skip: number; limit: number }): Promise<ChangesPage>;
  /** Answers a Model Context Protocol request (Streamable HTTP, stateless): tools search_docs, read_page, list_pages. */
  mcp(request: Request, context: McpRequestContext): Promise<Response>;
}

/** Passes the leader's status on when it has changed (checks settle every 250 ms, mostly with nothing new). */
function announcer(coordination: Coordination): (status: LiveStatus & { checks?: LiveChecks }) => void {
  let last = "";
  return ({ commit, catchingUp, lastFetch, lastError, checks }) => {
    const status: LeaderStatus = { commit, catchingUp, lastFetch, lastError, checks };
    const json = JSON.stringify(status);
    if (json !== last) coordination.announce(status);
    last = json;
  };
}

let processService: Promise<ContentService> | undefined;

/**
 * The one content service of this process, started by the first caller: the HTTP front (http/)
 * and the app's loaders both read the live commit and the configuration from it.
 */
export function processContentService(): Promise<ContentService> {
  return (processService ??= startContentService());
}

export async function startContentService(
  config: Config = readConfig(),
  log?: (line: string) => void,
  coordination: Coordination = processCoordination(),
): Promise<ContentService> {
  const print = log ?? ((line: string) => console.log(line));
  const following = coordination.role === "follower";
  // A leader killed mid-fetch left its git running: this one's fetches must not run beside it.
  if (!following) {
    for (const pgid of gitGroupsIn(config.dataDir).reap())
      print(`killed git process group ${pgid}, left running by an ended server process`);
  }
  // A follower opens what the leader created or cloned (it starts once the leader is ready) and never fetches.
  const opened = await openRepository(config, print);
  const repository = following ? { ...opened, fetch: undefined, fetchPullRequest: undefined, repair: undefined } : opened;
  // Derived state in DATA_DIR, named per repository, branch and content root; any of it may be deleted.
  const store = new GitStore(repository.gitdir, {
    git: repository.git,
    contentRoot: config.contentRoot,
    servedRef: repository.ref,
    indexFile: path.join(config.dataDir, "history", `${repository.key}.json`),
    log: print,
  });
  const engine = new ContentEngine(store, {
    generators,
    compiledDir: path.join(config.dataDir, "compiled"),
    compileTimeoutMs: config.compileTimeoutSeconds * 1000,
  });
  const checks = new RefChecks(engine, config.compileTimeoutSeconds * 1000);
  // Converting a page to Markdown (for search, llms.txt and .md) is a compile of its own: the same
  // limit. Its parse gives the page's links too, which the checks keep rather than parse it again.
  const markdown = new MarkdownService(engine, {
    timeoutMs: config.compileTimeoutSeconds * 1000,
    onLinksRead: (source, links) => checks.remember(source, links),
  });
  // Search indexes each page's clean Markdown, so a snippet's text is found under the pages that include it.
  const search = new SearchService(engine, markdown, SEARCH_LIMITS, print);
  let liveChecks: LiveChecks | undefined;
  let previousLive: Snapshot | undefined;
  let linksRead = false;
  /**
   * A new live commit's checks against the one live before it: a push that adds broken links goes
   * live (only what would break the site blocks it) and is reported here and in the log.
   */
  const checkLive = (snapshot: Snapshot) => {
    const before = previousLive;
    previousLive = snapshot;
    // The commit served at start is checked against nothing: it brings nothing new (onLive reads its links).
    if (!before) return;
    void checks.check(snapshot, before, config.branch).then(
      ({ commit, target, state, description, counts, totals, links, files }) => {
        liveChecks = { commit, target, state, description, counts, totals, links, files };
        announce({ ...live.status(), checks: liveChecks });
        if (state !== "success") print(`live ${commit.slice(0, 7)} checks: ${description}`);
      },
      (error: Error) => print(`live ${snapshot.commit.oid.slice(0, 7)} not checked: ${error.message.split("\n")[0]}`),
    );
  };
  // The first search at a new live commit should not pay for its index; a failure is logged and
  // reported in the status by the service.
  const onLive = (snapshot: Snapshot) => {
    const indexed = search.setLive(snapshot).catch(() => {});
    // The links of the commit served at start are read in the background, in the preview lane (after
    // publishing and live readers), by every process (each answers its readers' checks from its own
    // memory): every check of a ref compares with them, and its first reader would otherwise wait
    // for all of them (~30 s for the embedded catalogue on a loaded machine). Once the search index
    // is built: sent at once, the scan held the only worker while the index waited, which started
    // the reserved worker (a process and its grammars, ~1.5 s of CPU) at every start.
    if (!linksRead) {
      linksRead = true;
      void indexed
        .then(() => checks.warm(snapshot))
        .catch((error: Error) => print(`live ${snapshot.commit.oid.slice(0, 7)} links not read: ${error.message.split("\n")[0]}`));
    }
    if (!following) checkLive(snapshot);
  };
  const lastGood = new LastGoodCommit(path.join(config.dataDir, "live", `${repository.key}.commit`), print);
  const refused = new RefusedCommits(path.join(config.dataDir, "live", `${repository.key}.refused.json`), print);
  let leader: LeaderStatus | undefined;
  const announce = announcer(coordination);
  // Every live page names its commit: once a new one is live, whatever shared caches keep is stale.
  // Each replica's leader purges when it publishes, so the last replica to go live purges last.
  const purges = new PurgeQueue(purgersOf(config.purge), print);
  const live = following
    ? new LiveSite(engine, repository, { log, onLive, follow: () => leader?.commit ?? lastGood.read() })
    : new LiveSite(engine, repository, {
        pollSeconds: config.pollInterval,
        log,
        onLive,
        lastGood,
        refused,
        onSettled: () => announce({ ...live.status(), checks: liveChecks }),
        onPublish: () => purges.purge([LIVE_KEY]),
      });
  coordination.onStatus((status) => {
    leader = status;
    // The leader records a refusal before it announces the status that reports it.
    refused.reload();
    void live.check();
  });
  const pullBases = new PullBases();
  const statuses = config.githubToken
    ? new CommitStatuses(
        {
          token: config.githubToken,
          apiUrl: config.githubApiUrl,
          origin: config.siteUrl ?? config.allowedOrigins[0] ?? config.defaultOrigin,
        },
        // The head the event names, fetched as refs/pull/<n>/head, checked against the branch it targets.
        async ({ sha, base }: PullHead) => {
          const target = await checkTarget(base, "fetch");
          return checks.check(await engine.snapshot(sha), target.snapshot, target.branch);
        },
        print,
      )
    : undefined;
  // A pull request's head is fetched beside the live site: it never goes live, it is only
  // previewed; with GITHUB_TOKEN, its commit status is posted once it is fetched.
  const fetchPull = (pull: number, head?: PullRequestHead) => {
    if (head?.base) pullBases.record(pull, head.base);
    void repository.fetchPullRequest?.(pull).then(
      async () => {
        // Its base too, so that every process can check the pull request against it (a base that
        // cannot be fetched is the status's to report).
        if (head?.base) await checkTarget(head.base, "fetch").catch(() => {});
        if (head) statuses?.post({ pull, ...head });
      },
      (error: Error) => print(`pull request ${pull} not fetched: ${error.message.split("\n")[0]}`),
    );
  };
  coordination.onFetchRequest(({ pull, scope, head }) => (pull ? fetchPull(pull, head) : void live.fetch(scope, "push")));
  await live.start();
  // Built (or loaded and extended) beside serving, so the first history request rarely waits for it;
  // followers start once it is written, so they load it rather than build it again.
  store.changes
    .update()
    .catch((error: Error) => print(`history index: not built yet (${error.message.split("\n")[0]})`))
    .finally(() => coordination.ready());
  // A push to the served branch fetches that branch alone, the commit readers wait for; a push to
  // another ref fetches every branch and tag (previews, and refs deleted on the remote).
  const fetchPushed = (ref?: string) => {
    const scope: FetchScope = ref === `refs/heads/${config.branch}` ? "served" : "all";
    if (following) coordination.requestFetch({ scope });
    else void live.fetch(scope, "push");
  };
  const relay = deliveryRelay(config.peers, print);
  const webhooks = config.webhookSecret
    ? new WebhookReceiver(config.webhookSecret, config.branch, {
        onPush: fetchPushed,
        onPullRequest: following ? (pull, head) => coordination.requestFetch({ pull, head }) : fetchPull,
        relay: relay && ((delivery) => relay.relay(delivery)),
      })
    : undefined;
  const refTips = new RefTips(repository.git, repository.branchPrefix);
  /**
   * What checks compare with: the served branch's live commit (what is published, not its tip), or
   * the tip of another branch, as a pull request's base names it. A branch not fetched yet is
   * fetched first when `missing` says so (a pull request may target a branch created since the last
   * fetch); a reader's unknown base is a 404, as an unknown ref is.
   */
  async function checkTarget(base?: string, missing?: "fetch"): Promise<{ branch: string; snapshot: Snapshot }> {
    if (base === undefined || base === config.branch) return { branch: config.branch, snapshot: live.snapshot };
    const problem = refNameProblem(base);
    if (problem)
      throw new BadRequestError(problem.startsWith("?ref=") ? problem.replace("?ref=", "?base=") : `?base= must name a branch: ${problem}`);
    const tip = await refTips.resolve(base).catch(async (error: unknown) => {
      if (!(error instanceof NotFoundError) || missing !== "fetch" || !repository.fetch) throw error;
      await live.fetch("all");
      refTips.forget();
      return refTips.resolve(base);
    });
    if (tip.kind !== "branch")
      throw new BadRequestError(`?base= must name a branch, and "${base}" is a ${tip.kind === "pull" ? "pull request" : "tag"}`);
    return { branch: base, snapshot: await engine.snapshot(tip.commit) };
  }
  const isRelease = config.versionTags ? versionTagTest(config.versionTags) : undefined;
  const releases = async () => (isRelease ? releasesOf((await refTips.list()).tips, isRelease) : []);
  /** Whether a tag VERSION_TAGS names is at the snapshot's commit (the live one aside, whose index is kept anyway). */
  const isReleaseCommit = async (snapshot: Snapshot) =>
    isRelease !== undefined &&
    snapshot.commit.oid !== live.snapshot.commit.oid &&
    (await releases()).some((r) => r.commit === snapshot.commit.oid);
  const anySnapshotAt = async (commitParam: string | null) =>
    commitParam === null ? live.snapshot : engine.snapshot(await engine.store.resolveCommit(commitParam));
  /**
   * A commit a reader pins (?commit=, MCP's `commit`). One the publish check refused is refused
   * here too, 409 with the check's reason: rendering it would show, as if it were fine, what was
   * judged unfit to go live (a page that does not compile, a broken sidebar). Refusing is simpler
   * and sounder than rendering it with a warning, which every route (API, search, static files,
   * MCP) would have to carry. Only recorded refusals count (server/source/refused.ts): commits never
   * checked stay readable, and previews (?ref=) are not concerned. Diffs read through
   * anySnapshotAt: a diff names its two commits and shows a change, not the site as if live, and
   * the default "before" of a page fixed after a refused push is that refused commit.
   */
  const snapshotAt = async (commitParam: string | null) => {
    if (commitParam === null) return live.snapshot;
    const oid = await engine.store.resolveCommit(commitParam);
    const refusal = refused.get(oid);
    if (refusal) throw new RefusedCommitError(refusal.commit, refusal.file, refusal.message);
    return engine.snapshot(oid);
  };
  const history = (snapshot: Snapshot, page: PageMeta, range?: { skip?: number; limit?: number }) =>
    engine.history(snapshot, page.sourcePath, range);
  // Diffs compare what readers read: the page's clean Markdown, not its MDX.
  const diffs = new PageDiffs({
    snapshotAt: anySnapshotAt,
    snapshotAtRef: async (name) => engine.snapshot((await refTips.resolve(name)).commit),
    pageText: (snapshot, page) => markdown.page(snapshot, page, `/${page.id}`),
    history,
    // A reader's diff waits behind publishing and the live site's pages, like a preview's compile.
    diffText: (before, after, timeoutMs) => engine.workers.run("diff", { before, after }, timeoutMs, "preview"),
  });
  const changes = new RecentChanges(store);
  return {
    config,
    liveSnapshot: () => live.snapshot,
    snapshotAt,
    async snapshotAtRef(name) {
      const ref = await refTips.resolve(name);
      return { snapshot: await engine.snapshot(ref.commit), ref };
    },
    refCommitNow: (name) => refTips.peek(name),
    refs: async () => ({ served: config.branch, ...(await refTips.list()) }),
    releases,
    async snapshotAtRelease(tag) {
      const release = (await releases()).find((r) => r.tag === tag);
      if (!release) {
        throw new NotFoundError(
          config.versionTags
            ? `"${tag.slice(0, 80)}" is not a release of this site: /versions lists them (tags named ${config.versionTags})`
            : "This site serves no versions: VERSION_TAGS is not set",
          "ref",
        );
      }
      return { snapshot: await engine.snapshot(release.commit), release };
    },
    async checks(name, client, base) {
      const ref = await refTips.resolve(name);
      // A pull request is compared with the branch it targets, as its commit status is.
      const target = await checkTarget(base ?? pullBases.of(name));
      const reader = { client: client ?? "unknown", ref: name };
      const report = await checks.check(await engine.snapshot(ref.commit), target.snapshot, target.branch, reader);
      return { ...report, pages: linkChanges(report.pages, name, report.target.commit), ref };
    },
    checkReadable: (snapshot, id) => engine.checkReadable(snapshot, id),
    // The live commit's pages are the live catalogue's, compiled once each (most at publishing):
    // not admitted. Any other commit's pages are whatever its branch holds, so its readers are.
    page: (snapshot, page, reader) =>
      engine.compile(
        snapshot,
        page,
        snapshot.commit.oid === live.snapshot.commit.oid
          ? { lane: "live" }
          : { lane: "preview", reader: { client: reader?.client ?? "unknown", ref: reader?.ref ?? snapshot.commit.oid.slice(0, 7) } },
      ),
    pageMarkdown: (snapshot, page, url) =>
      markdown.page(snapshot, page, url, snapshot.commit.oid === live.snapshot.commit.oid ? "live" : "preview"),
    llmsFull: (snapshot, origin) => markdown.llmsFull(snapshot, origin),
    history,
    // A release's index is kept among the releases' (see CACHE_BUDGETS.releaseSearchIndexes).
    search: async (snapshot, request, client) =>
      search.search(snapshot, request, client, (await isReleaseCommit(snapshot)) ? "release" : "pinned"),
    staticFile: (snapshot, urlPath) => staticFile(snapshot.files, urlPath),
    readStatic: (file) => engine.store.readBlob(file.oid),
    repositoryPath: (contentPath) => store.repositoryPath(contentPath),
    async version(snapshot = live.snapshot) {
      const oid = snapshot.files.get("site/version.json");
      if (!oid) throw new NotFoundError("site/version.json is missing from the content repository", "file");
      return parseVersionRecord(await engine.text(oid));
    },
    readiness: () => ({
      commit: live.snapshot.commit.oid,
      catchingUp: following ? leader?.catchingUp : live.status().catchingUp,
    }),
    status: () => ({
      ...live.status(),
      // A follower reports the leader's fetches, publishing errors and live checks: those happen there.
      ...(following ? { lastFetch: leader?.lastFetch, lastError: leader?.lastError } : {}),
      source: repository.kind,
      compiles: engine.compiles,
      search: search.status(),
      process: { pid: process.pid, role: coordination.role },
      checksComputed: checks.computed,
      checks: following ? leader?.checks : liveChecks,
      ...(statuses ? { commitStatuses: { posted: statuses.posted, failed: statuses.failed } } : {}),
      memory: memoryStatus({
        ...engine.cacheStats(),
        ...markdown.cacheStats(),
        ...search.cacheStats(),
        pageDiffs: diffs.stats(),
        recentChanges: changes.stats(),
        refListings: refTips.stats(),
        ...checks.stats(),
      }),
    }),
    pageDiff: (id, commits, client) => diffs.diff(id, commits, client),
    recentChanges: (range) => changes.list(live.snapshot, range),
    mcp: (request, context) =>
      answerMcp(
        {
          snapshotAt,
          search: (snapshot, query, client) => search.search(snapshot, query, client),
          markdown: (snapshot, page, url) => markdown.page(snapshot, page, url),
        },
        request,
        context,
      ),
    receiveWebhook: (delivery) =>
      webhooks?.receive(delivery) ?? { status: 404, message: "Webhooks are off: set WEBHOOK_SECRET to turn them on" },
  };
}
