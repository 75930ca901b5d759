import { createHash } from "node:crypto";
import { Admission, type AdmissionKeys, type AdmissionLimits } from "../admission";
import { Cache, type CacheStats } from "../cache";
import { changedPages, type ContentEngine, type Snapshot } from "../engine";
import { CompileError, PageTooLargeError } from "../errors";
import { CACHE_BUDGETS } from "../memory-budget";
import type { PageScan } from "./link-scan";
import {
  brokenLinks,
  describeCounts,
  markNew,
  stateOf,
  type CheckCounts,
  type CompileFinding,
  type LinkFinding,
  type LinkTargets,
  type ChangedPage,
  type PageChange,
  type ScannedPage,
  type SidebarFinding,
} from "./report";

/** What a commit would break if it were published over its target: the served branch's live commit, or the tip of the branch a pull request targets. */
export interface ChecksReport {
  commit: string;
  target: { branch: string; commit: string };
  state: "success" | "failure";
  /** The counts in one line, as the pull request's status shows them. */
  description: string;
  /** What the commit brings that the target has not; `totals` counts every breakage, old ones too. */
  counts: CheckCounts;
  totals: Pick<CheckCounts, "compile" | "sidebars" | "links" | "files">;
  compile: CompileFinding[];
  sidebars: SidebarFinding[];
  links: LinkFinding[];
  files: LinkFinding[];
  /** Without links: a report is kept per commit, and the links name the ref it was asked for (linkChanges). */
  pages: { added: ChangedPage[]; removed: ChangedPage[]; changed: ChangedPage[] };
}

/** The live commit's checks, as /api/status shows them (a follower's are the leader's, server/source/coordination.ts). */
export type LiveChecks = Pick<ChecksReport, "commit" | "target" | "state" | "description" | "counts" | "totals" | "links" | "files">;

/** The report as answered for a ref: each page change linked to where it can be read. */
export type RefReport = Omit<ChecksReport, "pages"> & { pages: Record<keyof ChecksReport["pages"], PageChange[]> };

/**
 * Time limit of the job that reads the links and anchors of the pages not read before, ms: the
 * embedded catalogue's 184 hand-written pages take 5 to 20 s of a loaded two-core machine at the
 * first check after start; a ref then costs the pages it changes.
 */
export const SCAN_TIMEOUT_MS = 60_000;

/**
 * Page sources read per worker job when the live commit's links are read in the background: a job
 * is not interrupted once running, so the whole catalogue in one (5 to 20 s) would hold a worker
 * from every reader's compile queued meanwhile; in parts of 24 (under 3 s each), a reader's job
 * waits for one part at most.
 */
export const WARM_SCAN_SOURCES = 24;

/**
 * Checks readers may start (a check not yet computed): each reads every page of its commit in a
 * worker and compiles the pages it changes, so few at once, one per ref.
 */
export const CHECK_LIMITS: AdmissionLimits = { total: 4, perClient: 2, perRef: 1, retryAfterSeconds: 10 };

/** A page source's key in the scans' cache: its text's hash, so commits that share a source share its scan. */
const sourceKey = (source: string) => createHash("sha1").update(source).digest("hex");
const jsonBytes = (value: unknown) => JSON.stringify(value).length * 2 + 64;
const SIDEBAR_FILE = /^sidebars\//;
const PROBLEM_LINE = /^(.+?):(\d+):(\d+): ([\s\S]*)$/;

/**
 * The checks of a commit against a target commit: pages that do not compile (those it adds or
 * changes, as the publish check compiles them), sidebar problems, broken links and anchors, missing
 * images and static files, and the pages it adds, removes and changes. Computed once per pair of
 * commits (compiles in the preview lane; the links of the page sources not read before in one
 * worker job, within SCAN_TIMEOUT_MS and the worker's heap), then answered from memory.
 */
export class RefChecks {
  private readonly reports = new Cache<ChecksReport>({ maxBytes: CACHE_BUDGETS.checkReports, sizeOf: jsonBytes });
  /** Per page source (a hash of its text): its links and anchors, shared by every commit with that source. */
  private readonly scans = new Cache<PageScan>({
    maxBytes: CACHE_BUDGETS.linkScans,
    sizeOf: (scan, key) => jsonBytes(scan) + key.length * 2,
  });
  private readonly admission = new Admission("ref checks", CHECK_LIMITS);
  /** Scans under way by commit: a check that needs a commit being scanned (the live one's, at start) waits for that scan. */
  private readonly scanning = new Map<string, Promise<ScannedPage[]>>();
  /** Checks computed since start (not answered from memory): tests and the status read it. */
  computed = 0;

