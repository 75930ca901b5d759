import { execFile, execFileSync, spawn } from "node:child_process";
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { git, tempDir, WorkingCopy } from "./git";

/** One request that reached the remote, for tests that count fetches or check who asked. */
export interface RemoteRequest {
  method: string;
  /** Path and query, e.g. /content.git/info/refs?service=git-upload-pack */
  url: string;
  userAgent: string;
  /** The Authorization header the client sent, if any. */
  authorization?: string;
  status: number;
  /** Date.now() when the request arrived. */
  at: number;
}

const BACKEND = path.join(execFileSync("git", ["--exec-path"], { encoding: "utf8" }).trim(), "git-http-backend");

const AUTHOR = {
  GIT_AUTHOR_NAME: "Test Author",
  GIT_AUTHOR_EMAIL: "author@example.com",
  GIT_COMMITTER_NAME: "Test Author",
  GIT_COMMITTER_EMAIL: "author@example.com",
};

/** User-Agent of the tests' own clones and pushes, so tests can tell the docs server's fetches (also the git CLI) apart. */
export const TEST_CLIENT_AGENT = "sui-docs-test-client";

/**
 * Runs the git CLI without blocking the event loop. The remote below answers in this process, so a
 * clone, fetch or push against it must use this, never the synchronous git() (that would deadlock).
 */
export function gitAsync(cwd: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      ["-c", `http.userAgent=${TEST_CLIENT_AGENT}`, ...args],
      { cwd, encoding: "utf8", env: { ...process.env, ...AUTHOR } },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`git ${args.join(" ")} failed: ${stderr.trim() || error.message}`));
        else resolve(stdout.trim());
      },
    );
  });
}

/** Clones `url` over HTTP into a new working copy. */
export async function cloneOverHttp(url: string): Promise<WorkingCopy> {
  const dir = tempDir("sui-docs-clone-");
  await gitAsync(dir, "clone", "-q", url, ".");
  return new WorkingCopy(dir);
}

/** Pushes the working copy's HEAD to `branch` of its origin over HTTP. */
export function pushOverHttp(work: WorkingCopy, branch = "main"): Promise<string> {
  return gitAsync(work.dir, "push", "-q", "origin", `HEAD:refs/heads/${branch}`);
}

/**
 * A real Git smart-HTTP remote on 127.0.0.1: a Node server that runs `git http-backend` as CGI over
 * the bare repositories in `root`. The git CLI speaks to it like any Git host. It can be
 * stopped and restarted on the same port (the remote goes away and comes back), made to answer
 * every request with an error status (up but failing), to stop answering, or to answer slowly.
 */
export class GitHttpRemote {
  readonly requests: RemoteRequest[] = [];
  private server?: http.Server;
  private readonly sockets = new Set<net.Socket>();
  private failStatus?: number;
  private finishDelayMs = 0;
  /** Pack responses whose end slowUploadPack() is holding now. */
  heldPacks = 0;
  private dropAfterBytes?: number;
  private hanging = false;
  private refsGate?: Promise<void>;

  private constructor(
    readonly root: string,
    private port: number,
  ) {}

  /** Starts a remote over a new empty root folder; port 0 picks a free port that restarts reuse. */
  static async start(port = 0): Promise<GitHttpRemote> {
    const remote = new GitHttpRemote(tempDir("sui-docs-remote-"), port);
    await remote.listen();
    return remote;
  }

  /** The clone URL of a repository in the root, e.g. http://127.0.0.1:4321/content.git */
  url(name = "content.git"): string {
    return `http://127.0.0.1:${this.port}/${name}`;
  }

  /** Publishes `from` (a repository path) as a bare repository `name` that accepts pushes over HTTP. */
  publish(from: string, name = "content.git"): string {
    const bare = path.join(this.root, name);
    git(this.root, "clone", "-q", "--bare", from, bare);
    git(bare, "config", "http.receivepack", "true");
    return this.url(name);
  }

  /** Answers every request with `status` (and logs it) until recover() is called. */
  fail(status = 503): void {
    this.failStatus = status;
  }

  /** Accepts connections and requests but never answers them, like a link that went silent. */
  hang(): void {
    this.hanging = true;
  }

  /** Serves normally again (requests already held by hang() stay unanswered). */
  recover(): void {
    this.failStatus = undefined;
    this.hanging = false;
  }

  /**
   * Holds the end of every git-upload-pack response (the packfile) for `ms`: a slow link, during
   * which a fetching client has the remote's new refs but not yet their objects. 0 turns it off.
   */
  slowUploadPack(ms: number): void {
    this.finishDelayMs = ms;
  }

  /**
   * Cuts the connection of every git-upload-pack response after `bytes` bytes of its body: a link
   * that drops in the middle of the packfile. undefined turns it off.
   */
  dropUploadPack(bytes: number | undefined): void {
    this.dropAfterBytes = bytes;
  }

