import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { GitHttpRemote } from "../../test/helpers/git-http";
import { signedDelivery } from "../../test/helpers/site";
import { startAppServer, type AppServer, type StartOptions } from "../bench/app-server";
import { ContentClone } from "../bench/content-repo";
import { get } from "../bench/http";
import { rssMb, type Running } from "../bench/process";
import { pushToLive, type PushResult } from "../bench/push-latency";
import { tempDir } from "../bench/temp";
import type { ContentFile, RepoShape } from "./fast-import-stream";
import { memoryPhases, oldCommits, type MemoryReading } from "./memory-phases";
import { RssSampler, type ProcessPeak } from "./rss-sampler";
import { syntheticRepository, workingCopy } from "./synthetic-repo";
import { crawlWithWarmReader, sequential, timeOne, type CrawlResult, type RequestLimits, type Timings } from "./timed-requests";

export interface CaseSpec {
  label: string;
  shape: RepoShape;
  /** Serve the repository from a smart-HTTP remote (and compare the server's clone with git's). */
  overHttp: boolean;
}

export interface CaseOptions {
  limits: RequestLimits;
  /** Histories asked for after the first one. */
  histories: number;
  pushes: number;
  crawlConcurrency: number;
  log: (line: string) => void;
}

export interface CloneComparison {
  gitCloneBareMs: number;
  /** Highest RSS of any process of `git clone --bare`. */
  gitPeak: ProcessPeak;
}

/** A figure that could not be measured, and why (the server crashed, a push never went live, ...). */
export interface Failed {
  failed: string;
}

export type Outcome<T> = T | Failed;

export const isFailed = <T>(outcome: Outcome<T>): outcome is Failed =>
  typeof outcome === "object" && outcome !== null && "failed" in outcome;

export interface CaseResult {
  spec: CaseSpec;
  objectsMb: number;
  /** Pages in the catalogue; 0 when the server never started. */
  pages: number;
  firstStartMs: Outcome<number>;
  clone?: CloneComparison;
  restartMs: Outcome<number>;
  /** The first history page of a fresh server, for a page as old as the repository. */
  indexBuildMs: Outcome<number>;
  history: Outcome<Timings>;
  cold: Outcome<Timings>;
  push: Outcome<PushResult>;
  crawl: Outcome<CrawlResult>;
  rssAfterColdMb: Outcome<number>;
  /** Memory after every live page, every page at three old commits, and 10,000 unknown URLs. */
  memory: Outcome<MemoryReading[]>;
  /** The highest RSS of any process (the server, git) from the first start until the server answered: for a remote, its first clone. */
  firstStartPeak?: ProcessPeak;
  /** The server's highest RSS: over its whole life (start, cold pages, histories, pushes), and in the crawl. */
  serverPeak?: ProcessPeak;
  /** The highest RSS of any process the server started (git, esbuild) in that time. */
  childPeak?: ProcessPeak;
  /** The highest RSS of each kind of process (the server, git cat-file, git log, ...) in that time. */
  peaks: ProcessPeak[];
  limitMs: number;
}

const WEBHOOK_SECRET = "bench-scale";
const SERVER_START_LIMIT_MS = 30 * 60_000;

/** `git clone --bare` of the URL, timed, with the peak RSS of its processes. */
async function timeGitCloneBare(url: string): Promise<CloneComparison> {
  const into = path.join(tempDir("git-clone"), "clone.git");
  const started = performance.now();
  const git = spawn("git", ["clone", "--quiet", "--bare", url, into], { stdio: ["ignore", "ignore", "pipe"] });
  const sampler = new RssSampler(git.pid!);
  let stderr = "";
  git.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(git, "close")) as [number | null];
  const gitCloneBareMs = performance.now() - started;
  const gitPeak = sampler.stop()[0]!;
  fs.rmSync(path.dirname(into), { recursive: true, force: true });
  if (code !== 0) throw new Error(`git clone --bare ${url} exited with ${code}: ${stderr.trim()}`);
  return { gitCloneBareMs, gitPeak };
}

