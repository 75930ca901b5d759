import fs from "node:fs";
import path from "node:path";

/**
 * The last commit that was live, kept in DATA_DIR: at start, a branch that names a missing or
 * damaged commit falls back to it, and a commit that arrived while the server was down is
 * checked before it replaces it. Written whole or not at all; a failed write is reported, not fatal.
 */
export class LastGoodCommit {
  constructor(
    private readonly file: string | undefined,
    private readonly log: (line: string) => void,
  ) {}

  read(): string | undefined {
    if (!this.file) return undefined;
    try {
      const value = fs.readFileSync(this.file, "utf8").trim();
      return /^[0-9a-f]{40}$/.test(value) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  write(oid: string): void {
    if (!this.file) return;
    const temp = `${this.file}.tmp-${process.pid}`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(temp, `${oid}\n`);
      fs.renameSync(temp, this.file);
    } catch (error) {
      fs.rmSync(temp, { force: true });
      this.log(`cannot record the live commit in ${this.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
}
