import { createHash, createHmac } from "node:crypto";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { page, sampleContent, WorkingCopy } from "./helpers/git";
import { GitHttpRemote } from "./helpers/git-http";
import { parseResponse, rawRequest, type RawRequest, type RawResponse } from "./helpers/raw-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";

const SECRET = "security-secret";
const sign = (body: string) => `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
const PUSH = JSON.stringify({ ref: "refs/heads/main" });
const webhook = (body: string, headers: Record<string, string> = {}): RawRequest => ({
  method: "POST",
  target: "/api/webhooks/git",
  body,
  headers: { "Content-Type": "application/json", "X-GitHub-Event": "push", "X-Hub-Signature-256": sign(body), ...headers },
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

/** What every response must carry, whatever answered it. */
function expectSecurityHeaders(res: RawResponse, what: string, hsts: boolean): void {
  const h = res.headers;
  expect(h["x-content-type-options"], what).toBe("nosniff");
  expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(h["permissions-policy"], what).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
  if (hsts) expect(h["strict-transport-security"], what).toMatch(/^max-age=\d{8}/);
  else expect(h["strict-transport-security"], what).toBeUndefined();
  const csp = h["content-security-policy"] ?? "";
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp, what).toContain(directive);
  const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1];
  expect(scriptSrc, `${what}: script-src`).toBeDefined();
  expect(scriptSrc, what).not.toMatch(/unsafe-inline|unsafe-eval|\*|data:|https?:/);
}

/** Inline scripts of a document, found by walking its <script> tags (not the server's regex). */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (let at = html.indexOf("<script"); at >= 0; at = html.indexOf("<script", at + 1)) {
    const open = html.indexOf(">", at);
    const close = html.indexOf("</script>", open);
    if (!html.slice(at, open).includes(" src=")) scripts.push(html.slice(open + 1, close));
  }
  return scripts;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("security headers, CSP, canonical URLs and origins on the production server", () => {
  let server: RunningServer;
  let first: string;
  let second: string;
  const get = (target: string, headers: Record<string, string> = {}) => rawRequest(server.url, { target, headers }, HANG_MS);
  const status = async () =>
    JSON.parse((await get("/api/status")).body) as {
      compiles: number;
      renderedPages: { live: { pages: number }; pinned: { pages: number }; hits: number; misses: number };
    };

  beforeAll(async () => {
    const work = WorkingCopy.init().write({ ...sampleContent(), "static/logo.svg": SVG, "static/notes.txt": "plain notes\n" });
    first = work.commit("First version");
    work.write(page("guides/second", "Second Guide", "## Next\n\nThe second version.", { sidebar: "guidesSidebar", aliases: "[/second]" }));
    second = work.commit("Second version");
    server = await startServer({ CONTENT_REPO: work.publishBare(), WEBHOOK_SECRET: SECRET, SITE_URL: "https://docs.example.com" });
  });
  afterAll(() => server?.stop());

  describe("headers on every kind of response", () => {
    const kinds: Array<[string, RawRequest, number]> = [
      ["an HTML page", { target: "/guides/first" }, 200],
      ["the same page replayed from memory", { target: "/guides/first" }, 200],
      ["the landing page", { target: "/" }, 200],
      ["a history page", { target: "/history/guides/first" }, 200],
      ["a page at a pinned commit", { target: "/guides/first?commit=FIRST" }, 200],
      ["the Markdown twin", { target: "/guides/first.md" }, 200],
      ["JSON", { target: "/api/catalogue" }, 200],
      ["a JSON error", { target: "/api/search" }, 400],
      ["a static SVG", { target: "/static/logo.svg" }, 200],
      ["a static text file", { target: "/static/notes.txt" }, 200],
      ["robots.txt", { target: "/robots.txt" }, 200],
      ["the sitemap", { target: "/sitemap.xml" }, 200],
      ["a public file", { target: "/favicon.svg" }, 200],
      ["the 404 page", { target: "/guides/nope" }, 404],
      ["a 404 for a static file", { target: "/static/nope.png" }, 404],
      ["an alias redirect", { target: "/second" }, 301],
      ["a canonical redirect", { target: "/guides/first?utm_source=x" }, 301],
      ["a refused method", { target: "/guides/first", method: "DELETE" }, 405],
      ["a refused Host", { target: "/guides/first", rawHeaderLines: ["Host: [::bad"] }, 400],
      ["a webhook refusal", { ...webhook(PUSH), headers: { "Content-Type": "application/json" } }, 401],
    ];

    it.each(kinds)("%s", async (what, request, expected) => {
      const res = await rawRequest(server.url, { ...request, target: request.target.replace("FIRST", first) }, HANG_MS);
      expect(res.status, res.body.slice(0, 200)).toBe(expected);
      expectSecurityHeaders(res, what, true);
    });

    it("a built script bundle, and 304s of a page (from memory and from Remix), of a static file and of a bundle", async () => {
      const html = (await get("/guides/second")).body;
      const bundle = /<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/.exec(html)!;
      const bundleRes = await get(bundle[1] ?? bundle[2]!);
      expect(bundleRes.status).toBe(200);
      expectSecurityHeaders(bundleRes, "a bundle", true);

      const page = await get("/guides/second");
      const fromMemory = await get("/guides/second", { "If-None-Match": page.headers.etag! });
      expect(fromMemory.status).toBe(304);
      expectSecurityHeaders(fromMemory, "a 304 from memory", true);
      // The 304 carries the page's own policy: browsers update the cached copy's headers from it.
      expect(fromMemory.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);

      // A pinned page nobody has read yet: its 304 comes from Remix, rendered to know its policy.
      const pinned = await get(`/guides/second?commit=${first}`);
      const lastModified = bundleRes.headers["last-modified"];
      const stat = await get("/static/logo.svg");
      for (const [what, target, headers] of [
        ["a 304 of a static file", "/static/logo.svg", { "If-None-Match": stat.headers.etag! }],
        ["a 304 of a bundle", bundle[1] ?? bundle[2]!, { "If-Modified-Since": lastModified! }],
        ["a 304 of a pinned page", `/guides/second?commit=${first}`, { "If-None-Match": pinned.headers.etag! }],
      ] as const) {
        const res = await get(target, headers);
        expect(res.status, what).toBe(304);
        expectSecurityHeaders(res, what, true);
      }
    });

    it("an SVG opened directly runs no script: its policy is sandboxed and allows none", async () => {
      const csp = (await get("/static/logo.svg")).headers["content-security-policy"]!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'none'");
      expect(csp).toContain("sandbox");
    });
  });

  describe("Content-Security-Policy of HTML documents", () => {
    it.each(["/guides/first", "/", "/history/guides/first", "/guides/nope", `/guides/first?commit=FIRST`])(
      "%s lists exactly the hashes of its inline scripts, and nothing unsafe",
      async (target) => {
        const res = await get(target.replace("FIRST", first));
        const scripts = inlineScripts(res.body);
        expect(scripts.length).toBeGreaterThanOrEqual(2); // the theme script and Remix's context at least
        const scriptSrc = /script-src ([^;]*)/.exec(res.headers["content-security-policy"]!)![1]!;
        const listed = scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-"));
        expect(new Set(listed)).toEqual(new Set(scripts.map(sha256)));
        expect(scriptSrc.split(" ").filter((s) => !s.startsWith("'sha256-"))).toEqual(["'self'"]);
      },
    );

    it("keeps a page's policy with the page: the replayed copy sends the same one", async () => {
      const rendered = await get("/guides/second");
      const replayed = await get("/guides/second");
      expect(replayed.body).toBe(rendered.body);
      expect(replayed.headers["content-security-policy"]).toBe(rendered.headers["content-security-policy"]);
      const other = await get("/guides/first");
      expect(other.headers["content-security-policy"]).not.toBe(rendered.headers["content-security-policy"]);
    });
  });

  describe("one URL per page and commit", () => {
    it.each([
      ["an abbreviated commit", "/guides/first?commit=SHORT", "/guides/first?commit=FULL"],
      ["an upper-case commit", "/guides/first?commit=UPPER", "/guides/first?commit=FULL"],
      ["tracking parameters", "/guides/first?utm_source=news&fbclid=x", "/guides/first"],
      ["tracking parameters and an abbreviated commit", "/guides/first?utm_medium=x&commit=SHORT", "/guides/first?commit=FULL"],
      ["the Markdown twin", "/guides/first.md?commit=SHORT", "/guides/first.md?commit=FULL"],
      ["the landing page", "/?commit=SHORT&x=1", "/?commit=FULL"],
      ["a history page, parameters reordered", "/history/guides/first?commit=SHORT&page=1&x=2", "/history/guides/first?page=1&commit=FULL"],
      ["a static file", "/static/notes.txt?commit=SHORT&v=2", "/static/notes.txt?commit=FULL"],
      ["the catalogue", "/api/catalogue?commit=SHORT", "/api/catalogue?commit=FULL"],
      ["a sidebar", "/api/sidebars/guides?commit=SHORT", "/api/sidebars/guides?commit=FULL"],
      ["a search", "/api/search?commit=SHORT&q=guide&_=123", "/api/search?q=guide&commit=FULL"],
      ["an alias", "/second?commit=SHORT&utm=1", "/guides/second?commit=FULL"],
      ["a network-path URL", "//guides/first?utm=1", "/guides/first"],
    ])("redirects %s (301) to its canonical URL", async (_, target, location) => {
      const fill = (s: string) => s.replace("SHORT", first.slice(0, 7)).replace("UPPER", first.toUpperCase()).replace("FULL", first);
      const res = await get(fill(target));
      expect(res.status, res.body.slice(0, 200)).toBe(301);
      expect(res.headers.location).toBe(fill(location));
      expect((await get(fill(location))).status).toBe(200);
    });

    it("answers the canonical URL itself with no redirect, and refuses what is not a commit", async () => {
      expect((await get(`/guides/first?commit=${second}`)).status).toBe(200);
      expect((await get("/guides/first")).status).toBe(200);
      expect((await get("/guides/first?commit=zzzzzzz")).status).toBe(400);
      expect((await get("/guides/first?commit=0000000")).status).toBe(404);
    });

    it("does not let 1,000 distinct spellings and unknown URLs push the live pages out of memory", async () => {
      const livePages = ["/guides", "/guides/first", "/guides/second", "/references"];
      for (const p of livePages) await get(p);
      await get(`/guides/first?commit=${first}`);
      const before = await status();
      // 200 of each form, every abbreviation length 7..39 among them: none may be kept, so the
      // counts below must not move at all; more requests would only repeat what these prove.
      const spellings: string[] = [];
      for (let i = 0; spellings.length < 1_000; i++) {
        const commit = i % 2 ? first : second;
        const prefix = commit.slice(0, 7 + (i % 33));
        spellings.push(
          [
            `/guides/first?commit=${prefix}`, // an abbreviation: 301
            `/guides/first?commit=${(i * 2654435761).toString(16).padStart(8, "0").slice(0, 8)}ab`, // an unknown commit: 404
            `/guides/no-such-page-${i}`, // an unknown page: 404
            `/guides/second?utm_campaign=${i}`, // a stray parameter: 301
            `/history/guides/first?commit=${prefix.toUpperCase()}`, // 301
          ][i % 5]!,
        );
      }
      const statuses = new Map<number, number>();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < spellings.length) {
            const res = await fetch(server.url + spellings[next++]!, { redirect: "manual" });
            await res.arrayBuffer();
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          }
        }),
      );
      expect([...statuses.keys()].sort()).toEqual([301, 404]);
      const after = await status();
      expect(after.renderedPages.live.pages).toBe(before.renderedPages.live.pages);
      expect(after.renderedPages.pinned.pages).toBe(before.renderedPages.pinned.pages);
      expect(after.compiles).toBe(before.compiles);
      // Each live page is still answered from memory.
      for (const p of livePages) expect((await get(p)).status).toBe(200);
      expect((await status()).renderedPages.hits - after.renderedPages.hits).toBe(livePages.length);
    });
  });

  describe("origins", () => {
    const FORGED = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http" };

    it.each([
      "/guides/references-not-cached",
      "/references",
      "/",
      "/sitemap.xml",
      "/robots.txt",
      "/guides/nope",
      "/second",
      "/llms.txt",
      "/api/search?q=guide",
    ])("never writes a forged Host or X-Forwarded-Host into %s", async (target) => {
      const res = await get(target, FORGED);
      expect(`${JSON.stringify(res.headers)}${res.body}`).not.toContain("evil.example");
    });

    it("writes absolute URLs with SITE_URL, and keeps nothing a forged Host could have put in a cache", async () => {
      // A page no one has asked for yet, so the forged request is the one that renders it.
      const forged = await get(`/references?commit=${first}`, FORGED);
      expect(forged.body).toContain(`<link rel="canonical" href="https://docs.example.com/references"/>`);
      const plain = await get(`/references?commit=${first}`);
      expect(plain.body).toBe(forged.body);
      expect((await get("/sitemap.xml", FORGED)).body).toContain("<loc>https://docs.example.com/guides/first</loc>");
      expect((await get("/robots.txt", FORGED)).body).toContain("Sitemap: https://docs.example.com/sitemap.xml");
    });
  });
});

describe("origins without SITE_URL", () => {
  /** The run's shared server: no SITE_URL, no ALLOWED_HOSTS. */
  const plain = inject("embeddedSiteUrl");
  let allowed: RunningServer | undefined;

  beforeAll(async () => {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    allowed = await startServer({ CONTENT_REPO: work.dir, ALLOWED_HOSTS: "docs.example.com, https://mirror.example.org" });
  });
  afterAll(() => allowed?.stop());

  const canonical = (res: RawResponse) => /<link rel="canonical" href="([^"]+)"/.exec(res.body)?.[1];

  it("falls back to http://localhost:<PORT>, whatever Host says", async () => {
    const { port } = new URL(plain); // the helper sets PORT to it
    const res = await rawRequest(
      plain,
      {
        target: "/guides",
        headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
      },
      HANG_MS,
    );
    expect(canonical(res)).toBe(`http://localhost:${port}/guides`);
    // Not an https site: no Strict-Transport-Security, every other header as usual.
    expectSecurityHeaders(res, "a page without SITE_URL", false);
    expect((await rawRequest(plain, { target: "/robots.txt", headers: { Host: "evil.example" } }, HANG_MS)).body).toContain(
      `Sitemap: http://localhost:${port}/sitemap.xml`,
    );
  });

  it("uses the ALLOWED_HOSTS origin the Host names, else the first, and caches each apart", async () => {
    const ask = (host: string) =>
      rawRequest(allowed!.url, { target: "/guides/first", headers: { Host: host, "X-Forwarded-Host": "evil.example" } }, HANG_MS);
    for (let i = 0; i < 2; i++) {
      expect(canonical(await ask("mirror.example.org"))).toBe("https://mirror.example.org/guides/first");
      expect(canonical(await ask("DOCS.example.com"))).toBe("http://docs.example.com/guides/first");
      expect(canonical(await ask("evil.example"))).toBe("http://docs.example.com/guides/first");
    }
    const sitemap = await rawRequest(allowed!.url, { target: "/sitemap.xml", headers: { Host: "mirror.example.org" } }, HANG_MS);
    expect(sitemap.body).toContain("<loc>https://mirror.example.org/guides/first</loc>");
  });
});

