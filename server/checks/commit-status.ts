import { Octokit } from "@octokit/rest";
import { Cache } from "../cache";
import type { ChecksReport } from "./ref-checks";

/** A pull request's head as a signed `pull_request` event names it. */
export interface PullHead {
  pull: number;
  /** owner/name of the repository the event came from. */
  repository: string;
  /** The head commit the status is posted on. */
  sha: string;
  /** The branch the pull request targets (`pull_request.base.ref`); the served branch when the event names none. */
  base?: string;
}

export interface CommitStatusSettings {
  /** GITHUB_TOKEN: a token allowed to write commit statuses (`repo:status`, or "Commit statuses: write"). */
  token: string;
  /** GITHUB_API_URL, without a trailing slash: https://api.github.com, or a GitHub Enterprise server's /api/v3. */
  apiUrl: string;
  /** The site's public origin: a status links to the preview on it. */
  origin: string;
  /** Milliseconds before the first retry of a failed post; each next one waits twice as long. */
  retryBaseMs?: number;
}

/** The status's name on the pull request: one per site, replaced by each post. */
export const STATUS_CONTEXT = "docs/checks";
/** Posts tried for one head before giving up: 1 + 5 retries, waiting 2 s, 4, 8, 16 and 32 s (about a minute). */
export const STATUS_ATTEMPTS = 6;
/** Heads remembered as posted, so a redelivered or repeated event posts nothing more. */
const REMEMBERED_HEADS = 2000;

type State = "success" | "failure" | "error" | "pending";

/** The preview of a pull request's head: its banner links the checks the status sums up. */
export function previewUrl(origin: string, { pull }: Pick<PullHead, "pull">): string {
  return `${origin}/?ref=pull/${pull}`;
}

/**
 * Posts a commit status on pull requests' heads through GitHub's REST API: the state of the
 * head's checks against the branch the pull request targets, their counts, and as target the
 * pull request's preview (`/?ref=pull/<n>`), whose banner links its checks (`/checks?ref=pull/<n>`,
 * against the same base, which the event recorded). Each head is posted
 * once, however many events name it. A post that fails (GitHub down, a 502, a rate limit) is
 * retried with backoff, then logged and dropped: nothing ever waits for it. The token goes in the
 * Authorization header only; what is logged is the API's status and message, with the token taken
 * out should an error ever echo it.
 */
export class CommitStatuses {
  private readonly octokit: Octokit;
  private readonly heads = new Cache<true>({ maxBytes: REMEMBERED_HEADS * 256, sizeOf: () => 256 });
  /** Posts that reached GitHub, and posts given up after every attempt; tests and the status read them. */
  posted = 0;
  failed = 0;

  constructor(
    private readonly settings: CommitStatusSettings,
    private readonly checksAt: (head: PullHead) => Promise<ChecksReport>,
    private readonly log: (line: string) => void,
  ) {
    const quiet = () => {};
    const logged = (message: string) => this.log(`GitHub API: ${this.redact(String(message))}`);
    this.octokit = new Octokit({
      auth: settings.token,
      baseUrl: settings.apiUrl,
      userAgent: "sui-docs",
      log: { debug: quiet, info: quiet, warn: logged, error: logged },
    });
  }

  /** Computes the head's checks, then posts its status; returns at once, never throws. */
  post(head: PullHead): void {
    const key = `${head.repository}@${head.sha}`;
    if (this.heads.peek(key)) return;
    this.heads.set(key, true);
    void this.postChecks(head).catch((error: Error) => {
      // Given up: a later event for the same head (a redelivery, a reopened pull request) tries again.
      this.heads.delete(key);
      this.failed++;
      this.log(`commit status for ${key.slice(0, 120)} not posted: ${this.redact(error.message.split("\n")[0]!)}`);
    });
  }

  private async postChecks(head: PullHead): Promise<void> {
    let state: State;
    let description: string;
    try {
      const report = await this.checksAt(head);
      state = report.state;
      description = report.description;
    } catch (error) {
      state = "error";
      description = `The checks could not run: ${(error as Error).message.split("\n")[0]!}`.slice(0, 140);
    }
    const [owner, repo] = head.repository.split("/") as [string, string];
    const request = {
      owner,
      repo,
      sha: head.sha,
      state,
      description,
      context: STATUS_CONTEXT,
      target_url: previewUrl(this.settings.origin, head),
    };
    const base = this.settings.retryBaseMs ?? 2000;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.octokit.rest.repos.createCommitStatus(request);
        this.posted++;
        return;
      } catch (error) {
        const status = (error as { status?: number }).status;
        // A 4xx other than a rate limit will answer the same again (a bad token, a repository it cannot write to).
        const final =
          attempt >= STATUS_ATTEMPTS || (status !== undefined && status >= 400 && status < 500 && status !== 403 && status !== 429);
        if (final) throw error;
        const delay = base * 2 ** (attempt - 1);
        this.log(
          `commit status for ${head.repository}@${head.sha.slice(0, 7)}: attempt ${attempt} failed (${status ?? "no answer"}: ${this.redact(
            (error as Error).message.split("\n")[0]!,
          )}); retrying in ${delay / 1000} s`,
        );
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }

  private redact(text: string): string {
    return text.split(this.settings.token).join("[token]");
  }
}
