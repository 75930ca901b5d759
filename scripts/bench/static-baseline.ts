import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { tempDir } from "./temp";
import { ROOT } from "./app-server";
import { get, waitUntilUp } from "./http";
import { freePort, start, type Running } from "./process";

export interface StaticServer extends Running {
  name: string;
  url: string;
}

export interface SavedSite {
  dir: string;
  /** The page whose HTML size is the median of the catalogue's. */
  typicalId: string;
  /** The page with the least HTML. */
  smallestId: string;
}

/**
 * Saves each page's HTML as served by `url` to <dir>/<id>/index.html, with index.html.br (brotli at
 * the quality the site compresses with) and index.html.gz beside it, all readable by any user:
 * nginx's workers run as another user than the master when it is started as root.
 */
export async function saveSite(url: string, ids: readonly string[]): Promise<SavedSite> {
  const sizes: Array<[string, number]> = [];
  const dir = tempDir("static");
  fs.chmodSync(dir, 0o755);
  for (const id of ids) {
    const page = await get(`${url}/${id}`);
    if (page.status !== 200) throw new Error(`/${id} answered ${page.status} while saving the static copy`);
    fs.mkdirSync(path.join(dir, id), { recursive: true, mode: 0o755 });
    const file = path.join(dir, id, "index.html");
    const html = Buffer.from(page.body);
    fs.writeFileSync(file, html, { mode: 0o644 });
    fs.writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }), { mode: 0o644 });
    fs.writeFileSync(`${file}.gz`, gzipSync(html), { mode: 0o644 });
    fs.writeFileSync(`${file}.head.json`, JSON.stringify(pageHead(page.headers)), { mode: 0o644 });
    sizes.push([id, page.body.length]);
  }
  sizes.sort((a, b) => a[1] - b[1]);
  return { dir, typicalId: sizes[sizes.length >> 1]![0], smallestId: sizes[0]![0] };
}

/** Headers node:http writes itself, or that depend on the coding the minimal server picks. */
const PER_RESPONSE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

/** The response head the site sent for a page, as name-value pairs, without what each response sets anew. */
function pageHead(headers: http.IncomingHttpHeaders): Array<[string, string]> {
  return Object.entries(headers).flatMap(([name, value]) =>
    PER_RESPONSE.has(name) || value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
  );
}

async function ready(name: string, server: Running, url: string, probe: string): Promise<StaticServer> {
  try {
    await waitUntilUp(`${url}/${probe}`, 15_000, server.alive);
  } catch (error) {
    await server.stop();
    throw new Error(`${name}: ${(error as Error).message}\n${server.output()}`);
  }
  return { ...server, name, url };
}

export const MINIMAL_NODE = "minimal Node server";

/**
 * The least a Node server can do with the same bytes: minimal-server.ts, answering from memory.
 * With `siteHeads`, each page goes out with the head the site sent for it (its security headers,
 * policy, ETag and caching): the same response, byte for byte but for the Date, so what is left
 * between the site and this server is the site's own work.
 */
export async function startMinimalNode(dir: string, probe: string, { siteHeads = false } = {}): Promise<StaticServer> {
  const port = await freePort();
  const script = path.join(import.meta.dirname, "minimal-server.ts");
  const server = start(process.execPath, ["--import", "tsx", script, dir, String(port), ...(siteHeads ? ["--site-heads"] : [])], {
    cwd: ROOT,
  });
  return ready(siteHeads ? `${MINIMAL_NODE}, the site's response heads` : MINIMAL_NODE, server, `http://127.0.0.1:${port}`, probe);
}

/**
 * nginx with `workers` worker processes (1 compares with one Node process, "auto" is one per core)
 * and no access log, in the foreground, with every path under a temporary prefix, sending the .gz
 * file beside a page to clients that take gzip (gzip_static; it has no brotli without a module
 * Debian does not ship by default). Undefined when no nginx binary is installed.
 */
export async function startNginx(dir: string, probe: string, workers: 1 | "auto"): Promise<StaticServer | undefined> {
  const binary = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));
  if (!binary) return undefined;
  const port = await freePort();
  const prefix = tempDir("nginx");
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, name)};`;
  const conf = `daemon off;
worker_processes ${workers};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  types { text/html html; }
  default_type application/octet-stream;
  sendfile on;
  gzip_static on;
  gzip_vary on;
  keepalive_requests 1000000;
  open_file_cache max=10000;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), conf);
  const check = spawnSync(binary, ["-t", "-p", prefix, "-c", path.join(prefix, "nginx.conf")], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx rejected its configuration: ${check.stderr}`);
  const server = start(binary, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")]);
  return ready(workers === 1 ? "nginx, 1 worker" : "nginx, worker_processes auto", server, `http://127.0.0.1:${port}`, probe);
}
