import { createContext, useCallback, useContext } from "react";

/**
 * What the reader pinned in the URL, which every link keeps: a commit (`?commit=`, the full id
 * once the loader has resolved it; never moves), a ref (`?ref=`, a branch, tag or pull/<n>
 * previewed at its tip, which moves with pushes) or a release (`/v/<tag>/`, a tag VERSION_TAGS
 * names, in the path rather than the query). Live pages have none.
 */
export type PinnedRevision = { param: "commit"; value: string } | { param: "ref"; value: string } | { param: "version"; value: string };

/** A release's path prefix, `/v/<tag>`: the tag is one segment. */
const VERSION_PATH = /^\/v\/([^/]+)(\/.*)?$/;

/** The release a path is under and the path of the same thing at Latest, or undefined for a path under none. */
export function versionOfPath(pathname: string): { tag: string; path: string } | undefined {
  const match = VERSION_PATH.exec(pathname);
  if (!match) return undefined;
  let tag: string;
  try {
    tag = decodeURIComponent(match[1]!);
  } catch {
    tag = match[1]!;
  }
  return { tag, path: match[2] ?? "/" };
}

/** The path of what `pathname` names, without a release's prefix: what routes parse. */
export const unversionedPath = (pathname: string): string => versionOfPath(pathname)?.path ?? pathname;

/** The pinned revision of the page being read; links below it keep it. */
export const PinnedRevisionContext = createContext<PinnedRevision | undefined>(undefined);

/** Longest query string a content request may carry; real ones (commit, ref, page, search) are far shorter. */
export const MAX_QUERY_STRING_LENGTH = 4096;

/**
 * The revision a URL asks for, as given (a commit abbreviation is resolved later), or the reason
 * it cannot be read: an oversized query string, a parameter given twice, or both at once.
 */
export function requestedRevision(url: URL): { revision?: PinnedRevision; problem?: string } {
  if (url.search.length > MAX_QUERY_STRING_LENGTH)
    return { problem: `The query string is longer than ${MAX_QUERY_STRING_LENGTH} characters` };
  const commits = url.searchParams.getAll("commit");
  const refs = url.searchParams.getAll("ref");
  if (commits.length > 1) return { problem: "?commit= is given more than once: name one commit" };
  if (refs.length > 1) return { problem: "?ref= is given more than once: name one branch, tag or pull request" };
  if (commits.length && refs.length) return { problem: "Give ?commit= or ?ref=, not both: a page is read at one revision" };
  const version = versionOfPath(url.pathname);
  if (version && (commits.length || refs.length)) {
    return { problem: `/v/${version.tag.slice(0, 80)}/ names a release: give no ?commit= or ?ref= with it` };
  }
  if (version) return { revision: { param: "version", value: version.tag } };
  if (commits[0] !== undefined) return { revision: { param: "commit", value: commits[0] } };
  if (refs[0] !== undefined) return { revision: { param: "ref", value: refs[0] } };
  return {};
}

/**
 * The pinned revision as one query parameter, spelled as URLSearchParams spells it (pull/7 as
 * pull%2F7): loaders see the query in that form whatever the reader typed, so it is the only
 * spelling that is canonical for them, for links and for the rendered-page cache alike.
 */
export function revisionQuery(pin: PinnedRevision): string {
  return new URLSearchParams(queryRevision(pin)).toString();
}

/** The pinned revision as a query parameter, for the JSON endpoints and forms: a release is read there as ?ref=<tag>. */
export function queryRevision(pin: PinnedRevision): { [param: string]: string } {
  return pin.param === "version" ? { ref: pin.value } : { [pin.param]: pin.value };
}

/** The routes a release has under `/v/<tag>/`; any other internal path (API, static files) keeps it as ?ref=<tag>. */
const UNVERSIONED = /^\/(api|static|diff|changes|versions|llms|sitemap|robots|mcp|healthz)(\/|\.|$|\?)/;

/** `href` at the pinned revision, for links inside the site; other links are returned as they are. */
export function withRevision(href: string, pin: PinnedRevision | undefined): string {
  if (!pin || !href.startsWith("/") || href.startsWith("//")) return href;
  if (pin.param === "version" && !UNVERSIONED.test(href)) {
    // The home page of a release is /v/<tag>, its other pages /v/<tag>/<path>.
    return `/v/${encodeURIComponent(pin.value)}${/^\/([?#]|$)/.test(href) ? href.slice(1) : href}`;
  }
  const [path, hash] = href.split("#", 2);
  const sep = path!.includes("?") ? "&" : "?";
  return `${path}${sep}${revisionQuery(pin)}${hash ? `#${hash}` : ""}`;
}

/** Rewrites internal hrefs so they stay at the pinned revision. */
export function useDocHref(): (href: string) => string {
  const pin = useContext(PinnedRevisionContext);
  return useCallback((href: string) => withRevision(href, pin), [pin]);
}
