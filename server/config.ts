import path from "node:path";
import { ConfigError } from "./errors";
import { normalizeContentRoot } from "./git/content-root";
import type { PeerSettings } from "./peers";
import { readPurgeSettings, readSharedCacheSettings, type PurgeSettings, type SharedCacheSettings } from "./purge/settings";

/** Everything the server reads from its environment, validated once at start. */
export interface Config {
  /** Remote http(s) URL or local path of the content repository; undefined serves the embedded content/. */
  contentRepo?: string;
  branch: string;
  /** Folder of the repository holding docs/, snippets/, sidebars/, schemas/ ("" for the root). */
  contentRoot: string;
  /** Token for a private HTTPS remote, sent as an Authorization header (never on a command line). */
  gitToken?: string;
  /** Seconds a remote may stay silent (under 1 KB/s) before a fetch gives up. */
  remoteIdleSeconds: number;
  /** Seconds one page may take to compile before its worker is stopped and the page answers an error (COMPILE_TIMEOUT). */
  compileTimeoutSeconds: number;
  /**
   * Seconds a fetch may take in all (REMOTE_FETCH_TIMEOUT, 600): a remote trickling at 1 KB/s never
   * trips git's low-speed limit. Ten minutes is a large push over a slow link; a fetch past it is
   * killed, reported in /api/status and tried again at the next poll or webhook.
   */
  fetchTimeoutSeconds: number;
  dataDir: string;
  /** Seconds between fetches of a remote repository; 0 turns polling off. */
  pollInterval: number;
  webhookSecret?: string;
  /**
   * GITHUB_TOKEN: with it, each signed pull_request event (opened, synchronize, reopened) gets a
   * commit status on the pull request's head: its checks and a link to its preview. Never logged.
   */
  githubToken?: string;
  /** GITHUB_API_URL: GitHub's REST API, https://api.github.com unless set (GitHub Enterprise: https://<host>/api/v3). */
  githubApiUrl: string;
  /** The other replicas of the site (PEERS, PEERS_DNS), which this one passes webhook deliveries on to. */
  peers: PeerSettings;
  /** Base URL that a page's repository path is appended to for "Edit this page"; unset hides the link. */
  editUrlBase?: string;
  /** Public origin used for canonical URLs and the sitemap, e.g. https://docs.example.com. */
  siteUrl?: string;
  /**
   * Origins the site may name itself by when SITE_URL is unset (ALLOWED_HOSTS): a request whose Host
   * is one of them gets absolute URLs with that origin; any other Host gets the first one.
   */
  allowedOrigins: string[];
  /** The origin of absolute URLs when neither SITE_URL nor ALLOWED_HOSTS is set: http://localhost:<PORT>. */
  defaultOrigin: string;
  /** Link to the site's own source repository, shown in the top bar. */
  sourceRepoUrl: string;
  /** The site's name, after each page's title and in link previews. */
  siteName: string;
  /** The embedded content folder shipped with the app. */
  embeddedContentDir: string;
  /** The shared caches purged when a commit goes live (server/purge/). */
  purge: PurgeSettings;
  /** How long shared caches may keep live answers (app/lib/cache-headers.server.ts). */
  sharedCache: SharedCacheSettings;
  /** The tags that are releases, served under /v/<tag>/ (VERSION_TAGS, a glob such as mainnet-v*); undefined: no versions. */
  versionTags?: string;
  /** Releases the header's version menu lists after Latest, newest first (VERSION_MENU_SIZE). */
  versionMenuSize: number;
}

type Env = Record<string, string | undefined>;

function nonNegativeNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new ConfigError(`${name} must be a number of seconds >= 0, got "${raw}"`);
  }
  return value;
}

function optionalUrl(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error();
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, "");
}

/** VERSION_TAGS: a glob of tag names (`*` any run of characters but `/`, `?` one), checked once here. */
function versionTags(env: Env): string | undefined {
  const raw = env.VERSION_TAGS?.trim();
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9._*?-]+$/.test(raw)) {
    throw new ConfigError(
      `VERSION_TAGS must be a glob of tag names such as mainnet-v*, of letters, digits, ".", "_", "-", "*" and "?", got "${raw}"`,
    );
  }
  return raw;
}

function versionMenuSize(env: Env): number {
  const raw = env.VERSION_MENU_SIZE?.trim();
  if (!raw) return 5;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 50) {
    throw new ConfigError(`VERSION_MENU_SIZE must be a whole number from 1 to 50, got "${raw}"`);
  }
  return value;
}

