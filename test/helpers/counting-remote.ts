import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";

export interface CountingRemote {
  /** Clone URL of the repository, e.g. http://127.0.0.1:1234/repo.git */
  url: string;
  /** Fetches (ref advertisements of git-upload-pack) served since the last reset. */
  fetches: () => number;
  resetCount: () => void;
  /** While closed, ref advertisements wait; a fetch in progress stays in progress. */
  hold: () => void;
  release: () => void;
  /** Requests waiting at the gate. */
  waiting: () => number;
  close: () => Promise<void>;
}

/**
 * Serves one bare repository over Git's smart HTTP protocol with `git http-backend`, counting the
 * fetches clients make and able to hold them, so a test can see how many fetches a burst costs.
 */
export async function startCountingRemote(bareRepo: string): Promise<CountingRemote> {
  let fetches = 0;
  let gate: Promise<void> | undefined;
  let open: (() => void) | undefined;
  let waiting = 0;
  const root = path.dirname(bareRepo);
  const name = path.basename(bareRepo);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://remote");
    if (!url.pathname.startsWith(`/${name}/`)) {
      res.writeHead(404).end();
      return;
    }
    if (url.pathname.endsWith("/info/refs") && url.searchParams.get("service") === "git-upload-pack") {
      fetches++;
      if (gate) {
        waiting++;
        await gate;
        waiting--;
      }
    }
    const cgi = spawn("git", ["http-backend"], {
      env: {
        ...process.env,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: "1",
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? "GET",
        CONTENT_TYPE: req.headers["content-type"] ?? "",
        ...(req.headers["content-length"] ? { CONTENT_LENGTH: req.headers["content-length"] } : {}),
        ...(req.headers["content-encoding"] ? { HTTP_CONTENT_ENCODING: req.headers["content-encoding"] } : {}),
        ...(req.headers["git-protocol"] ? { GIT_PROTOCOL: String(req.headers["git-protocol"]) } : {}),
      },
      stdio: ["pipe", "pipe", "ignore"],
    });
    req.pipe(cgi.stdin);
    let head = Buffer.alloc(0);
    let headDone = false;
    cgi.stdout.on("data", (chunk: Buffer) => {
      if (headDone) return void res.write(chunk);
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) return;
      headDone = true;
      let status = 200;
      for (const line of head.subarray(0, end).toString("latin1").split("\r\n")) {
        const colon = line.indexOf(":");
        const key = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (key.toLowerCase() === "status") status = parseInt(value, 10);
        else res.setHeader(key, value);
      }
      res.writeHead(status);
      res.write(head.subarray(end + 4));
    });
    cgi.on("close", () => res.end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as import("node:net").AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    fetches: () => fetches,
    resetCount: () => void (fetches = 0),
    hold: () => {
      gate ??= new Promise((resolve) => (open = resolve));
    },
    release: () => {
      open?.();
      gate = undefined;
    },
    waiting: () => waiting,
    close: () =>
      new Promise((resolve) => {
        open?.();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
