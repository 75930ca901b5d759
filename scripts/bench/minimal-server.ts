/**
 * The least a Node server can do to answer the saved pages: every file of a saved site
 * (static-baseline.ts saveSite: <id>/index.html with .br and .gz beside it) read into memory at
 * start, then each request answered with the bytes of its coding and four headers. It is the
 * ceiling for node:http on this machine, which the site's warm path is measured against. With
 * --site-heads, each page's head is the one the site sent for it (<id>/index.html.head.json) with the
 * coding and length: the site's response, from a server that does nothing else.
 * Usage: node --import tsx minimal-server.ts <dir> <port> [--site-heads]
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";

interface Entry {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Name, value, name, value, … before the coding and length. */
  head: string[];
}

const [dir, port, option] = process.argv.slice(2);
if (!dir || !port || (option !== undefined && option !== "--site-heads"))
  throw new Error("usage: minimal-server.ts <dir> <port> [--site-heads]");
const FOUR_HEADERS = ["Content-Type", "text/html; charset=utf-8", "Vary", "Accept-Encoding"];

const pages = new Map<string, Entry>();
for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
  if (!file.endsWith("/index.html")) continue;
  const full = path.join(dir, file);
  pages.set(`/${file.slice(0, -"/index.html".length)}`, {
    identity: fs.readFileSync(full),
    br: fs.readFileSync(`${full}.br`),
    gzip: fs.readFileSync(`${full}.gz`),
    head: option ? (JSON.parse(fs.readFileSync(`${full}.head.json`, "utf8")) as Array<[string, string]>).flat() : FOUR_HEADERS,
  });
}

http
  .createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) return void res.writeHead(404).end();
    const accepted = req.headers["accept-encoding"] ?? "";
    const coding = accepted.includes("br") ? "br" : accepted.includes("gzip") ? "gzip" : undefined;
    const body = coding ? page[coding] : page.identity;
    const headers = [...page.head, "Content-Length", String(body.length)];
    if (coding) headers.push("Content-Encoding", coding);
    res.writeHead(200, headers).end(body);
  })
  .listen(Number(port), "127.0.0.1");
