import fs from "node:fs";
import path from "node:path";

/** Live commits remembered, newest first: enough to step back past a few damaged ones. */
const KEPT = 10;

/**
 * The last commits that were live, newest first, kept in DATA_DIR: at start, a branch that names a
 * missing or damaged commit falls back to the newest of them that can be read (a damaged pack may
 * have taken the newest ones), and a commit that arrived while the server was down is checked
 * before it replaces it. Written whole or not at all; a failed write is reported, not fatal.
 */
export class LastGoodCommit {
  constructor(
    private readonly file: string | undefined,
    private readonly log: (line: string) => void,
  ) {}

  /** The commit live last. */
  read(): string | undefined {
    return this.recent()[0];
  }

  /** The commits live last, newest first. */
  recent(): string[] {
    if (!this.file) return [];
    try {
      const lines = fs.readFileSync(this.file, "utf8").split("\n");
      return lines.map((line) => line.trim()).filter((line) => /^[0-9a-f]{40}$/.test(line));
    } catch {
      return [];
    }
  }

  write(oid: string): void {
    if (!this.file) return;
    const temp = `${this.file}.tmp-${process.pid}`;
    try {
      const kept = [oid, ...this.recent().filter((other) => other !== oid)].slice(0, KEPT);
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temp, kept.map((line) => `${line}\n`).join(""));
      fs.renameSync(temp, this.file);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      this.log(`cannot record the live commit in ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}
