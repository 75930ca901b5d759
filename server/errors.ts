/**
 * Typed failures of the content engine. Each carries the HTTP status a route should answer with
 * and a message a reader or operator can act on.
 */
export class ContentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 429 | 500 | 503,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request itself is malformed: a bad page path or a bad `?commit=` value. */
export class BadRequestError extends ContentError {
  constructor(message: string) {
    super(message, 400);
  }
}

/** Where a reader who hit an error can go instead: the live version of a page missing at a commit, its parent page. */
export interface Suggestion {
  label: string;
  /** A path on this site. */
  href: string;
}

/** What the request names does not exist (page, commit, file). */
export class NotFoundError extends ContentError {
  constructor(
    message: string,
    readonly what: "page" | "commit" | "ref" | "file" | "sidebar" = "page",
    readonly suggestion?: Suggestion,
  ) {
    super(message, 404);
  }
}

/**
 * A commit of the served branch that failed the publish check (server/source/refused.ts), named at
 * `?commit=`: 409, with the check's reason and a way to the live version, rather than the commit
 * rendered as if it were fine.
 */
export class RefusedCommitError extends ContentError {
  constructor(
    readonly commit: string,
    readonly file: string,
    readonly reason: string,
    readonly suggestion?: Suggestion,
  ) {
    super(`Commit ${commit.slice(0, 7)} was refused by the publish check and never went live: ${file}: ${reason}`, 409);
  }
}

/** A page source that does not compile: shown to authors, never crashes the server. */
export class CompileError extends ContentError {
  constructor(
    readonly file: string,
    message: string,
  ) {
    // The compiler's own messages already start with file:line:column.
    super(message.startsWith(`${file}:`) ? message : `${file}: ${message}`, 500);
  }
}

/**
 * A page whose source, snippets included, is over the size cap (server/content/source-size.ts): it
 * is never compiled, a commit that has it never goes live, and at a pinned commit it answers this.
 */
export class PageTooLargeError extends CompileError {}

/**
 * A Git object the content needs is missing or corrupt in the repository (a damaged disk or an
 * interrupted copy): the server's fault, not the reader's, and the operator needs the object's id.
 */
export class UnreadableObjectError extends ContentError {
  constructor(
    readonly object: string,
    /** Repository path of the file or folder that needs it. */
    readonly path: string,
    why: string,
  ) {
    super(`object ${object} of ${path} cannot be read: ${why}`, 500);
  }
}

/** The server has more work queued than it takes on; the client may retry shortly. */
export class BusyError extends ContentError {
  constructor(message: string) {
    super(message, 503);
  }
}

/**
 * The server is at its bound for costly work (building a search index for a pinned commit): 429
 * when this client already has such work pending, 503 when the server as a whole has. The reader
 * may retry after `retryAfterSeconds`.
 */
export class OverloadedError extends ContentError {
  constructor(
    message: string,
    status: 429 | 503,
    readonly retryAfterSeconds: number,
  ) {
    super(message, status);
  }
}

/** Startup configuration that cannot work; the start command prints it on one line and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