  /**
   * `warmJobTimeoutMs` limits each background job of WARM_SCAN_SOURCES pages (the compile limit in
   * the site): a worker that hangs on one is replaced as soon as it would be on a page compile, not
   * after SCAN_TIMEOUT_MS while readers' compiles queue behind it.
   */
  constructor(
    private readonly engine: ContentEngine,
    private readonly warmJobTimeoutMs = SCAN_TIMEOUT_MS,
  ) {}

  /**
   * The report of `snapshot` over `target`, the commit `branch` names for it, from memory when this
   * pair was checked; `reader` (a client and a ref) is admitted under CHECK_LIMITS on a miss.
   */
  check(snapshot: Snapshot, target: Snapshot, branch: string, reader?: AdmissionKeys): Promise<ChecksReport> {
    return this.reports.get(`${snapshot.commit.oid}:${target.commit.oid}:${branch}`, () => {
      const compute = () => this.compute(snapshot, target, branch);
      return reader ? this.admission.run(reader, compute) : compute();
    });
  }

  /**
   * Reads the links and anchors of every page at the snapshot (the live commit, at start) in the
   * background, in the preview lane: the first check against it, whoever asks, finds them read or
   * being read rather than reading them all itself (~30 s for the embedded catalogue on a loaded
   * machine). Failures are the caller's to log; a check would read them again.
   */
  warm(snapshot: Snapshot): Promise<void> {
    return this.scan(snapshot, WARM_SCAN_SOURCES, this.warmJobTimeoutMs).then(() => undefined);
  }

  /**
   * Keeps the links and anchors of a page source read elsewhere (server/markdown reads them as it
   * converts a page): after the live index is built, warm() finds most of them read.
   */
  remember(source: string, scan: PageScan): void {
    this.scans.set(sourceKey(source), scan);
  }

  stats(): Record<string, CacheStats> {
    return { checkReports: this.reports.stats(), linkScans: this.scans.stats() };
  }

  private async compute(snapshot: Snapshot, target: Snapshot, branch: string): Promise<ChecksReport> {
    this.computed++;
    const [scanned, targetScanned] = await Promise.all([this.scan(snapshot), this.scan(target)]);
    const broken = brokenLinks(scanned, linkTargets(snapshot, scanned));
    const brokenAtTarget = brokenLinks(targetScanned, linkTargets(target, targetScanned));
    const linkKey = (finding: Omit<LinkFinding, "new">) => `${finding.url}\0${finding.reason}`;
    const links = markNew(broken.links, brokenAtTarget.links, linkKey);
    const files = markNew(broken.files, brokenAtTarget.files, linkKey);
    const problemKey = (problem: { message: string }) => problem.message;
    const sidebars = markNew(
      snapshot.problems.filter((p) => SIDEBAR_FILE.test(p.file)),
      target.problems.filter((p) => SIDEBAR_FILE.test(p.file)),
      problemKey,
    );
    const changed = await changedPages(this.engine, target, snapshot);
    const compile: CompileFinding[] = [
      ...markNew(
        snapshot.problems.filter((p) => !SIDEBAR_FILE.test(p.file)),
        target.problems.filter((p) => !SIDEBAR_FILE.test(p.file)),
        problemKey,
      ),
      ...(await this.compileFindings(
        snapshot,
        changed.map((page) => page.id),
      )),
    ];
    const commit = snapshot.commit.oid;
    const from = target.commit.oid;
    const pages = {
      added: changed.filter((page) => !target.catalogue.pages.has(page.id)).map(({ id, title }) => ({ id, title })),
      removed: [...target.catalogue.pages.values()]
        .filter((page) => !snapshot.catalogue.pages.has(page.id))
        .map(({ id, title }) => ({ id, title })),
      changed: changed.filter((page) => target.catalogue.pages.has(page.id)).map(({ id, title }) => ({ id, title })),
    };
    const fresh = <T extends { new: boolean }>(findings: T[]) => findings.filter((finding) => finding.new).length;
    const counts: CheckCounts = {
      // Pages (or files) that fail, however many problems each has.
      compile: new Set(compile.filter((finding) => finding.new).map((finding) => finding.page ?? finding.file)).size,
      sidebars: fresh(sidebars),
      links: fresh(links),
      files: fresh(files),
      added: pages.added.length,
      removed: pages.removed.length,
      changed: pages.changed.length,
    };
    return {
      commit,
      target: { branch, commit: from },
      state: stateOf(counts),
      description: describeCounts(counts),
      counts,
      totals: { compile: compile.length, sidebars: sidebars.length, links: links.length, files: files.length },
      compile,
      sidebars,
      links,
      files,
      pages,
    };
  }

