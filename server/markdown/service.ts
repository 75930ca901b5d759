import { createHash } from "node:crypto";
import { Cache, stringBytes, type CacheStats } from "../cache";
import { CACHE_BUDGETS } from "../memory-budget";
import type { PageScan } from "../checks/link-scan";
import type { PageMeta } from "../content/catalogue";
import type { ContentEngine, Snapshot } from "../engine";
import { CompileError } from "../errors";
import type { MdxInput } from "../mdx/compile";
import { JobTimeoutError } from "../workers/pool";
import type { Lane } from "../workers/lanes";
import type { MarkdownOutcome } from "../workers/jobs";
import { markdownHeader } from "./index";
import { llmsFullText, readingOrder } from "./llms-full";

export interface MarkdownServiceOptions {
  /** Bytes of page bodies kept in memory. */
  cacheBytes?: number;
  /** Upper bound of /llms-full.txt, in bytes of UTF-8. */
  llmsFullMaxBytes?: number;
  /** Time limit of converting one page, ms. */
  timeoutMs?: number;
  /** Given each converted page's source and its links and anchors, read from the same parse (for server/checks). */
  onLinksRead?: (source: string, links: PageScan) => void;
}

/** Pages converted at once for /llms-full.txt: enough to keep the workers busy, few enough to leave room in their queue. */
const CONCURRENCY = 4;

const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * Clean Markdown of pages (server/markdown/index.ts), converted in the worker pool and cached by the
 * content address of everything a page's Markdown depends on, so commits that leave a page and its
 * snippets alone share it. /llms-full.txt is cached per content tree and origin.
 */
export class MarkdownService {
  private readonly bodies: Cache<MarkdownOutcome>;
  private readonly fullTexts: Cache<string>;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly onLinksRead: MarkdownServiceOptions["onLinksRead"];

  constructor(
    private readonly engine: ContentEngine,
    options: MarkdownServiceOptions = {},
  ) {
    this.maxBytes = options.llmsFullMaxBytes ?? 8 * 1024 * 1024;
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.onLinksRead = options.onLinksRead;
    this.bodies = new Cache({
      maxBytes: options.cacheBytes ?? CACHE_BUDGETS.markdownBodies,
      sizeOf: (o) => stringBytes(o.ok ? o.text : o.message) + 64,
    });
    this.fullTexts = new Cache({ maxBytes: CACHE_BUDGETS.llmsFullTexts, sizeOf: stringBytes });
  }

  /**
   * The page as clean Markdown, headed by its title, description and `url`, converted in `lane` when
   * not cached. Throws CompileError when its MDX does not parse.
   */
  async page(snapshot: Snapshot, page: PageMeta, url: string, lane: Lane = "live"): Promise<string> {
    const outcome = await this.body(snapshot, page, lane);
    if (!outcome.ok) throw new CompileError(page.sourcePath, outcome.message);
    return markdownHeader({ title: page.title, description: page.description, url }) + outcome.text;
  }

  /** Every page's Markdown in sidebar order, each under its title and URL (`origin` + route), within the byte bound. */
  llmsFull(snapshot: Snapshot, origin: string): Promise<string> {
    return this.fullTexts.get(`${snapshot.contentTree}\0${origin}`, async () => {
      const pages = readingOrder(snapshot);
      const sections: Array<{ page: PageMeta; markdown: string | undefined }> = [];
      let bytes = 0;
      // In batches, stopping once the bound is reached: pages past it are never converted.
      for (let i = 0; i < pages.length && bytes <= this.maxBytes; i += CONCURRENCY) {
        const batch = pages.slice(i, i + CONCURRENCY);
        const outcomes = await Promise.all(batch.map((page) => this.body(snapshot, page)));
        batch.forEach((page, j) => {
          const outcome = outcomes[j]!;
          const markdown = outcome.ok
            ? markdownHeader({ title: page.title, description: page.description, url: `${origin}/${page.id}` }) + outcome.text
            : undefined;
          sections.push({ page, markdown });
          bytes += markdown ? Buffer.byteLength(markdown) : 0;
        });
      }
      return llmsFullText(pages, sections, this.maxBytes, origin);
    });
  }

  /** The page's clean Markdown without the header, or why it has none; also what search indexes (the live commit's, in the live lane). */
  async body(snapshot: Snapshot, page: PageMeta, lane: Lane = "live"): Promise<MarkdownOutcome> {
    const { key, input } = await this.inputOf(snapshot, page);
    return this.bodies.get(key, async () => {
      const job = await input();
      try {
        // The links go on to their listener, not into this cache (its weights count the text).
        const { links, ...outcome } = await this.engine.workers.run("markdown", job, this.timeoutMs, lane);
        if (links) this.onLinksRead?.(job.source, links);
        return outcome;
      } catch (error) {
        if (!(error instanceof JobTimeoutError)) throw error;
        return { ok: false, message: `converting this page to Markdown took longer than ${this.timeoutMs / 1000} s and was stopped` };
      }
    });
  }

  /** How full its caches are, for /api/status. */
  cacheStats(): Record<string, CacheStats> {
    return { markdownBodies: this.bodies.stats(), llmsFullTexts: this.fullTexts.stats() };
  }

  /** The cache key (blob oids of the page or data file and every snippet it imports) and, lazily, the converter's input. */
  private async inputOf(snapshot: Snapshot, page: PageMeta): Promise<{ key: string; input: () => Promise<MdxInput> }> {
    const oid = snapshot.files.get(page.sourcePath);
    if (page.kind === "generated") {
      return {
        key: sha1(`generated\0${oid}\0${page.id}`),
        input: async () => ({ path: `generated/${page.id}.mdx`, source: await this.engine.source(snapshot, page), files: {} }),
      };
    }
    const imports = (await this.engine.importsOf(snapshot, page)).sort();
    return {
      key: sha1(`mdx\0${page.sourcePath}\0${oid}\0${imports.map((p) => `${p}=${snapshot.files.get(p)}`).join("\0")}`),
      input: async () => {
        const texts = await Promise.all(imports.map((p) => this.engine.text(snapshot.files.get(p)!)));
        return {
          path: page.sourcePath,
          source: await this.engine.source(snapshot, page),
          files: Object.fromEntries(imports.map((p, i) => [p, texts[i]!])),
        };
      },
    };
  }
}
