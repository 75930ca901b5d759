import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { git, page, sampleContent, tempDir, WorkingCopy } from "./helpers/git";
import { pushOverHttp } from "./helpers/git-http";
import { commandLines, killTree } from "./helpers/processes";
import { startServer, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, secondGuide, type Status } from "./helpers/site";

/** Incompressible bytes, so a pack holding them is as large as they are. */
const noise = (bytes: number) => randomBytes(bytes).toString("base64");

/** The clone the server keeps in DATA_DIR. */
function cloneIn(dataDir: string): string {
  const name = fs.readdirSync(dataDir).find((n) => /^remote-[0-9a-f]+\.git$/.test(n));
  if (!name) throw new Error(`no clone in ${dataDir}: ${fs.readdirSync(dataDir).join(", ")}`);
  return path.join(dataDir, name);
}

/** git fsck over every object and ref: what a crash must never leave broken. */
const fsck = (gitdir: string) =>
  execFileSync("git", ["--git-dir", gitdir, "fsck", "--no-progress", "--no-dangling"], { encoding: "utf8", stdio: "pipe" });

describe("faults lose nothing", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });
  const start = async (env: Record<string, string>) => {
    const server = await startServer(env);
    servers.push(server);
    return server;
  };

  it("a server killed with SIGKILL during a slow fetch restarts on complete objects and publishes the commit", async () => {
    const { remote, work } = await remoteWithContent();
    const dataDir = tempDir("sui-docs-data-");
    const env = { CONTENT_REPO: remote.url(), POLL_INTERVAL: "0", WEBHOOK_SECRET: "remote-test-secret", DATA_DIR: dataDir };
    try {
      const first = await start(env);
      const before = (await client(first).status()).commit;
      work.write({ ...secondGuide("Arrived after the crash."), "static/big.txt": noise(300_000) });
      const oid = work.commit("Big push");
      await pushOverHttp(work);
      remote.slowUploadPack(30_000);
      const asked = Date.now();
      await client(first).webhook("refs/heads/main", oid);
      // Killed once the remote has sent the pack but for its end: the fetch is halfway through.
      await waitFor(
        async () =>
          remote.heldPacks > 0 &&
          remote.requests.some((r) => r.at >= asked && r.url.endsWith("/git-upload-pack") && r.userAgent.startsWith("git/")),
        undefined,
        10,
      );
      killTree(first.pid);
      remote.slowUploadPack(0);

      const clone = cloneIn(dataDir);
      const ref = git(dataDir, "--git-dir", clone, "rev-parse", "refs/remotes/origin/main");
      expect([before, oid]).toContain(ref);
      fsck(clone);

      const second = await start(env);
      const site = client(second);
      expect(second.output()).toContain(`at ${before.slice(0, 7)}`);
      await waitFor(async () => (await site.status()).commit === oid).catch((error) => {
        console.log(second.output()); // the server's log says why the commit was not published
        throw error;
      });
      expect(await site.text("/guides/second")).toContain("Arrived after the crash.");
      expect((await site.status()).lastError).toBeUndefined();
    } finally {
      await remote.stop();
    }
  });

  it("a connection dropped in the middle of the pack leaves the ref and the site as they were, and the next fetch publishes", async () => {
    const { remote, work } = await remoteWithContent();
    try {
      const server = await start({ CONTENT_REPO: remote.url(), POLL_INTERVAL: "0", WEBHOOK_SECRET: "remote-test-secret" });
      const site = client(server);
      const before = (await site.status()).commit;
      work.write({ ...secondGuide("After the dropped connection."), "static/big.txt": noise(200_000) });
      const oid = work.commit("Big push");
      await pushOverHttp(work);
      remote.dropUploadPack(20_000);
      const asked = new Date();
      await site.webhook("refs/heads/main", oid);
      await waitFor(async () => {
        const error = (await site.status()).lastError;
        return !!error && new Date(error.at) >= asked;
      });
      const status: Status = await site.status();
      expect(status.commit).toBe(before);
      expect(status.lastError!.message).toMatch(/^fetch failed: git fetch: /);
      expect(await site.text("/guides/second")).not.toContain("After the dropped connection.");

      remote.dropUploadPack(undefined);
      await site.webhook("refs/heads/main", oid);
      await waitFor(async () => (await site.status()).commit === oid);
      expect(await site.text("/guides/second")).toContain("After the dropped connection.");
    } finally {
      await remote.stop();
    }
  });

  const tmpfs = tempDir("sui-docs-tmpfs-");
  const canMount = (() => {
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", tmpfs], { stdio: "pipe" });
      return true;
    } catch {
      return false;
    }
  })();
  afterAll(() => {
    if (canMount) execFileSync("umount", ["-l", tmpfs]);
  });

  // Needs root (mount -t tmpfs); elsewhere it is skipped and says so.
  it.skipIf(!canMount)("a full disk (ENOSPC) fails the fetch, keeps serving, and the fetch after space is freed publishes", async () => {
    const { remote, work } = await remoteWithContent();
    try {
      const server = await start({ CONTENT_REPO: remote.url(), POLL_INTERVAL: "0", WEBHOOK_SECRET: "remote-test-secret", DATA_DIR: tmpfs });
      const site = client(server);
      const before = (await site.status()).commit;
      work.write({ ...secondGuide("Fits once there is room."), "static/big.txt": noise(4_000_000) });
      const oid = work.commit("Too big for the disk");
      await pushOverHttp(work);
      const asked = new Date();
      await site.webhook("refs/heads/main", oid);
      await waitFor(async () => {
        const error = (await site.status()).lastError;
        return !!error && new Date(error.at) >= asked;
      });
      const status: Status = await site.status();
      expect(status.commit).toBe(before);
      expect(status.lastError!.message).toMatch(/No space left on device|unable to write|write error/i);
      expect((await site.get("/guides/second")).status).toBe(200);
      fsck(cloneIn(tmpfs));

      execFileSync("mount", ["-o", "remount,size=64m", tmpfs]);
      await site.webhook("refs/heads/main", oid);
      await waitFor(async () => (await site.status()).commit === oid);
      expect(await site.text("/guides/second")).toContain("Fits once there is room.");
    } finally {
      await remote.stop();
    }
  });

  /** A bare repository whose guides/second blob, changed in a second commit, can be damaged on disk. */
  function repositoryWithDamage(damage: (bare: string, blob: string) => void): { bare: string; blob: string } {
    const work = WorkingCopy.init().write(sampleContent());
    work.commit("First version");
    const bare = tempDir("sui-docs-bare-");
    git(bare, "clone", "-q", "--bare", "--no-local", work.dir, ".");
    work.write(secondGuide("The damaged page."));
    work.commit("Second version");
    git(work.dir, "push", "-q", bare, "HEAD:main");
    const blob = git(bare, "rev-parse", "main:docs/guides/second.mdx");
    damage(bare, blob);
    return { bare, blob };
  }

  const loosePath = (bare: string, oid: string) => path.join(bare, "objects", oid.slice(0, 2), oid.slice(2));

  it.each([
    [
      "a corrupt loose object",
      (bare: string, blob: string) => {
        const file = loosePath(bare, blob);
        if (!fs.existsSync(file)) git(bare, "unpack-objects", "-q"); // never: a small push is stored loose
        fs.rmSync(file);
        fs.writeFileSync(file, "this is not a zlib stream");
      },
    ],
    [
      "a truncated pack",
      (bare: string, blob: string) => {
        const name = execFileSync("git", ["--git-dir", bare, "pack-objects", "-q", path.join(bare, "objects/pack/pack")], {
          input: `${blob}\n`,
          encoding: "utf8",
        }).trim();
        fs.rmSync(loosePath(bare, blob), { force: true });
        const pack = path.join(bare, "objects/pack", `pack-${name}.pack`);
        fs.truncateSync(pack, Math.floor(fs.statSync(pack).size / 2));
      },
    ],
  ])(
    "%s costs only the page that needs it, which answers 500 naming the object; /api/status and one log line name the object and path",
    async (_name, damage) => {
      const { bare, blob } = repositoryWithDamage(damage);
      const server = await start({ CONTENT_REPO: bare });
      const site = client(server);
      expect((await site.get("/guides/first")).status).toBe(200);
      expect((await site.get("/references")).status).toBe(200);
      for (const path of ["/guides/second", "/guides/second.md"]) {
        const response = await site.get(path);
        expect(response.status).toBe(500);
        expect(await response.text()).toContain(`object ${blob} of docs/guides/second.mdx cannot be read`);
      }
      expect((await site.get("/guides/no-such-page")).status).toBe(404);
      const status: Status = await site.status();
      expect(status.damaged).toEqual([expect.objectContaining({ object: blob, path: "docs/guides/second.mdx" })]);
      const lines = server
        .output()
        .split("\n")
        .filter((l) => l.includes(blob));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("docs/guides/second.mdx");
    },
  );

  it("an old commit in a truncated pack answers 500 at ?commit= naming the commit and the pack, not 404 as if it never existed", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    const old = work.commit("First version");
    const bare = work.publishBare(); // a local clone: every object loose
    work.write(secondGuide("The live page."));
    const live = work.commit("Second version");
    work.push();
    const server = await start({ CONTENT_REPO: bare });
    const site = client(server);
    expect((await site.get(`/guides/first?commit=${old}`)).status).toBe(200);
    await server.stop();

    // The old commit alone in a pack, the pack truncated: git then answers "missing" for it.
    const name = execFileSync("git", ["--git-dir", bare, "pack-objects", "-q", path.join(bare, "objects/pack/pack")], {
      input: `${old}\n`,
      encoding: "utf8",
    }).trim();
    fs.rmSync(loosePath(bare, old), { force: true });
    const pack = path.join(bare, "objects/pack", `pack-${name}.pack`);
    fs.truncateSync(pack, Math.floor(fs.statSync(pack).size / 2));

    const again = client(await start({ CONTENT_REPO: bare }));
    const response = await again.get(`/api/catalogue?commit=${old}`);
    expect(response.status).toBe(500);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain(`object ${old} of the content repository cannot be read`);
    expect(error).toContain(`pack-${name}.pack does not match its index`);
    expect((await again.status()).commit).toBe(live);
  });

  it("a pushed commit whose folder (tree object) cannot be read never goes live; the last good commit stays and /api/status says why", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    const good = work.commit("Good");
    const bare = work.publishBare();
    const server = await start({ CONTENT_REPO: bare });
    const site = client(server);
    expect((await site.status()).commit).toBe(good);

    work.write({ ...secondGuide("In a folder that cannot be read."), ...page("guides/third", "Third Guide", "New.") });
    const broken = work.commit("Guides folder damaged on the server");
    // The objects arrive under another ref, the folder's tree is lost, and only then does main move:
    // what a copy interrupted between objects and refs leaves behind.
    git(work.dir, "push", "-q", "origin", "HEAD:refs/heads/incoming");
    const tree = git(bare, "rev-parse", `${broken}:docs/guides`);
    fs.rmSync(loosePath(bare, tree));
    git(bare, "update-ref", "refs/heads/main", broken);

    await waitFor(async () => (await site.status()).lastError?.commit === broken);
    const status: Status = await site.status();
    expect(status.commit).toBe(good);
    expect(status.lastError).toMatchObject({
      file: "docs/guides",
      message: expect.stringContaining(`object ${tree} of docs/guides cannot be read`),
    });
    expect(status.damaged).toEqual([expect.objectContaining({ object: tree, path: "docs/guides" })]);
    expect((await site.get("/guides/first")).status).toBe(200);
    expect((await site.get("/guides/third")).status).toBe(404);
  });

  it("a truncated pack: the last readable commit is served, /api/status names the damage, the clone repairs itself, a push goes live", async () => {
    const { remote, work } = await remoteWithContent();
    const dataDir = tempDir("sui-docs-data-");
    const env = { CONTENT_REPO: remote.url(), POLL_INTERVAL: "0", WEBHOOK_SECRET: "remote-test-secret", DATA_DIR: dataDir };
    try {
      const first = await start(env);
      const readable = (await client(first).status()).commit;
      // 150 new pages: a fetch of 100 objects or more is kept as a pack (transfer.unpackLimit), so
      // this commit's objects are all in one pack, while the first commit's were fetched loose.
      const pages = Object.assign({}, ...Array.from({ length: 150 }, (_, i) => page(`many/page-${i}`, `Page ${i}`, `Page ${i}.`)));
      work.write({ ...pages, ...secondGuide("In the pack.") });
      const packed = work.commit("150 pages");
      await pushOverHttp(work);
      await client(first).webhook("refs/heads/main", packed);
      await waitFor(async () => (await client(first).status()).commit === packed);
      await first.stop();

      const clone = cloneIn(dataDir);
      const packs = fs.readdirSync(path.join(clone, "objects/pack")).filter((name) => name.endsWith(".pack"));
      expect(packs).toHaveLength(1);
      const pack = path.join(clone, "objects/pack", packs[0]!);
      fs.truncateSync(pack, Math.floor(fs.statSync(pack).size / 2));

      // The repair clones again from the remote: held, so the site can be seen while it waits.
      const release = remote.holdFetches();
      const second = await start(env);
      const site = client(second);
      let status = (await site.status()) as Status & { repair?: { state: string; damage: string } };
      expect(status.commit).toBe(readable);
      expect(status.damaged).toEqual([expect.objectContaining({ object: packed, message: expect.stringContaining(packs[0]!) })]);
      expect(status.repair).toMatchObject({
        state: "repairing",
        damage: expect.stringContaining(`pack ${packs[0]} does not match its index`),
      });
      const before = await site.get("/guides/second");
      expect(before.status).toBe(200);
      expect(await before.text()).not.toContain("In the pack.");
      expect((await site.get("/guides/first")).status).toBe(200);
      const catalogue = (await (await site.get("/api/catalogue")).json()) as Array<{ id: string }>;
      expect(catalogue.map((entry) => entry.id)).toContain("guides/first");

      release();
      await waitFor(async () => (await site.status()).commit === packed);
      status = await site.status();
      expect(status.repair).toMatchObject({ state: "repaired" });
      expect(status.damaged).toBeUndefined();
      expect(await site.text("/guides/second")).toContain("In the pack.");
      expect((await site.get("/many/page-149")).status).toBe(200);
      expect(second.output()).toMatch(/repaired the clone of .* a fresh clone replaced the damaged one/);
      expect(fsck(cloneIn(dataDir))).toBe("");

      work.write(secondGuide("After the repair."));
      const after = work.commit("After the repair");
      await pushOverHttp(work);
      await site.webhook("refs/heads/main", after);
      await waitFor(async () => (await site.status()).commit === after);
      expect(await site.text("/guides/second")).toContain("After the repair.");
    } finally {
      await remote.stop();
    }
  });

  it("at start, a branch naming a missing commit falls back to the last live commit, and a broken commit pushed while down never goes live", async () => {
    const work = WorkingCopy.init().write(sampleContent());
    const good = work.commit("Good");
    const bare = work.publishBare();
    const env = { CONTENT_REPO: bare, DATA_DIR: tempDir("sui-docs-data-") };
    const first = await start(env);
    expect((await client(first).status()).commit).toBe(good);
    await first.stop();

    // A ref written by something that died before the objects were: it names a commit that is not there.
    const missing = "1234567890abcdef1234567890abcdef12345678";
    fs.writeFileSync(path.join(bare, "refs/heads/main"), `${missing}\n`);
    const second = await start(env);
    let site = client(second);
    expect(second.output()).toContain(`at ${good.slice(0, 7)}`);
    await waitFor(async () => (await site.status()).lastError?.commit === missing);
    expect((await site.status()).commit).toBe(good);
    expect((await site.get("/guides/second")).status).toBe(200);
    await second.stop();

    fs.writeFileSync(path.join(bare, "refs/heads/main"), `${good}\n`);
    work.write(page("guides/second", "Second Guide", "<div>never closed", { sidebar: "guidesSidebar" }));
    const broken = work.commit("Broken while the site was down");
    work.push();
    const third = await start(env);
    site = client(third);
    await waitFor(async () => (await site.status()).lastError?.commit === broken);
    expect((await site.status()).commit).toBe(good);
    expect((await site.status()).lastError!.file).toBe("docs/guides/second.mdx");
  });
});