/**
 * The page whose source was edited least recently on the first-parent line (ideally never since
 * the first commit): its history reaches back the furthest.
 */
function oldestPage(gitdir: string, contentRoot: string, ids: readonly string[]): string {
  const docs = contentRoot ? `${contentRoot}/docs/` : "docs/";
  const git = (...args: string[]) => execFileSync("git", args, { cwd: gitdir, encoding: "utf8", maxBuffer: 1 << 28 });
  // Newest first; every file appears at least once, in the initial commit.
  const files = git("log", "--first-parent", "--format=", "--name-only", "main", "--", docs).split("\n");
  const lastEdit = new Map<string, number>();
  files.forEach((file, position) => lastEdit.has(file) || lastEdit.set(file, position));
  const age = (id: string) => lastEdit.get(`${docs}${id}.mdx`) ?? -1;
  return [...ids].sort((a, b) => age(b) - age(a))[0]!;
}

/** A fixed shuffle, so a pass cut short by its budget still samples the whole catalogue. */
function spread<T>(items: readonly T[]): T[] {
  const stride = 37;
  const out: T[] = [];
  for (let start = 0; start < stride; start++) for (let i = start; i < items.length; i += stride) out.push(items[i]!);
  return out;
}

function webhook(url: string): () => Promise<void> {
  return async () => {
    const response = await fetch(`${url}/api/webhooks/git`, {
      method: "POST",
      ...signedDelivery("push", { ref: "refs/heads/main" }, WEBHOOK_SECRET),
    });
    if (!response.ok) throw new Error(`the webhook answered ${response.status}: ${await response.text()}`);
  };
}

const OUT_OF_MEMORY = /JavaScript heap out of memory/;

/** Why a server stopped, from the last lines it wrote: V8's "JavaScript heap out of memory", or its last line. */
function exitReason(server: Running): string {
  const output = server.output();
  if (OUT_OF_MEMORY.test(output)) return "server crashed: JavaScript heap out of memory";
  const last = output.trim().split("\n").at(-1) ?? "";
  return `the server exited${last ? `: ${last.slice(0, 160)}` : ""}`;
}

/**
 * Runs one measurement on `server`, or records why it could not be made: a server that crashed
 * (old servers run out of memory on large histories) fails this and every later measurement on it.
 */
async function attempt<T>(server: Running | undefined, measure: () => Promise<T>): Promise<Outcome<T>> {
  if (server && !server.alive()) return { failed: exitReason(server) };
  try {
    return await measure();
  } catch (error) {
    await new Promise((r) => setTimeout(r, 500)); // a crash resets the connection before the process is gone
    if (server && !server.alive()) return { failed: exitReason(server) };
    // A server that died while starting: its output is in the message.
    const message = (error as Error).message;
    if (OUT_OF_MEMORY.test(message)) return { failed: "server crashed while starting: JavaScript heap out of memory" };
    return { failed: message.split("\n")[0]!.slice(0, 200) };
  }
}

/**
 * Stops `sampler`; the server's peak, the highest of the processes it started, and the highest of
 * each kind of process (the shell the server runs in left out).
 */
function peaksOf(sampler: RssSampler, serverPid: number): Pick<CaseResult, "serverPeak" | "childPeak" | "peaks"> {
  const peaks = sampler.stop().filter((p) => p.name !== "sh");
  const byName = new Map<string, ProcessPeak>();
  for (const peak of peaks) {
    const name = peak.pid === serverPid ? "server" : peak.name;
    if ((byName.get(name)?.mb ?? -1) < peak.mb) byName.set(name, { ...peak, name });
  }
  return {
    serverPeak: peaks.find((p) => p.pid === serverPid),
    childPeak: peaks.find((p) => p.pid !== serverPid),
    peaks: [...byName.values()],
  };
}