  /**
   * Holds every ref advertisement (the first request of a clone or fetch) until the returned
   * function is called: a fetch stays in progress for as long as a test needs.
   */
  holdFetches(): () => void {
    let release!: () => void;
    this.refsGate = new Promise((resolve) => (release = resolve));
    return () => {
      this.refsGate = undefined;
      release();
    };
  }

  /** Closes the port and drops open connections: clients now get ECONNREFUSED. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** Listens again on the same port. */
  async restart(): Promise<void> {
    await this.stop();
    await this.listen();
  }

  private async listen(): Promise<void> {
    const server = http.createServer((req, res) => this.handle(req, res));
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.once("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const entry: RemoteRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      userAgent: req.headers["user-agent"] ?? "",
      authorization: req.headers.authorization,
      status: 0,
      at: Date.now(),
    };
    this.requests.push(entry);
    res.once("finish", () => (entry.status = res.statusCode));
    if (this.hanging) return;
    const gate = entry.url.includes("/info/refs") ? this.refsGate : undefined;
    if (gate) void gate.then(() => this.serve(req, res));
    else this.serve(req, res);
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (this.failStatus) {
      req.resume();
      res.writeHead(this.failStatus, { "Content-Type": "text/plain" }).end("the remote is failing on purpose\n");
      return;
    }
    this.runBackend(req, res);
  }

  /** Runs git http-backend with the CGI environment of this request, streaming both bodies. */
  private runBackend(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const headerVars = Object.fromEntries(
      Object.entries(req.headers)
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => [`HTTP_${name.toUpperCase().replace(/-/g, "_")}`, Array.isArray(value) ? value.join(", ") : value!]),
    );
    // The CGI/1.1 variables git http-backend reads; request headers become HTTP_* (Git-Protocol too).
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      ...headerVars,
      GIT_PROJECT_ROOT: this.root,
      GIT_HTTP_EXPORT_ALL: "1",
      GIT_CONFIG_NOSYSTEM: "1",
      GATEWAY_INTERFACE: "CGI/1.1",
      SERVER_PROTOCOL: `HTTP/${req.httpVersion}`,
      SERVER_SOFTWARE: "sui-docs-test-remote",
      REQUEST_METHOD: req.method ?? "GET",
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
      REMOTE_ADDR: req.socket.remoteAddress ?? "127.0.0.1",
    };
    const child = spawn(BACKEND, [], { env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    child.stdin.on("error", () => {}); // the backend may exit before reading the whole body
    req.pipe(child.stdin);
    res.on("close", () => {
      if (child.exitCode === null) child.kill();
    });

    let head = Buffer.alloc(0);
    let headerDone = false;
    let sent = 0;
    let dropped = false;
    const dropAfter = url.pathname.endsWith("/git-upload-pack") ? this.dropAfterBytes : undefined;
    const forward = (chunk: Buffer) => {
      if (dropAfter !== undefined && sent + chunk.length > dropAfter) {
        if (sent < dropAfter) res.write(chunk.subarray(0, dropAfter - sent));
        sent = dropAfter;
        dropped = true;
        child.stdout.destroy();
        child.kill();
        req.socket.destroy(); // mid-body: the client sees the connection drop
        return;
      }
      sent += chunk.length;
      if (!res.write(chunk)) {
        child.stdout.pause();
        res.once("drain", () => child.stdout.resume());
      }
    };
    child.stdout.on("data", (chunk: Buffer) => {
      if (headerDone) {
        forward(chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      const crlf = head.indexOf("\r\n\r\n");
      const lf = head.indexOf("\n\n");
      const end = crlf >= 0 && (lf < 0 || crlf < lf) ? crlf : lf;
      if (end < 0) return;
      headerDone = true;
      const { status, headers } = parseCgiHeaders(head.subarray(0, end).toString("latin1"));
      res.writeHead(status, headers);
      const rest = head.subarray(end + (end === crlf ? 4 : 2));
      if (rest.length) forward(rest);
    });
    child.on("close", (code) => {
      if (dropped) return;
      if (!headerDone) {
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
        res.end(`git http-backend exited with ${code}: ${stderr}`);
        return;
      }
      const slow = this.finishDelayMs > 0 && url.pathname.endsWith("/git-upload-pack");
      if (slow) this.heldPacks++;
      setTimeout(
        () => {
          if (slow) this.heldPacks--;
          res.end();
        },
        slow ? this.finishDelayMs : 0,
      );
    });
  }
}

/** Reads a CGI header block: a `Status: 404 Not Found` line sets the status, the rest are headers. */
export function parseCgiHeaders(block: string): { status: number; headers: Record<string, string> } {
  let status = 200;
  const headers: Record<string, string> = {};
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === "status") status = Number.parseInt(value, 10) || 500;
    else headers[name] = value;
  }
  return { status, headers };
}
