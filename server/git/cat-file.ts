import type { ChildProcess } from "node:child_process";
import type { Git } from "./cli";

export interface GitObject {
  oid: string;
  type: "commit" | "tree" | "blob" | "tag";
  data: Buffer;
}

/** An object the store cannot give: missing, or unreadable because its file or pack is damaged. */
export class ObjectReadError extends Error {
  /** Why it cannot be read, as a clause: "it is missing, or its file or pack is damaged". */
  readonly why: string;

  constructor(
    readonly object: string,
    readonly reason: "missing" | "ambiguous" | "corrupt",
    detail = "",
  ) {
    const why =
      reason === "missing"
        ? `it is missing, or its file or pack is damaged${detail ? ` (${detail})` : ""}`
        : reason === "ambiguous"
          ? "the name is ambiguous"
          : `corrupt object or pack${detail ? `: ${detail}` : ""}`;
    super(reason === "ambiguous" ? `"${object}" names more than one Git object` : `Git object ${object} cannot be read: ${why}`);
    this.why = why;
    this.name = "ObjectReadError";
  }
}

interface Pending {
  name: string;
  resolve: (object: GitObject) => void;
  reject: (error: Error) => void;
}

/**
 * One long-lived `git cat-file --batch` process: objects by name in, bytes out, read by git through
 * mmap rather than by loading packs into this process. Requests are pipelined and answered in
 * order. If git dies (it exits on a corrupt object), the request it was answering fails as corrupt,
 * and the others are sent again to a new process.
 */
export class CatFile {
  private child?: ChildProcess;
  private queue: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  private header?: { oid: string; type: GitObject["type"]; size: number };
  private stderr = "";
  /** Processes started so far; a test can see a restart. */
  starts = 0;

  constructor(private readonly git: Git) {}

  read(name: string): Promise<GitObject> {
    return new Promise((resolve, reject) => {
      const pending = { name, resolve, reject };
      this.queue.push(pending);
      this.send(pending);
    });
  }

  /**
   * Ends the process and sends what it had not answered to a new one: after the repository's folder
   * was replaced (a repaired clone), the old process would read the files it had opened, which are gone.
   */
  restart(): void {
    const old = this.child;
    if (!old) return;
    this.child = undefined;
    const rest = this.queue;
    this.queue = [];
    for (const pending of rest) {
      this.queue.push(pending);
      this.send(pending);
    }
    old.kill();
  }

  private send(pending: Pending): void {
    const child = this.child ?? this.start();
    child.stdin!.write(`${pending.name}\n`);
  }

  private start(): ChildProcess {
    this.starts++;
    this.chunks = [];
    this.buffered = 0;
    this.header = undefined;
    this.stderr = "";
    const child = this.git.spawn(["cat-file", "--batch"]);
    this.child = child;
    child.stdin!.on("error", () => {}); // a dying process closes its stdin under us; "close" handles it
    child.stdout!.on("data", (chunk: Buffer) => {
      if (this.child !== child) return;
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.drain();
    });
    child.stderr!.on("data", (d: Buffer) => (this.stderr = (this.stderr + d.toString()).slice(-2000)));
    child.once("close", () => this.died(child));
    child.once("error", () => this.died(child));
    return child;
  }

  private died(child: ChildProcess): void {
    if (this.child !== child) return;
    this.child = undefined;
    const culprit = this.queue.shift();
    const detail = this.stderr.trim().split("\n").filter(Boolean).slice(-2).join(" ");
    culprit?.reject(new ObjectReadError(culprit.name, "corrupt", detail));
    const rest = this.queue;
    this.queue = [];
    for (const pending of rest) {
      this.queue.push(pending);
      this.send(pending);
    }
  }

  private take(bytes: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const head = all.subarray(0, bytes);
    const rest = all.subarray(bytes);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return head;
  }

  private drain(): void {
    for (;;) {
      if (!this.header) {
        // Headers are short; look for the newline without joining large bodies.
        const first = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
        this.chunks = first.length ? [first] : [];
        const newline = first.indexOf(10);
        if (newline < 0) return;
        const line = this.take(newline + 1)
          .toString("utf8")
          .trimEnd();
        const parts = line.split(" ");
        if (parts.length === 2 && (parts[1] === "missing" || parts[1] === "ambiguous")) {
          const pending = this.queue.shift();
          pending?.reject(new ObjectReadError(parts[0]!, parts[1]));
          continue;
        }
        this.header = { oid: parts[0]!, type: parts[1] as GitObject["type"], size: Number(parts[2]) };
      }
      if (this.buffered < this.header.size + 1) return;
      const data = Buffer.from(this.take(this.header.size));
      this.take(1);
      const { oid, type } = this.header;
      this.header = undefined;
      this.queue.shift()?.resolve({ oid, type, data });
    }
  }
}
