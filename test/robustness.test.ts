import { createHmac } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { page, sampleContent, WorkingCopy } from "./helpers/git";
import { GitHttpRemote } from "./helpers/git-http";
import { messageOf, rawRequest, type RawRequest } from "./helpers/raw-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";

const SECRET = "robustness-secret";
const sign = (body: string | Buffer, secret = SECRET) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
const PUSH = JSON.stringify({ ref: "refs/heads/main" });
const json = { "Content-Type": "application/json" };
const signedPush = (body: string, extra: Record<string, string> = {}) => ({
  ...json,
  "X-GitHub-Event": "push",
  "X-Hub-Signature-256": sign(body),
  ...extra,
});
const kb = (n: number, c = "a") => c.repeat(n * 1024);
/** Static file big enough that a client that does not read it holds the server's writes back. */
const BIG_FILE_BYTES = 4 * 1024 * 1024;

interface Case extends RawRequest {
  name: string;
  status: number;
  message: RegExp;
  /** Response header that must be present, with a value matching. */
  header?: [string, RegExp];
}

const row = (name: string, target: string, status: Case["status"], message: RegExp, extra: Partial<Case> = {}): Case => ({
  name,
  target,
  status,
  message,
  ...extra,
});

/**
 * One row per hostile or malformed request. Node's HTTP parser answers some of them itself (431,
 * bad header lines) with no body: for those the message checked is the reason phrase.
 */
