import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, page, type WorkingCopy } from "./helpers/git";
import { GitHttpRemote, gitAsync } from "./helpers/git-http";
import { startServer, HANG_MS, waitFor, type RunningServer } from "./helpers/server";
import { client, remoteWithContent, signedDelivery, WEBHOOK_SECRET } from "./helpers/site";

const TOKEN = "ghp_testTokenThatMustNeverBeLogged0123456789";

interface Posted {
  path: string;
  authorization?: string;
  body: { state: string; description: string; target_url: string; context: string };
  answered: number;
}

/** Answers as GitHub's REST API does to POST /repos/{owner}/{repo}/statuses/{sha}, recording each post; `failFirst` shas get a 502 first. */
async function fakeGitHub(): Promise<{ url: string; posts: Posted[]; failFirst: Set<string>; close: () => Promise<void> }> {
  const posts: Posted[] = [];
  const failFirst = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const match = /^\/repos\/([^/]+)\/([^/]+)\/statuses\/([0-9a-f]{40})$/.exec(req.url ?? "");
      if (req.method !== "POST" || !match) {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ message: "Not Found" }));
        return;
      }
      const sha = match[3]!;
      const answered = failFirst.delete(sha) ? 502 : 201;
      posts.push({ path: req.url!, authorization: req.headers.authorization, body: JSON.parse(body) as Posted["body"], answered });
      if (answered === 502) {
        res.writeHead(502, { "Content-Type": "text/html" }).end("<html><body>Bad gateway</body></html>");
        return;
      }
      const status = JSON.parse(body) as Record<string, unknown>;
      res
        .writeHead(201, { "Content-Type": "application/json; charset=utf-8" })
        .end(
          JSON.stringify({ id: posts.length, url: `https://api.github.com${req.url}`, ...status, created_at: new Date().toISOString() }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posts,
    failFirst,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("commit statuses on pull requests (GITHUB_TOKEN), against a local GitHub API", () => {
  let remote: GitHttpRemote;
  let work: WorkingCopy;
  let server: RunningServer;
  let site: ReturnType<typeof client>;
  let github: Awaited<ReturnType<typeof fakeGitHub>>;
  const latencies: number[] = [];

  beforeAll(async () => {
    ({ remote, work } = await remoteWithContent());
    github = await fakeGitHub();
    server = await startServer({
      CONTENT_REPO: remote.url(),
      WEBHOOK_SECRET,
      POLL_INTERVAL: "0",
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: github.url,
      SITE_URL: "https://docs.example.com",
    });
    site = client(server);
  });
  afterAll(async () => {
    await server?.stop();
    await remote?.stop();
    await github?.close();
    if (latencies.length) console.log(`pull request event to commit status: ${latencies.join(", ")} ms`);
  });

  /** A pull_request event as GitHub sends it, the pull request targeting `base`. */
  function pullRequestEvent(action: string, pull: number, sha: string, base = "main"): Promise<Response> {
    const payload = {
      action,
      number: pull,
      pull_request: { head: { sha }, base: { ref: base } },
      repository: { full_name: "mystenlabs/docs" },
    };
    return site.get("/api/webhooks/git", { method: "POST", ...signedDelivery("pull_request", payload) });
  }

  /** Commits a change of the second guide on main's tip and pushes it as pull request `pull`'s head. */
  async function pushPull(pull: number, body: string): Promise<string> {
    git(work.dir, "checkout", "-q", "--detach", "main");
    work.write(page("guides/second", "Second Guide", `## Next\n\n${body}`, { sidebar: "guidesSidebar" }));
    const sha = work.commit(`Pull request ${pull}: ${body}`);
    await gitAsync(work.dir, "push", "-q", "--force", "origin", `HEAD:refs/pull/${pull}/head`);
    return sha;
  }

  const postsFor = (sha: string) => github.posts.filter((post) => post.path.endsWith(`/statuses/${sha}`));

  /** Sends the event and waits for the status GitHub accepted; returns the time from the event to it. */
  async function statusOf(action: string, pull: number, sha: string, base?: string): Promise<Posted> {
    const started = Date.now();
    expect((await pullRequestEvent(action, pull, sha, base)).status).toBe(202);
    await waitFor(async () => postsFor(sha).some((post) => post.answered === 201), HANG_MS, 10);
    latencies.push(Date.now() - started);
    return postsFor(sha).find((post) => post.answered === 201)!;
  }

  it("posts the checks of a pull request's head on it, with its preview (whose banner links the checks) as target", async () => {
    const sha = await pushPull(5, "Read [a page that never was](/guides/missing).");
    const post = await statusOf("opened", 5, sha);
    expect(post.path).toBe(`/repos/mystenlabs/docs/statuses/${sha}`);
    expect(post.authorization).toMatch(new RegExp(`^(token|bearer) ${TOKEN}$`, "i"));
    expect(post.body).toEqual({
      state: "failure",
      description: "1 broken link; pages: 1 changed, 0 added, 0 removed",
      context: "docs/checks",
      target_url: "https://docs.example.com/?ref=pull/5",
    });
    // The preview's banner links the checks, and they are the ones the status sums up.
    const preview = await (await site.get("/?ref=pull/5")).text();
    expect(preview).toContain('href="/checks?ref=pull%2F5"');
    const report = (await (await site.get("/api/checks?ref=pull%2F5")).json()) as { commit: string; description: string };
    expect(report).toMatchObject({ commit: sha, description: post.body.description });
  });

  it("posts once per head commit: a repeated event for the same head posts nothing more", async () => {
    const first = git(work.dir, "rev-parse", "HEAD");
    expect((await pullRequestEvent("reopened", 5, first)).status).toBe(202);
    // A later head of the same pull request is posted after the repeated event was handled.
    const sha = await pushPull(5, "Back to [the first guide](/guides/first).");
    const post = await statusOf("synchronize", 5, sha);
    expect(post.body.state).toBe("success");
    expect(post.body.description).toBe("Nothing broken; pages: 1 changed, 0 added, 0 removed");
    expect(postsFor(first)).toHaveLength(1);
  });

  it("retries a post GitHub answers with a 502, and never logs the token", async () => {
    const sha = await pushPull(6, "Another proposal.");
    github.failFirst.add(sha);
    const post = await statusOf("opened", 6, sha);
    expect(postsFor(sha).map((p) => p.answered)).toEqual([502, 201]);
    expect(post.body.target_url).toBe("https://docs.example.com/?ref=pull/6");
    expect(server.output()).toMatch(/commit status for mystenlabs\/docs@[0-9a-f]{7}: attempt 1 failed \(502/);
    expect(server.output()).not.toContain(TOKEN);
    const status = (await (await site.get("/api/status")).json()) as { commitStatuses: { posted: number; failed: number } };
    expect(status.commitStatuses).toEqual({ posted: 3, failed: 0 });
  });

  it("checks a pull request against the branch it targets, fetched first when the site has not seen it", async () => {
    // A release branch the server has not fetched (no poll, no push event), with a page main lacks
    // whose link is broken there already: the pull request does not break it.
    git(work.dir, "checkout", "-q", "-B", "release", "main");
    work.write(
      page("guides/fourth", "Fourth Guide", "Only on the release branch, linking [a page it lost](/guides/gone).", {
        sidebar: "guidesSidebar",
      }),
    );
    work.commit("A guide for the release");
    await gitAsync(work.dir, "push", "-q", "origin", "release");
    work.write(page("guides/second", "Second Guide", "## Next\n\nOn to [the fourth guide](/guides/fourth).", { sidebar: "guidesSidebar" }));
    const sha = work.commit("Pull request 7: link the release's guide");
    await gitAsync(work.dir, "push", "-q", "--force", "origin", "HEAD:refs/pull/7/head");
    const post = await statusOf("opened", 7, sha, "release");
    // Against main, which lacks the fourth guide, the guide and its broken link would be the pull request's.
    expect(post.body).toEqual({
      state: "success",
      description: "Nothing broken; pages: 1 changed, 0 added, 0 removed",
      context: "docs/checks",
      target_url: "https://docs.example.com/?ref=pull/7",
    });
    // The checks its preview links compare with the branch the event named, as the status did.
    for (const query of ["ref=pull/7", "ref=pull/7&base=release"]) {
      const report = (await (await site.get(`/api/checks?${query}`)).json()) as Record<string, unknown>;
      expect(report).toMatchObject({ commit: sha, description: post.body.description, target: { branch: "release" } });
    }
    git(work.dir, "checkout", "-q", "main");
  });
});
