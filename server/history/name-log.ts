import { StringDecoder } from "node:string_decoder";

/** One commit of `git log --name-only -z --format=%x01%H`: its oid and the paths it changed. */
export interface LogEntry {
  oid: string;
  paths: string[];
}

/**
 * Reads the output of `git log --name-only -z --format=%x01%H` as it streams. Each commit is
 * `\x01<oid>\0`, then for a commit with changes `\n` and its paths, each ending in `\0`. Chunks
 * may split a record or a UTF-8 character anywhere.
 */
export class NameLogParser {
  private readonly decoder = new StringDecoder("utf8");
  private rest = "";
  private current?: LogEntry;
  /** git puts a newline between a commit's header and its first path only. */
  private afterHeader = false;

  /** Feeds a chunk; returns the commits it completed. */
  push(chunk: Buffer | string): LogEntry[] {
    const text = this.rest + (typeof chunk === "string" ? chunk : this.decoder.write(chunk));
    const tokens = text.split("\0");
    this.rest = tokens.pop()!;
    const done: LogEntry[] = [];
    for (const token of tokens) this.token(token, done);
    return done;
  }

  /** Ends the stream; returns the last commit. */
  end(): LogEntry[] {
    const done: LogEntry[] = [];
    const tail = this.rest + this.decoder.end();
    this.rest = "";
    if (tail) this.token(tail, done);
    if (this.current) done.push(this.current);
    this.current = undefined;
    return done;
  }

  private token(raw: string, done: LogEntry[]): void {
    const token = this.afterHeader && raw.startsWith("\n") ? raw.slice(1) : raw;
    this.afterHeader = false;
    if (token.startsWith("\x01")) {
      this.afterHeader = true;
      if (this.current) done.push(this.current);
      this.current = { oid: token.slice(1), paths: [] };
    } else if (token && this.current) {
      this.current.paths.push(token);
    }
  }
}

/** Parses a whole log at once (tests, small outputs). */
export function parseNameLog(output: string): LogEntry[] {
  const parser = new NameLogParser();
  return [...parser.push(output), ...parser.end()];
}