/** For the log: the highest RSS so far of the server and of the largest process below it, so a peak can be placed. */
function peakSoFar(sampler: RssSampler | undefined, serverPid: number): string {
  const peaks = sampler?.highest() ?? [];
  const server = peaks.find((p) => p.pid === serverPid);
  const child = peaks.find((p) => p.pid !== serverPid && p.name !== "sh");
  return `peak so far: server ${Math.round(server?.mb ?? 0)} MB${child ? `, ${child.name} ${Math.round(child.mb)} MB` : ""}`;
}

const higher = (a: ProcessPeak | undefined, b: ProcessPeak | undefined) => (a && b ? (b.mb > a.mb ? b : a) : (a ?? b));

/** The highest of each kind of process over two samplings. */
function mergePeaks(a: readonly ProcessPeak[], b: readonly ProcessPeak[]): ProcessPeak[] {
  const byName = new Map<string, ProcessPeak>();
  for (const peak of [...a, ...b]) if ((byName.get(peak.name)?.mb ?? -1) < peak.mb) byName.set(peak.name, peak);
  return [...byName.values()].sort((x, y) => y.mb - x.mb);
}

async function timedStart(options: StartOptions, sample: boolean): Promise<{ server: AppServer; ms: number; sampler?: RssSampler }> {
  let sampler: RssSampler | undefined;
  const started = performance.now();
  try {
    const server = await startAppServer({
      ...options,
      readyTimeoutMs: SERVER_START_LIMIT_MS,
      onSpawn: (pid) => sample && (sampler = new RssSampler(pid)),
    });
    return { server, ms: performance.now() - started, sampler };
  } catch (error) {
    sampler?.stop();
    throw error;
  }
}