describe("pinned-commit search under rotation", () => {
  let server: RunningServer;
  let commits: string[] = [];
  const PAGES = 50;

  beforeAll(async () => {
    // Enough pages that an index takes a while to build, so a client's next requests find its
    // build pending, and a commit per rotation step. Each pinned build is followed by a rest
    // three times as long, so the rotation's length grows with the pages.
    const files: Record<string, string> = sampleContent();
    for (let i = 0; i < PAGES; i++)
      Object.assign(
        files,
        page(`guides/extra-${i}`, `Extra ${i}`, `## Part ${i}\n\n${"Validators stake and vote on checkpoints. ".repeat(40)}`),
      );
    const work = WorkingCopy.init().write(files);
    commits.push(work.commit("Many pages"));
    for (let i = 0; i < 10; i++) {
      work.write(page(`guides/extra-${i}`, `Extra ${i}`, `## Revised ${i}\n\nRevision ${i}.`));
      commits.push(work.commit(`Revise ${i}`));
    }
    commits = commits.slice(0, -1); // the last one is live
    server = await startServer({ CONTENT_REPO: work.publishBare() });
    // The live index is built as the server starts: on a busy machine a search meanwhile answers 503.
    await waitFor(async () => (await fetch(`${server.url}/api/search?q=validators`)).status === 200, undefined, 200);
  });
  afterAll(() => server?.stop());

  /** One request from a given loopback address, so the server sees distinct clients. */
  function from(localAddress: string, target: string): Promise<RawResponse> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port: Number(port), host: "127.0.0.1", localAddress });
      const chunks: Buffer[] = [];
      socket.on("data", (d) => chunks.push(d));
      socket.on("error", reject);
      socket.on("close", () => resolve(parseResponse(Buffer.concat(chunks))));
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
  }

  it("holds one client to one pending build (429 with Retry-After), serves another client and the live site meanwhile", async () => {
    const attack = commits.map((c) => from("127.0.0.1", `/api/search?q=validators&commit=${c}`));
    const other = from("127.0.0.2", `/api/search?q=validators&commit=${commits[0]}`);
    const live = await Promise.all([
      from("127.0.0.3", "/guides/first"),
      from("127.0.0.3", "/api/search?q=validators"),
      from("127.0.0.1", "/api/catalogue"),
    ]);
    for (const res of live) expect(res.status, res.body.slice(0, 200)).toBe(200);
    const answers = await Promise.all(attack);
    const statuses = answers.map((a) => a.status);
    expect(
      statuses.every((s) => [200, 429, 503].includes(s)),
      String(statuses),
    ).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
      expect(JSON.parse(refused.body).error).toMatch(/ask again in \d+ s/);
    }
    expect((await other).status).toBe(200);
  });

  it("keeps answering rotated searches within bounds, and the live site with 200s, while eight clients rotate", async () => {
    // One round over the ten commits already misses on every request (three indexes are kept),
    // so each round rebuilds as the first does: one is enough to keep the server busy building.
    const statuses: number[] = [];
    const liveStatuses: number[] = [];
    let rotating = true;
    const attackers = Array.from({ length: 8 }, async (_, client) => {
      for (const c of commits) statuses.push((await from(`127.0.1.${client + 1}`, `/api/search?q=stake&commit=${c}`)).status);
    });
    const reader = (async () => {
      while (rotating) {
        liveStatuses.push((await from("127.0.0.9", "/guides/first")).status, (await from("127.0.0.9", "/api/search?q=validators")).status);
        // A reader's pace, not a load: the eight clients' builds are what keeps the server busy.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.all(attackers);
    rotating = false;
    await reader;
    expect(new Set(statuses).size).toBeGreaterThan(0);
    expect(
      [...new Set(statuses)].every((s) => [200, 429, 503].includes(s)),
      String([...new Set(statuses)]),
    ).toBe(true);
    expect(liveStatuses.length).toBeGreaterThan(4);
    expect(new Set(liveStatuses)).toEqual(new Set([200]));
  });
});

describe("webhook limits", () => {
  let server: RunningServer;
  let remote: GitHttpRemote;
  const fetches = () => remote.requests.filter((r) => r.url.includes("/info/refs?service=git-upload-pack")).length;

  beforeAll(async () => {
    const seed = WorkingCopy.init().write(sampleContent());
    seed.commit("First version");
    remote = await GitHttpRemote.start();
    const url = remote.publish(seed.dir);
    server = await startServer({ CONTENT_REPO: url, WEBHOOK_SECRET: SECRET, POLL_INTERVAL: "0" });
    // The fetch every start makes may still be under way: the tests below count the fetches their deliveries cause.
    const started = async () => JSON.parse((await rawRequest(server.url, { target: "/api/status" }, HANG_MS)).body).lastFetch !== undefined;
    await waitFor(started, HANG_MS, 100);
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
  });
  /** Whether the fetches the deliveries asked for are done: the server is no longer catching up. */
  const settled = async () => JSON.parse((await rawRequest(server.url, { target: "/api/status" }, HANG_MS)).body).catchingUp === undefined;

  /** Sends a request head (and `body`, if any) and leaves the socket open; resolves with what the server answers. */
  function stall(head: string, body = ""): { answer: Promise<string>; socket: net.Socket } {
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    let data = "";
    socket.on("data", (d) => (data += d));
    socket.on("error", () => {});
    const answer = new Promise<string>((resolve) => {
      socket.on("data", () => data.includes("\r\n\r\n") && data.includes("}") && resolve(data));
      socket.on("close", () => resolve(data));
    });
    socket.write(`${head}\r\n\r\n${body}`);
    return { answer, socket };
  }

  const head = (length: number) =>
    `POST /api/webhooks/git HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-GitHub-Event: push\r\n` +
    `X-Hub-Signature-256: ${sign("x")}\r\nContent-Length: ${length}`;

  it("refuses a body whose Content-Length is over the limit before a byte of it arrives", async () => {
    const { answer, socket } = stall(head(100 * 1024 * 1024));
    const text = await answer;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    // Its body never comes: any answer at all was given before reading it.
    expect(text).toContain("larger than 5 MB");
  });

  it("acknowledges a delivery id seen before without fetching again", async () => {
    const before = fetches();
    const first = await rawRequest(server.url, webhook(PUSH, { "X-GitHub-Delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958" }), HANG_MS);
    expect(first.status).toBe(202);
    // Settled first: a replay's fetch asked for while this one runs would only be folded into it.
    await waitFor(async () => fetches() === before + 1 && (await settled()));
    const again = await rawRequest(server.url, webhook(PUSH, { "X-GitHub-Delivery": "72d3162e-cc78-11e3-81ab-4c9367dc0958" }), HANG_MS);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).message).toMatch(/already received/);
    // A replay with a forged signature is refused, and a new delivery id is fetched for.
    const forged = await rawRequest(
      server.url,
      {
        ...webhook(PUSH),
        headers: { ...webhook(PUSH).headers, "X-Hub-Signature-256": `sha256=${"0".repeat(64)}`, "X-GitHub-Delivery": "new-id" },
      },
      HANG_MS,
    );
    expect(forged.status).toBe(401);
    expect((await rawRequest(server.url, webhook(PUSH, { "X-GitHub-Delivery": "new-id" }), HANG_MS)).status).toBe(202);
    // Counted once the new id's fetch is done and the server has settled (no longer catching up):
    // a fetch for the replay would have started before it, so it would be counted too.
    await waitFor(async () => fetches() >= before + 2 && (await settled()));
    expect(fetches()).toBe(before + 2);
  });

  it("refuses a delivery without a well-formed signature before reading its body, and gives each address its own turns (2 read, 256 wait)", async () => {
    // Refused at once with 401, though their bodies never finish: a body read first would end in a 408 after 10 s.
    const unsigned = stall(head(1000).replace(/\r\nX-Hub-Signature-256: [^\r]*/, ""), "{");
    const malformed = stall(head(1000).replace(/(X-Hub-Signature-256: sha256=)[0-9a-f]+/, "$1zz"), "{");
    for (const { answer, socket } of [unsigned, malformed]) {
      const text = await answer;
      socket.destroy();
      expect(text).toMatch(/^HTTP\/1\.1 401 /);
      expect(text).toContain("X-Hub-Signature-256");
    }
    // 2 senders from this address stall mid-body and hold its reading turns; 256 more wait for one; the
    // line is full once the 4 past them have been refused, and so is its next delivery.
    const stalled = Array.from({ length: 2 + 256 + 4 }, () => stall(head(1000), "{"));
    let refusedStalls = 0;
    for (const s of stalled) void s.answer.then((text) => text.startsWith("HTTP/1.1 503 ") && refusedStalls++);
    await waitFor(async () => refusedStalls >= 4);
    const refused = await rawRequest(server.url, webhook(PUSH, { "X-GitHub-Delivery": "while-busy" }), HANG_MS);
    expect(refused.status).toBe(503);
    expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
    expect(JSON.parse(refused.body).error).toMatch(/from your address/);
    // Another address has turns of its own: its delivery is read at once.
    const elsewhere = await rawRequest(server.url, webhook(PUSH, { "X-GitHub-Delivery": "from-elsewhere" }), HANG_MS, "127.0.0.2");
    expect(elsewhere.status).toBe(202);
    // The live site does not notice.
    expect((await rawRequest(server.url, { target: "/guides/first" }, HANG_MS)).status).toBe(200);
    const answers = await Promise.all(stalled.map((s) => s.answer));
    for (const s of stalled) s.socket.destroy();
    // The readers time out (408); the waiters are refused (503), or time out in their turn.
    const statuses = answers.map((a) => Number(/^HTTP\/1\.1 (\d+)/.exec(a)?.[1]));
    expect(statuses.filter((s) => s === 408).length).toBeGreaterThanOrEqual(2);
    expect(
      statuses.every((s) => s === 408 || s === 503),
      String(new Set(statuses)),
    ).toBe(true);
    expect(answers.find((a) => a.startsWith("HTTP/1.1 408"))).toContain("did not arrive within 10 s");
    // Once they are gone, a delivery is read at once.
    expect((await rawRequest(server.url, webhook(PUSH, { "X-GitHub-Delivery": "after-the-stall" }), HANG_MS)).status).toBe(202);
  });
});