  /** Compiles the pages (as publishing would, but in the preview lane) and lists those that fail, at file:line:column. */
  private async compileFindings(snapshot: Snapshot, ids: string[]): Promise<CompileFinding[]> {
    const findings: CompileFinding[] = [];
    for (const id of ids) {
      const page = snapshot.catalogue.pages.get(id)!;
      try {
        await this.engine.compile(snapshot, page, { lane: "preview" });
      } catch (error) {
        if (!(error instanceof CompileError)) throw error;
        const lines = error instanceof PageTooLargeError ? [error.message] : error.message.split("\n");
        for (const line of lines) {
          const match = PROBLEM_LINE.exec(line);
          findings.push(
            match
              ? { page: id, file: match[1]!, line: Number(match[2]), column: Number(match[3]), message: match[4]!, new: true }
              : { page: id, file: error.file, message: line.replace(`${error.file}: `, ""), new: true },
          );
        }
      }
    }
    return findings;
  }

  /** Every page's links and anchors at the snapshot, once at a time per commit; `perJob` sources read in each worker job. */
  private scan(snapshot: Snapshot, perJob = Infinity, jobTimeoutMs = SCAN_TIMEOUT_MS): Promise<ScannedPage[]> {
    const oid = snapshot.commit.oid;
    const underWay = this.scanning.get(oid);
    if (underWay) return underWay;
    const scan = this.scanPages(snapshot, perJob, jobTimeoutMs).finally(() => this.scanning.delete(oid));
    this.scanning.set(oid, scan);
    return scan;
  }

  /** Every page's links and anchors at the snapshot: those of sources not read before in worker jobs of `perJob`, one after the other. */
  private async scanPages(snapshot: Snapshot, perJob: number, jobTimeoutMs: number): Promise<ScannedPage[]> {
    const pages = await Promise.all(
      [...snapshot.catalogue.pages.values()].map(async (page) => {
        const source = await this.engine.source(snapshot, page);
        return {
          id: page.id,
          file: page.kind === "generated" ? `generated/${page.id}.mdx` : page.sourcePath,
          source,
          key: sourceKey(source),
        };
      }),
    );
    // Held here, not only in the cache: storing the new scans may evict ones this check reads.
    const scans = new Map<string, PageScan>();
    for (const { key } of pages) {
      const known = this.scans.find(key);
      if (known) scans.set(key, known);
    }
    const unread = [...new Map(pages.filter(({ key }) => !scans.has(key)).map(({ key, source }) => [key, source]))];
    for (let start = 0; start < unread.length; start += perJob) {
      const part = unread.slice(start, start + perJob);
      const read = await this.engine.workers.run("scanLinks", { sources: part.map(([, source]) => source) }, jobTimeoutMs, "preview");
      part.forEach(([key], i) => {
        scans.set(key, read[i]!);
        this.scans.set(key, read[i]!);
      });
    }
    return pages.map(({ id, file, key }) => ({ id, file, scan: scans.get(key)! }));
  }
}

/** The pages, anchors, aliases and files links at this snapshot may name. */
function linkTargets(snapshot: Snapshot, scanned: readonly ScannedPage[]): LinkTargets {
  const anchors = new Map<string, ReadonlySet<string> | undefined>();
  const scans = new Map<string, PageScan>(scanned.map((page) => [page.id, page.scan]));
  for (const id of snapshot.catalogue.pages.keys()) {
    const scan = scans.get(id);
    anchors.set(id, scan && !scan.unreadable ? new Set(scan.anchors) : undefined);
  }
  return { anchors, aliases: snapshot.catalogue.aliases, files: snapshot.files };
}