/** Builds (or reuses) the case's repository and measures a server on it, in the order BENCHMARKS.md gives. */
export async function runCase(spec: CaseSpec, content: readonly ContentFile[], options: CaseOptions): Promise<CaseResult> {
  const { log, limits } = options;
  const { contentRoot } = spec.shape;
  const cached = await syntheticRepository(spec.shape, content, log);
  const objectsMb = Number(execFileSync("du", ["-sm", path.join(cached, "objects")], { encoding: "utf8" }).split("\t")[0]);
  const local = workingCopy(cached, tempDir("repo"));
  const rootEnv: Record<string, string> = contentRoot ? { CONTENT_ROOT: contentRoot } : {};
  let remote: GitHttpRemote | undefined;
  const running: AppServer[] = [];
  try {
    let repoEnv: Record<string, string> = { CONTENT_REPO: local };
    let pushTo = local;
    let clone: CloneComparison | undefined;
    if (spec.overHttp) {
      remote = await GitHttpRemote.start();
      const url = remote.publish(local);
      pushTo = path.join(remote.root, "content.git");
      log(`git clone --bare ${url}`);
      clone = await timeGitCloneBare(url);
      repoEnv = { CONTENT_REPO: url, POLL_INTERVAL: "0", WEBHOOK_SECRET };
    }
    const result: CaseResult = {
      spec,
      objectsMb,
      pages: 0,
      firstStartMs: { failed: "not measured" },
      clone,
      restartMs: { failed: "not measured" },
      indexBuildMs: { failed: "not measured" },
      history: { failed: "not measured" },
      cold: { failed: "not measured" },
      push: { failed: "not measured" },
      crawl: { failed: "not measured" },
      rssAfterColdMb: { failed: "not measured" },
      memory: { failed: "not measured" },
      peaks: [],
      limitMs: limits.timeoutMs,
    };

    log("first start");
    const dataDir = tempDir("data");
    const first = await attempt(undefined, () => timedStart({ dataDir, env: { ...repoEnv, ...rootEnv } }, true));
    if (isFailed(first))
      return {
        ...result,
        firstStartMs: first,
        restartMs: first,
        indexBuildMs: first,
        history: first,
        cold: first,
        push: first,
        crawl: first,
        rssAfterColdMb: first,
        memory: first,
      };
    const { server } = first;
    running.push(server);
    result.firstStartMs = first.ms;
    // Everything the first start ran (for a remote: the clone) has ended by the time it answers.
    result.firstStartPeak = first.sampler?.highest().reduce<ProcessPeak | undefined>(higher, undefined);
    const { url } = server;
    const ids = (JSON.parse((await get(`${url}/api/catalogue`)).body) as Array<{ id: string }>).map((p) => p.id);
    result.pages = ids.length;
    const oldest = oldestPage(pushTo, contentRoot, ids);
    const peak = (step: string) => log(`${step}: ${peakSoFar(first.sampler, server.pid)}`);
    peak("started");

    log(`index build: history of ${oldest}`);
    result.indexBuildMs = await attempt(server, () => timeOne(`${url}/history/${oldest}`, limits.timeoutMs));
    const historyIds = spread(ids.filter((id) => id !== oldest)).slice(0, options.histories);
    log(`history pages: ${historyIds.length}`);
    result.history = await attempt(server, () =>
      sequential(
        url,
        historyIds.map((id) => `/history/${id}`),
        limits,
      ),
    );
    peak("histories");
    log(`cold pages: ${ids.length}, at most ${limits.budgetMs / 1000} s`);
    result.cold = await attempt(server, () =>
      sequential(
        url,
        spread(ids).map((id) => `/${id}`),
        limits,
      ),
    );
    result.rssAfterColdMb = await attempt(server, async () => rssMb(server.pid));
    peak("cold pages");
    log("memory: every page at three old commits, then unknown URLs");
    result.memory = await attempt(server, () => memoryPhases(url, server.pid, ids, oldCommits(pushTo), limits, log));
    peak("memory phases");

    log(`push to live: ${options.pushes} pushes`);
    result.push = await attempt(server, async () => {
      const author = new ContentClone(pushTo, contentRoot);
      const page = ids.find((id) => author.hasPage(id));
      if (!page) throw new Error(`no page of the catalogue has its source under ${contentRoot || "the root"}/docs`);
      return pushToLive(url, author, page, options.pushes, spec.overHttp ? webhook(url) : undefined);
    });
    peak("pushes");
    await server.stop();
    Object.assign(result, peaksOf(first.sampler!, server.pid));

    log("restart");
    result.restartMs = await attempt(undefined, async () => {
      const again = await timedStart({ dataDir, env: { ...repoEnv, ...rootEnv } }, false);
      await again.server.stop();
      return again.ms;
    });

    // A fresh DATA_DIR on the local copy: nothing compiled, nothing to clone.
    log(`cold crawl at concurrency ${options.crawlConcurrency} with a warm reader`);
    const crawler = await attempt(undefined, () => timedStart({ env: { CONTENT_REPO: pushTo, ...rootEnv } }, true));
    if (!isFailed(crawler)) {
      running.push(crawler.server);
      const paths = spread(ids.slice(1)).map((id) => `/${id}`);
      result.crawl = await attempt(crawler.server, () =>
        crawlWithWarmReader(crawler.server.url, paths, `/${ids[0]}`, options.crawlConcurrency, limits),
      );
      log(`crawl: ${peakSoFar(crawler.sampler, crawler.server.pid)}`);
      await crawler.server.stop();
      const crawlPeaks = peaksOf(crawler.sampler!, crawler.server.pid);
      result.serverPeak = higher(result.serverPeak, crawlPeaks.serverPeak);
      result.childPeak = higher(result.childPeak, crawlPeaks.childPeak);
      result.peaks = mergePeaks(result.peaks, crawlPeaks.peaks);
    } else result.crawl = crawler;
    return result;
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    await remote?.stop();
    if (remote) fs.rmSync(remote.root, { recursive: true, force: true });
  }
}
