/**
 * The embedded content at HEAD as search indexes it: each page's clean Markdown, converted by the
 * same jobs the worker processes run (here in this thread: nothing else is needed to read the
 * corpus, and no worker pool has to start), then cut and indexed as SearchService does.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ContentEngine } from "../../server/engine";
import { GitStore } from "../../server/git/store";
import { generators } from "../../server/generators";
import { MarkdownService } from "../../server/markdown/service";
import { withinChars } from "../../server/search/page-bounds";
import { SearchIndex } from "../../server/search/search-index";
import { jobTable, type SearchPage } from "../../server/workers/jobs";
import type { WorkerPool } from "../../server/workers/pool";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A pool that runs each job at once in this thread. */
const inThread = {
  run: async (job: keyof typeof jobTable, input: never) => (jobTable[job] as (input: never) => unknown)(input),
  close: async () => {},
} as unknown as WorkerPool;

/** Every page of `content/` as committed at HEAD (snippets excepted, as SearchService leaves them out), with its clean Markdown. */
export async function embeddedPages(): Promise<SearchPage[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sui-docs-search-eval-"));
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" }).trim();
    const archive = execFileSync("git", ["archive", "HEAD", "content"], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    execFileSync("tar", ["-x", "--strip-components=1"], { cwd: dir, input: archive });
    git("init", "-q", "-b", "main");
    git("add", "-A");
    git("-c", "user.name=search-eval", "-c", "user.email=search-eval@example.com", "commit", "-qm", "content");
    const store = new GitStore(path.join(dir, ".git"));
    const engine = new ContentEngine(store, { generators, workers: inThread });
    const snapshot = await engine.snapshot(git("rev-parse", "HEAD"));
    const bodies = new MarkdownService(engine);
    const pages = [...snapshot.catalogue.pages.values()].filter((page) => !page.sourcePath.startsWith("snippets/"));
    const searchPages: SearchPage[] = [];
    for (const page of pages) {
      const body = await bodies.body(snapshot, page);
      const markdown = body.ok ? body.text : "";
      searchPages.push(
        page.kind === "generated"
          ? { id: page.id, title: page.title, description: page.description, markdown, reference: true }
          : { id: page.id, title: page.title, description: page.description, markdown },
      );
    }
    return searchPages;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The index SearchService builds of these pages: cut to the bounds, built by the worker's job, loaded as the request thread loads it. */
export function indexOf(pages: readonly SearchPage[]): SearchIndex {
  return SearchIndex.load(JSON.parse(JSON.stringify(jobTable.searchIndex({ pages: withinChars(pages) }))));
}