const CASES: Case[] = [
  // Path traversal, in every encoding. Dot segments are resolved by URL parsing before routing,
  // so "/../../etc/passwd" is the page /etc/passwd, which does not exist.
  row("plain ../", "/../../etc/passwd", 404, /There is no page at \/etc\/passwd/),
  row("../ below a real page", "/guides/../../../etc/passwd", 404, /There is no page at \/etc\/passwd/),
  row("%2e%2e segments", "/%2e%2e/%2e%2e/etc/passwd", 404, /There is no page at \/etc\/passwd/),
  row(
    "%2e%2e%2f inside a segment",
    "/guides/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    400,
    /Encoded slashes, dots, backslashes and NUL bytes are not allowed/,
  ),
  row("uppercase %2E%2E%2F", "/guides/%2E%2E%2F%2E%2E%2Fsidebars%2Fguides.json", 400, /Encoded slashes, dots/),
  row("double-encoded %252e%252e%252f", "/%252e%252e%252fetc%252fpasswd", 404, /There is no page at \/%2e%2e%2fetc%2fpasswd/),
  row("..%5c backslashes", "/guides/..%5c..%5cetc%5cpasswd", 400, /Encoded slashes, dots, backslashes/),
  row("raw backslashes", "/guides/..\\..\\etc\\passwd", 404, /There is no page at \/etc\/passwd/),
  row("%00 null byte", "/guides/first%00", 400, /NUL bytes are not allowed/),
  row("%00 before .md", "/guides/first%00.md", 400, /NUL bytes are not allowed/),
  row("overlong UTF-8 %c0%ae", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", 400, /Bad Request/),
  row("absolute path", "/etc/passwd", 404, /There is no page at \/etc\/passwd/),
  row("network-path //", "//etc/passwd", 404, /There is no page at \/etc\/passwd/),
  row("Windows drive", "/C:/Windows/win.ini", 404, /There is no page at \/C:\/Windows\/win\.ini/),
  row("repository internals", "/.git/HEAD", 404, /There is no page at \/\.git\/HEAD/),
  row("a page's source file", "/docs/guides.mdx", 404, /There is no page at \/docs\/guides\.mdx/),
  row("traversal in a .md twin", "/guides/..%2f..%2fetc%2fpasswd.md", 400, /Encoded slashes, dots/),
  row("dot segments in a .md twin", "/%2e%2e/%2e%2e/etc/passwd.md", 404, /There is no page at \/etc\/passwd/),
  row("traversal in /history/", "/history/..%2f..%2fetc%2fpasswd", 400, /Encoded slashes, dots/),
  row("traversal to a sidebar in /history/", "/history/guides/%2e%2e%2f%2e%2e%2fsidebars/guides.json", 400, /Encoded slashes, dots/),
  row("traversal in /static/", "/static/img%2f..%2f..%2fdocs%2fguides.mdx", 400, /is not a valid file path/),
  row("backslash in /static/", "/static/a%5c..%5cb.svg", 400, /is not a valid file path/),

  // Invalid percent-encoding.
  row("%zz", "/guides/%zz", 400, /Bad Request/),
  row("truncated %", "/guides/first%", 400, /Bad Request/),
  row("truncated UTF-8 sequence", "/guides/%E0%A4%A", 400, /Bad Request/),
  row("invalid encoding in ?commit=", "/guides/first?commit=%zz", 400, /is not a commit id: use 7 to 40 hexadecimal digits/),
  row("invalid UTF-8 in ?page=", "/history/guides/first?page=%ff", 400, /\?page= must be a whole number/),

  // Very long URLs. Past 16 KB of request head Node answers 431 itself.
  row("10 KB path", `/guides/${kb(10)}`, 400, /The path is longer than 512 characters/),
  row("10 KB .md path", `/guides/${kb(10)}.md`, 400, /The path is longer than 512 characters/),
  row("10 KB path under /history/", `/history/guides/${kb(10)}`, 400, /The path is longer than 512 characters/),
  row("10 KB query string", `/guides/first?utm=${kb(10)}`, 400, /The query string is longer than 4096 characters/),
  row("10 KB query string on the catalogue", `/api/catalogue?x=${kb(10)}`, 400, /The query string is longer than 4096 characters/),
  row("100 KB path", `/guides/${kb(100)}`, 431, /Request Header Fields Too Large/),
  row("100 KB query string", `/guides/first?x=${kb(100)}`, 431, /Request Header Fields Too Large/),

  // Very long, too many and malformed headers.
  row("20 KB header", "/guides/first", 431, /Request Header Fields Too Large/, { headers: { "X-Big": kb(20) } }),
  row("20 KB cookie", "/guides/first", 431, /Request Header Fields Too Large/, { headers: { Cookie: `a=${kb(20)}` } }),
  row("3000 headers", "/guides/first", 431, /Request Header Fields Too Large/, {
    rawHeaderLines: Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`),
  }),
  row("header name with a space", "/guides/first", 400, /Bad Request/, { rawHeaderLines: ["Bad Header: x"] }),

  // Bad ?commit= values.
  row("?commit= too short", "/guides/first?commit=abc12", 400, /"abc12" is not a commit id: use 7 to 40 hexadecimal digits/),
  row("?commit= not hex", "/guides/first?commit=xyz1234", 400, /"xyz1234" is not a commit id/),
  row("?commit= 41 digits", `/guides/first?commit=${"a".repeat(41)}`, 400, /is not a commit id: use 7 to 40/),
  row("?commit= 3 KB", `/?commit=${"a".repeat(3000)}`, 400, /is not a commit id/),
  row("?commit= repeated", "/guides/first?commit=abcdef0&commit=1234567", 400, /\?commit= is given more than once/),
  row(
    "?commit= unicode",
    "/guides/first?commit=%E2%98%83%E2%98%83%E2%98%83%E2%98%83%E2%98%83%E2%98%83%E2%98%83",
    400,
    /is not a commit id/,
  ),
  row("?commit= empty", "/guides/first?commit=", 400, /"" is not a commit id/),
  row("?commit= NUL", "/?commit=%00", 400, /is not a commit id/),
  row("?commit= unknown", "/guides/first?commit=0000000", 404, /Commit 0000000 is not in the content repository/),
  row("?commit= on a .md twin", "/guides/first.md?commit=ghijklm", 400, /"ghijklm" is not a commit id/),
  row("?commit= on the catalogue", "/api/catalogue?commit=zz", 400, /"zz" is not a commit id/),
  row("?commit= repeated on a sidebar", "/api/sidebars/guides?commit=abcdef0&commit=abcdef1", 400, /given more than once/),
  row("?commit= on /history/", "/history/guides/first?commit=not-a-sha", 400, /is not a commit id/),

  // Methods a read-only site does not take.
  ...(["PUT", "DELETE", "PATCH", "POST", "PROPFIND", "OPTIONS"] as const).map((method) =>
    row(`${method} on a page`, "/guides/first", 405, /This site is read-only: its pages answer GET and HEAD/, {
      method,
      header: ["allow", /^GET, HEAD$/],
    }),
  ),
  row("DELETE on the landing page", "/", 405, /read-only/, { method: "DELETE", header: ["allow", /GET, HEAD/] }),
  row("PUT on /history/", "/history/guides/first", 405, /read-only/, { method: "PUT", header: ["allow", /GET, HEAD/] }),
  row("DELETE on the catalogue", "/api/catalogue", 405, /This endpoint is read-only: use GET or HEAD/, {
    method: "DELETE",
    header: ["allow", /GET, HEAD/],
  }),
  row("PROPFIND on the catalogue", "/api/catalogue", 405, /This endpoint is read-only: use GET or HEAD/, {
    method: "PROPFIND",
    header: ["allow", /^GET, HEAD$/],
  }),
  row("POST to /api/status", "/api/status", 405, /read-only/, { method: "POST", body: "{}", header: ["allow", /GET, HEAD/] }),
  row("PATCH a static file", "/static/img.svg", 405, /read-only/, { method: "PATCH", header: ["allow", /GET, HEAD/] }),
  row("method Node does not know", "/guides/first", 400, /Bad Request/, { method: "BREW" }),
  row("TRACE on a page", "/guides/first", 405, /read-only/, { method: "TRACE", header: ["allow", /^GET, HEAD$/] }),
  // Remix's CSRF check on document actions would throw (500) before any route; http/ refuses first.
  row("POST to a page from another origin", "/guides/first", 405, /read-only/, {
    method: "POST",
    headers: { Origin: "https://elsewhere.example" },
    body: "",
    header: ["allow", /^GET, HEAD$/],
  }),

  // Requests Remix's adapter cannot turn into a URL: the production server (http/) refuses them first.
  row("absolute-form file: target", "file:///etc/passwd", 400, /The request target must be a path/),
  row("absolute-form http: target", "http://elsewhere.example/guides/first", 400, /The request target must be a path/),
  row("malformed Host header", "/guides/first", 400, /The Host header is not a valid host name/, { rawHeaderLines: ["Host: [::bad"] }),

  // Webhook abuse.
  row("GET the webhook", "/api/webhooks/git", 405, /Send a POST with a GitHub push event/, { header: ["allow", /^POST$/] }),
  row("PUT the webhook", "/api/webhooks/git", 405, /Only POST is accepted/, {
    method: "PUT",
    body: PUSH,
    headers: signedPush(PUSH),
    header: ["allow", /^POST$/],
  }),
  row("webhook: malformed JSON, valid signature", "/api/webhooks/git", 400, /not valid JSON/, {
    method: "POST",
    body: "{not json",
    headers: signedPush("{not json"),
  }),
  row("webhook: JSON null, valid signature", "/api/webhooks/git", 400, /not a JSON object/, {
    method: "POST",
    body: "null",
    headers: signedPush("null"),
  }),
  row("webhook: JSON array, valid signature", "/api/webhooks/git", 400, /not a JSON object/, {
    method: "POST",
    body: "[1,2]",
    headers: signedPush("[1,2]"),
  }),
  row("webhook: empty body, valid signature", "/api/webhooks/git", 400, /not valid JSON/, {
    method: "POST",
    body: "",
    headers: signedPush(""),
  }),
  row("webhook: no signature", "/api/webhooks/git", 401, /Missing X-Hub-Signature-256 header/, {
    method: "POST",
    body: PUSH,
    headers: { ...json, "X-GitHub-Event": "push" },
  }),
  row("webhook: sha1 signature", "/api/webhooks/git", 401, /must be sha256= followed by 64 hexadecimal digits/, {
    method: "POST",
    body: PUSH,
    headers: signedPush(PUSH, { "X-Hub-Signature-256": `sha1=${"a".repeat(40)}` }),
  }),
  row("webhook: signature not hex", "/api/webhooks/git", 401, /must be sha256=/, {
    method: "POST",
    body: PUSH,
    headers: signedPush(PUSH, { "X-Hub-Signature-256": `sha256=${"z".repeat(64)}` }),
  }),
  row("webhook: signature too short", "/api/webhooks/git", 401, /must be sha256=/, {
    method: "POST",
    body: PUSH,
    headers: signedPush(PUSH, { "X-Hub-Signature-256": "sha256=abcd" }),
  }),
  row("webhook: wrong secret", "/api/webhooks/git", 401, /does not match the body/, {
    method: "POST",
    body: PUSH,
    headers: signedPush(PUSH, { "X-Hub-Signature-256": sign(PUSH, "wrong") }),
  }),
  row("webhook: signature of another body", "/api/webhooks/git", 401, /does not match the body/, {
    method: "POST",
    body: PUSH,
    headers: signedPush(PUSH, { "X-Hub-Signature-256": sign("{}") }),
  }),
  row("webhook: no event header", "/api/webhooks/git", 400, /Missing X-GitHub-Event header/, {
    method: "POST",
    body: PUSH,
    headers: { ...json, "X-Hub-Signature-256": sign(PUSH) },
  }),
  row(
    "webhook: wrong event",
    "/api/webhooks/git",
    400,
    /Event "issues" is not handled: subscribe the webhook to push and pull_request events only/,
    {
      method: "POST",
      body: PUSH,
      headers: signedPush(PUSH, { "X-GitHub-Event": "issues" }),
    },
  ),
  row(
    "webhook: form content type",
    "/api/webhooks/git",
    415,
    /content type to application\/json \(got "application\/x-www-form-urlencoded"\)/,
    {
      method: "POST",
      body: `payload=${encodeURIComponent(PUSH)}`,
      headers: { ...signedPush(`payload=${encodeURIComponent(PUSH)}`), "Content-Type": "application/x-www-form-urlencoded" },
    },
  ),
  row("webhook: no content type", "/api/webhooks/git", 415, /content type to application\/json \(got none\)/, {
    method: "POST",
    body: PUSH,
    headers: { "X-GitHub-Event": "push", "X-Hub-Signature-256": sign(PUSH) },
  }),
  row("webhook: 6 MB Content-Length", "/api/webhooks/git", 413, /larger than 5 MB/, {
    method: "POST",
    body: "{",
    headers: { ...signedPush(PUSH), "Content-Length": String(6 * 1024 * 1024) },
  }),
  row("webhook: Content-Length and Transfer-Encoding", "/api/webhooks/git", 400, /Bad Request/, {
    method: "POST",
    body: "0\r\n\r\n",
    headers: { ...signedPush(PUSH), "Content-Length": "5", "Transfer-Encoding": "chunked" },
  }),

  // Paging of /history/<id>.
  ...["0", "-1", "abc", "1.5", "1e3", "0x10", "99999", "%201"].map((value) =>
    row(`?page=${value}`, `/history/guides/first?page=${value}`, 400, /\?page= must be a whole number from 1 to 9999/),
  ),
  row("?page= repeated", "/history/guides/first?page=1&page=2", 400, /\?page= is given more than once/),
  row("?page= past the end", "/history/guides/first?page=50", 404, /The history of \/guides\/first has fewer than 50 pages/),
  row("/history without a page", "/history", 400, /Name a page: \/history\/<page id>/),
  row("/history/ of a missing page", "/history/guides/nope", 404, /There is no page at \/guides\/nope, so it has no history/),

  // Unknown sidebars.
  row("unknown sidebar", "/api/sidebars/nope", 404, /Unknown sidebar "nope"; known: guidesSidebar/),
  row("prototype key as sidebar", "/api/sidebars/__proto__", 404, /Unknown sidebar "__proto__"/),
  row("3 KB sidebar name", `/api/sidebars/${kb(3)}`, 404, /Unknown sidebar "a{60}"; known/),
  row("sidebar with invalid encoding", "/api/sidebars/%zz", 400, /Bad Request/),

  // Search: missing, empty and oversized queries; bad limits.
  row("search without q", "/api/search", 400, /Search needs a query/),
  row("search with empty q", "/api/search?q=", 400, /Search needs a query/),
  row("search with blank q", "/api/search?q=%20%20%09", 400, /Search needs a query/),
  row("search with a 300-character q", `/api/search?q=${"a".repeat(300)}`, 400, /at most 200 characters; this one has 300/),
  row("search with a 201-character q", `/api/search?q=${"word%20".repeat(40)}x`, 400, /at most 200 characters; this one has 201/),
  row("search with limit=0", "/api/search?q=guide&limit=0", 400, /limit must be a whole number from 1 to 50/),
  row("search with limit=1e1", "/api/search?q=guide&limit=1e1", 400, /limit must be a whole number/),
  row("search with a bad commit", "/api/search?q=guide&commit=xyz", 400, /"xyz" is not a commit id/),
  row("POST to search", "/api/search?q=guide", 405, /read-only/, { method: "POST", header: ["allow", /GET, HEAD/] }),
];

/** Odd but valid search queries: each a 200 with a (possibly empty) result list; some must find a page. */
const ODD_QUERIES: Array<[string, string, string?]> = [
  // The snippet's text is found under the page that includes it.
  ["double quotes", '"hello"', "guides/first"],
  ["regex metacharacters around a word", "(hello)*", "guides/first"],
  ["single quote", "it's"],
  ["regex metacharacters", ".*+?[(){}^$|\\"],
  ["unbalanced bracket", "[a-"],
  ["emoji", "🦀🚀"],
  ["lone high surrogate (encoded as invalid UTF-8)", "%ED%A0%80"],
  ["SQL injection", "' OR 1=1; DROP TABLE pages;--"],
  ["HTML", "<script>alert(1)</script>"],
  ["NUL", "%00"],
  ["right-to-left override", "\u202Eabc"],
  ["prototype keys", "__proto__ constructor"],
  ["only punctuation", "*-+!"],
  ["200 characters", "x".repeat(200)],
];

describe("hostile and malformed requests against the production server", () => {
  let server: RunningServer;
  let work: WorkingCopy;

  beforeAll(async () => {
    work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    server = await startServer({ CONTENT_REPO: work.publishBare(), WEBHOOK_SECRET: SECRET });
    // The live index is built as the server starts: on a busy machine a search meanwhile answers 503.
    await waitFor(async () => (await fetch(`${server.url}/api/search?q=guide`)).status === 200, undefined, 200);
  });
  afterAll(() => server?.stop());

  it.each(CASES)("$name", async (c) => {
    const res = await rawRequest(server.url, c, HANG_MS);
    expect(res.status, `${res.status} ${res.reason}: ${res.body.slice(0, 300)}`).toBe(c.status);
    const message = messageOf(res);
    expect(message).toMatch(c.message);
    // A message for people: no stack traces, no Remix internals, no generic server error.
    expect(message).not.toMatch(/Unexpected Server Error|did not provide an `action`|routes\/|\n\s+at |Internal Server Error/);
    if (c.header) expect(res.headers[c.header[0]]).toMatch(c.header[1]);
  });

  it.each(ODD_QUERIES)("search for %s answers 200 with a result list", async (_, q, finds) => {
    const encoded = /%[0-9A-F]{2}/i.test(q) ? q : encodeURIComponent(q);
    const res = await rawRequest(server.url, { target: `/api/search?q=${encoded}` }, HANG_MS);
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    const body = JSON.parse(res.body) as { results: Array<{ id: string }>; commit: string };
    expect(Array.isArray(body.results)).toBe(true);
    expect(body.commit).toMatch(/^[0-9a-f]{40}$/);
    if (finds) expect(body.results.map((r) => r.id)).toContain(finds);
  });

  it("refuses a chunked webhook body past 5 MB before reading all of it, and says so", async () => {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    let response = "";
    let closed = false;
    socket.on("data", (d) => (response += d));
    socket.on("error", () => {});
    socket.on("close", () => (closed = true));
    socket.write(
      `POST /api/webhooks/git HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nX-GitHub-Event: push\r\n` +
        `X-Hub-Signature-256: ${sign("x")}\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = `10000\r\n${"x".repeat(0x10000)}\r\n`;
    let sent = 0;
    // Up to 20 MB in 64 KB chunks, each written once the previous one has drained, until the server answers.
    while (!response && !closed && sent < 320) {
      const drained = socket.write(chunk);
      sent++;
      if (!drained) await waitFor(async () => socket.writableLength === 0 || !!response || closed, HANG_MS, 5);
    }
    // The server answers while the body is still coming, and keeps draining it so the answer is not lost to a reset.
    await waitFor(async () => response.includes("larger than 5 MB") || closed);
    socket.destroy();
    expect(response).toMatch(/^HTTP\/1\.1 413 /);
    expect(response).toContain("larger than 5 MB");
    expect(sent * 64).toBeLessThan(12 * 1024);
  });

  it("still serves pages after all of that", async () => {
    for (const target of ["/guides/first", "/guides/second.md", "/history/guides/first", "/api/catalogue", "/api/search?q=guide"]) {
      const res = await fetch(server.url + target);
      expect(res.status, target).toBe(200);
    }
    expect(await (await fetch(`${server.url}/guides/first`)).text()).toContain("Hello from the snippet.");
    expect(server.output()).not.toMatch(/unhandled|uncaught|out of memory/i);
  });
});