/** ALLOWED_HOSTS: comma-separated hosts (`docs.example.com`, `localhost:3000`) or origins (`https://docs.example.com`). */
function allowedOrigins(env: Env): string[] {
  const entries = (env.ALLOWED_HOSTS ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    let url: URL | undefined;
    try {
      url = new URL(/^https?:\/\//i.test(entry) ? entry : `http://${entry}`);
    } catch {
      // reported below
    }
    if (!url || url.pathname !== "/" || url.search || url.hash || url.username || url.password) {
      throw new ConfigError(
        `ALLOWED_HOSTS entries must be host names or http(s) origins such as docs.example.com or https://docs.example.com, got "${entry}"`,
      );
    }
    return url.origin;
  });
}

/**
 * PEERS: the replicas' base URLs, separated by commas or spaces; PEERS_DNS: a host name, with
 * `:port` when the replicas listen on another port than this one's PORT.
 */
function peers(env: Env, ownPort: number): PeerSettings {
  const urls = (env.PEERS ?? "").split(/[\s,]+/).filter(Boolean);
  for (const url of urls) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(url);
    } catch {
      // reported below
    }
    if (!parsed || (parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.pathname !== "/" || parsed.search) {
      throw new ConfigError(`PEERS must list the replicas' base URLs, such as http://10.0.0.7:3000, got "${url}"`);
    }
  }
  const dns = env.PEERS_DNS?.trim();
  if (!dns) return { urls, ownPort };
  const match = /^([A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(dns);
  if (!match) throw new ConfigError(`PEERS_DNS must be a host name with an optional :port, such as sui-docs-peers:3000, got "${dns}"`);
  return { urls, ownPort, dns: { host: match[1]!, port: match[2] ? Number(match[2]) : ownPort } };
}

export function readConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const branch = env.CONTENT_BRANCH?.trim() || "main";
  if (!/^[A-Za-z0-9._/-]+$/.test(branch) || branch.includes("..")) {
    throw new ConfigError(`CONTENT_BRANCH "${branch}" is not a valid branch name`);
  }
  const contentRoot = normalizeContentRoot(env.CONTENT_ROOT);
  if (contentRoot.split("/").some((part) => part === ".." || part === "." || part === "") && contentRoot !== "") {
    throw new ConfigError(`CONTENT_ROOT "${env.CONTENT_ROOT}" must be a folder path inside the repository, such as docs/content`);
  }
  const purge = readPurgeSettings(env);
  return {
    contentRepo: env.CONTENT_REPO?.trim() || undefined,
    branch,
    contentRoot,
    gitToken: env.GIT_TOKEN?.trim() || undefined,
    remoteIdleSeconds: nonNegativeNumber(env, "REMOTE_IDLE_TIMEOUT", 60) || 60,
    compileTimeoutSeconds: nonNegativeNumber(env, "COMPILE_TIMEOUT", 20) || 20,
    fetchTimeoutSeconds: nonNegativeNumber(env, "REMOTE_FETCH_TIMEOUT", 600) || 600,
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || ".data"),
    pollInterval: nonNegativeNumber(env, "POLL_INTERVAL", 60),
    webhookSecret: env.WEBHOOK_SECRET || undefined,
    githubToken: env.GITHUB_TOKEN?.trim() || undefined,
    githubApiUrl: optionalUrl(env, "GITHUB_API_URL") ?? "https://api.github.com",
    peers: peers(env, Number(env.PORT) || 3000),
    editUrlBase: optionalUrl(env, "EDIT_URL_BASE"),
    siteUrl: optionalUrl(env, "SITE_URL"),
    allowedOrigins: allowedOrigins(env),
    defaultOrigin: `http://localhost:${Number(env.PORT) || 3000}`,
    sourceRepoUrl: optionalUrl(env, "SOURCE_REPO_URL") ?? "https://github.com/MystenLabs/sui",
    siteName: env.SITE_NAME?.trim() || "Sui Documentation",
    embeddedContentDir: path.resolve(cwd, env.EMBEDDED_CONTENT_DIR?.trim() || "content"),
    purge,
    sharedCache: readSharedCacheSettings(env, purge),
    versionTags: versionTags(env),
    versionMenuSize: versionMenuSize(env),
  };
}
