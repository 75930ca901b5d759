import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { CompiledPage } from "./compile";

/**
 * Compiled pages on disk (DATA_DIR/compiled/), keyed by content, so a restart does not compile again
 * what it compiled before. Every file may be deleted at any time: a missing, unreadable or corrupt
 * one is simply compiled again. Writes go to a temporary file renamed into place, so a crash never
 * leaves half a page under a key.
 *
 * A file is read as the server wrote it, not authenticated: whoever can write DATA_DIR can write the
 * Git clone beside it too (its config names commands git runs), so a key or signature kept by the
 * server would protect nothing more. What keeps such a file harmless in a browser is that the page's
 * Content-Security-Policy never trusts its body (server/content-security-policy.ts).
 */
export class CompiledStore {
  constructor(private readonly dir: string) {}

  private fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** The page stored under `key`, with its JSON text, or undefined. */
  async read(key: string): Promise<{ page: CompiledPage; json: string } | undefined> {
    try {
      const json = await fs.readFile(this.fileOf(key), "utf8");
      const page = JSON.parse(json) as CompiledPage;
      if (typeof page.html !== "string" || !Array.isArray(page.toc)) return undefined;
      return { page, json };
    } catch {
      return undefined;
    }
  }

  /** Stores a page; failures (a full or read-only disk) only cost a compile after the next restart. */
  async write(key: string, json: string): Promise<void> {
    const file = this.fileOf(key);
    const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(temp, json);
      await fs.rename(temp, file);
    } catch {
      await fs.rm(temp, { force: true }).catch(() => {});
    }
  }
}