describe("faults: bad pushes, quick pushes, slow clients", () => {
  let server: RunningServer;
  let work: WorkingCopy;
  let good: string;
  const get = (target: string) => fetch(server.url + target, { redirect: "manual" });
  const status = async () =>
    (await (await get("/api/status")).json()) as { commit: string; lastError?: { commit: string; file: string; message: string } };
  const html = async (target: string) => (await get(target)).text();

  beforeAll(async () => {
    work = WorkingCopy.init().write({ ...sampleContent(), "static/big.txt": "0123456789abcdef".repeat(BIG_FILE_BYTES / 16) });
    good = work.commit("First version");
    const bare = work.publishBare();
    work = WorkingCopy.clone(bare);
    server = await startServer({ CONTENT_REPO: bare, WEBHOOK_SECRET: SECRET });
  });
  afterAll(() => server?.stop());

  it("keeps a broken push out, reports it, keeps serving the last good commit and loses nothing", async () => {
    work.write(page("guides/second", "Second Guide", "## Broken\n\n<div>this tag never closes", { sidebar: "guidesSidebar" }));
    const broken = work.commit("Break the second guide");
    work.push();
    await waitFor(async () => (await status()).lastError?.commit === broken);
    const s = await status();
    expect(s.commit).toBe(good);
    expect(s.lastError).toMatchObject({ commit: broken, file: "docs/guides/second.mdx" });
    const live = await html("/guides/second");
    expect(live).toContain("<table>");
    expect(live).not.toContain("this tag never closes");
    // The refused commit is not served at ?commit=, on any page: it answers 409 saying why.
    expect((await get(`/guides/first?commit=${broken}`)).status).toBe(409);
    const brokenPage = await get(`/guides/second?commit=${broken}`);
    expect(brokenPage.status).toBe(409);
    expect(await brokenPage.text()).toMatch(/docs\/guides\/second\.mdx/);

    work.write(page("guides/second", "Second Guide", "## Fixed\n\nThe second guide works again.", { sidebar: "guidesSidebar" }));
    const fixed = work.commit("Fix the second guide");
    work.push();
    await waitFor(async () => (await status()).commit === fixed);
    expect(await html("/guides/second")).toContain("The second guide works again.");
    expect((await status()).lastError).toBeUndefined();
    const history = await html("/history/guides/second");
    for (const subject of ["Fix the second guide", "Break the second guide", "First version"]) expect(history).toContain(subject);
    expect(await html(`/guides/second?commit=${good}`)).toContain("<table>");
  });

  it("publishes the later of two pushes in quick succession; both stay readable and in the history", async () => {
    work.write(page("guides/second", "Second Guide", "## Quick\n\nQuick push number one.", { sidebar: "guidesSidebar" }));
    const one = work.commit("Quick push one");
    work.push();
    work.write(page("guides/second", "Second Guide", "## Quick\n\nQuick push number two.", { sidebar: "guidesSidebar" }));
    const two = work.commit("Quick push two");
    work.push();
    await waitFor(async () => (await status()).commit === two);
    expect(await html("/guides/second")).toContain("Quick push number two.");
    expect(await html(`/guides/second?commit=${one}`)).toContain("Quick push number one.");
    expect((await get(`/guides/second?commit=${two.slice(0, 7)}`)).headers.get("location")).toBe(`/guides/second?commit=${two}`);
    expect(await html(`/guides/second?commit=${two}`)).toContain("Quick push number two.");
    const history = await html("/history/guides/second");
    expect(history.indexOf("Quick push two")).toBeGreaterThan(-1);
    expect(history.indexOf("Quick push one")).toBeGreaterThan(history.indexOf("Quick push two"));
  });

  it("serves normal requests while clients dribble their headers and read responses slowly", async () => {
    const { hostname, port } = new URL(server.url);
    const request = `GET /guides/first HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`;
    expect((await get("/guides/first")).status).toBe(200);
    // The slow clients hold their requests and responses unfinished until the pages below are answered.
    let go!: () => void;
    const pagesAnswered = new Promise<void>((resolve) => (go = resolve));

    // Twenty clients send their request one byte every 40 ms, all but the last byte until the pages are answered.
    const responses: string[] = Array.from({ length: 20 }, () => "");
    const dribblers = responses.map((_, n) => {
      const socket = net.connect(Number(port), hostname);
      socket.on("data", (d) => (responses[n] = `${responses[n]}${d}`));
      socket.on("error", () => {});
      const done = new Promise<string>((resolve) => socket.on("close", () => resolve(responses[n]!)));
      let i = 0;
      const timer = setInterval(() => {
        if (i < request.length - 1) socket.write(request[i++]!);
        else clearInterval(timer);
      }, 40);
      void pagesAnswered.then(() => {
        clearInterval(timer);
        socket.write(request.slice(i));
      });
      return done;
    });

    // One client asks for a 4 MB file and reads nothing until the pages are answered, then reads it in small sips.
    const reader = net.connect(Number(port), hostname);
    let received = 0;
    let head = "";
    reader.on("data", (d: Buffer) => {
      if (head.length < 200) head += d.toString("latin1", 0, Math.min(d.length, 200));
      received += d.length;
      reader.pause();
      setTimeout(() => reader.resume(), 3);
    });
    reader.pause();
    const readerDone = new Promise<void>((resolve) => reader.on("close", () => resolve()));
    reader.write(`GET /static/big.txt HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);

    // Answered while every slow client is still sending or not reading: none of them holds up the others.
    for (let i = 0; i < 5; i++) {
      const res = await get("/guides/first");
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Hello from the snippet.");
    }
    expect(responses.filter(Boolean)).toEqual([]);
    expect(received).toBe(0);
    go();
    reader.resume();

    for (const response of await Promise.all(dribblers)) expect(response).toMatch(/^HTTP\/1\.1 200 OK/);
    await readerDone;
    expect(head).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(received).toBeGreaterThan(BIG_FILE_BYTES);
  });
});

describe("a webhook storm against a server that fetches from an HTTP remote", () => {
  let server: RunningServer;
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  /** Fetches that reached the remote (each starts with a ref advertisement), and those still unanswered. */
  const fetches = () => remote.requests.filter((r) => r.url.includes("/info/refs?service=git-upload-pack"));
  const held = () => fetches().filter((r) => r.status === 0).length;

  beforeAll(async () => {
    const seed = WorkingCopy.init().write(sampleContent());
    seed.commit("First version");
    remote = await GitHttpRemote.start();
    const url = remote.publish(seed.dir);
    // Pushes go to the bare repository on disk: the synchronous git CLI must not talk to the
    // remote, which answers in this process.
    work = WorkingCopy.clone(path.join(remote.root, "content.git"));
    // Polling off: once the fetch every start makes is done, every fetch the remote sees comes from a webhook.
    server = await startServer({ CONTENT_REPO: url, WEBHOOK_SECRET: SECRET, POLL_INTERVAL: "0" });
    await waitFor(
      async () => ((await (await fetch(`${server.url}/api/status`)).json()) as { lastFetch?: string }).lastFetch !== undefined,
      HANG_MS,
      100,
    );
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
  });

  it("answers 200 concurrent signed webhooks with 2xx, coalesces their fetches, keeps serving, and publishes the next push", async () => {
    const before = fetches().length;
    // Hold the first fetch at the remote, so the whole storm arrives while it is in progress.
    const release = remote.holdFetches();
    const storm = Array.from({ length: 200 }, () =>
      fetch(`${server.url}/api/webhooks/git`, { method: "POST", body: PUSH, headers: signedPush(PUSH) }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      })),
    );
    // Served while the storm is answered (how fast depends on the machine, so it is not asserted).
    const pageDuringStorm = await fetch(`${server.url}/guides/first`);
    expect(pageDuringStorm.status).toBe(200);

    const answers = await Promise.all(storm);
    for (const answer of answers) expect(answer.status, answer.body).toBe(202);
    await waitFor(async () => held() === 1);
    expect(fetches().length - before).toBe(1);

    release();
    // The held fetch finishes, then exactly one more runs for everything that arrived meanwhile:
    // counted once the server has settled (no longer catching up), when no other can be on its way.
    const settled = async () =>
      ((await (await fetch(`${server.url}/api/status`)).json()) as { catchingUp?: unknown }).catchingUp === undefined;
    await waitFor(async () => fetches().length - before >= 2 && held() === 0 && (await settled()));
    expect(fetches().length - before).toBe(2);
    expect((await fetch(`${server.url}/guides/first`)).status).toBe(200);

    work.write(page("guides/second", "Second Guide", "## After the storm\n\nPublished after the storm.", { sidebar: "guidesSidebar" }));
    const next = work.commit("After the storm");
    work.push();
    const res = await fetch(`${server.url}/api/webhooks/git`, { method: "POST", body: PUSH, headers: signedPush(PUSH) });
    expect(res.status).toBe(202);
    await waitFor(async () => ((await (await fetch(`${server.url}/api/status`)).json()) as { commit: string }).commit === next);
    expect(await (await fetch(`${server.url}/guides/second`)).text()).toContain("Published after the storm.");
  });
});
