/**
 * Typed failures of the content engine. Each carries the HTTP status a route should answer with
 * and a message a reader or operator can act on.
 */
export class ContentError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 500 | 503,
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

/** What the request names does not exist (page, commit, file). */
export class NotFoundError extends ContentError {
  constructor(
    message: string,
    readonly what: "page" | "commit" | "file" | "sidebar" = "page",
  ) {
    super(message, 404);
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

/** The server has more work queued than it takes on; the client may retry shortly. */
export class BusyError extends ContentError {
  constructor(message: string) {
    super(message, 503);
  }
}

/** Startup configuration that cannot work; the start command prints it on one line and exits. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