describe("secrets stay secret", () => {
  it("never prints a URL's password or GIT_TOKEN, sends the token as a header, and keeps both off command lines", async () => {
    const { remote } = await remoteWithContent();
    const password = "url-password-6f1e";
    const token = "ghp_token_0c9a7b5d3e";
    const url = remote.url().replace("http://", `http://reader:${password}@`);
    try {
      const server = await startServer({ CONTENT_REPO: url, GIT_TOKEN: token, POLL_INTERVAL: "0", WEBHOOK_SECRET: "remote-test-secret" });
      const site = client(server);
      try {
        const header = remote.requests.find((r) => r.userAgent.startsWith("git/"))?.authorization;
        expect(header).toBe(`Basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`);

        const release = remote.holdFetches();
        const asked = Date.now();
        await site.webhook("refs/heads/main", "0".repeat(40));
        await waitFor(async () => remote.requests.some((r) => r.at >= asked));
        // The request seen may be the end of the start's fetch of every branch and tag, which can
        // finish before the webhook's fetch starts: read the command lines until that one runs (held).
        let running = "";
        await waitFor(async () => (running = commandLines(server.pid).join("\n")).includes("fetch"));
        expect(running).toContain("fetch");
        release();

        remote.fail(500);
        const failedAt = new Date();
        await site.webhook("refs/heads/main", "0".repeat(40));
        await waitFor(async () => {
          const error = (await site.status()).lastError;
          return !!error && new Date(error.at) >= failedAt;
        });
        remote.recover();
        const status = JSON.stringify(await site.status());
        expect(status).toContain("fetch failed");
        expect(status).toContain("http://***@127.0.0.1"); // the origin is named, redacted
        for (const text of [status, server.output(), running]) {
          expect(text).not.toContain(password);
          expect(text).not.toContain(token);
          expect(text).not.toContain(Buffer.from(`x-access-token:${token}`).toString("base64"));
        }
      } finally {
        await server.stop();
      }
    } finally {
      await remote.stop();
    }
  });
});
