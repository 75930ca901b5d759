import { BadRequestError, NotFoundError } from "../errors";

/** Longest page path we accept; real ids are under 120 characters. */
export const MAX_PATH_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export interface PageRequest {
  id: string;
  /** The request asked for the Markdown source (`/some/page.md`). */
  markdown: boolean;
}

/**
 * Turns the raw (still percent-encoded) pathname of a request into a page id, or throws.
 * Encoded slashes, dots, backslashes and NUL are refused outright: a page id never needs them,
 * and they are the usual ways to smuggle a traversal past a router.
 */
export function parsePagePath(rawPathname: string): PageRequest {
  if (rawPathname.length > MAX_PATH_LENGTH) {
    throw new BadRequestError(`The path is longer than ${MAX_PATH_LENGTH} characters`);
  }
  if (/%(2f|2e|5c|00)/i.test(rawPathname)) {
    throw new BadRequestError("Encoded slashes, dots, backslashes and NUL bytes are not allowed in a page path");
  }
  let path: string;
  try {
    path = decodeURIComponent(rawPathname);
  } catch {
    throw new BadRequestError("The path is not valid percent-encoded UTF-8");
  }
  if (path.includes("\0") || path.includes("\\")) {
    throw new BadRequestError("NUL bytes and backslashes are not allowed in a page path");
  }
  const segments = path.split("/").filter(Boolean);
  if (segments.some((s) => s === ".." || s === ".")) {
    throw new BadRequestError("Relative segments (. and ..) are not allowed in a page path");
  }
  let markdown = false;
  const last = segments.at(-1);
  if (last?.endsWith(".md")) {
    markdown = true;
    segments[segments.length - 1] = last.slice(0, -3);
  }
  if (segments.length === 0 || !segments.every((s) => SEGMENT.test(s))) {
    throw new NotFoundError(`There is no page at ${path.slice(0, 200)}`);
  }
  return { id: segments.join("/"), markdown };
}

/** Repository path of a hand-written page's source, for an id that passed parsePagePath. */
export function sourcePathOf(id: string): string {
  return id.startsWith("snippets/") ? `${id}.mdx` : `docs/${id}.mdx`;
}

/** Page id of a repository path, or undefined if the file is not a page. */
export function pageIdOf(repoPath: string): string | undefined {
  const m = /^(?:docs\/(.+)|(snippets\/[^/]+))\.mdx$/.exec(repoPath);
  return m ? (m[1] ?? m[2]) : undefined;
}
