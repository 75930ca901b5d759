import { createContext, useCallback, useContext } from "react";

/**
 * What the reader pinned in the URL, which every link keeps: a commit (`?commit=`, the full id
 * once the loader has resolved it; never moves) or a ref (`?ref=`, a branch, tag or pull/<n>
 * previewed at its tip, which moves with pushes). Live pages have none.
 */
export type PinnedRevision = { param: "commit"; value: string } | { param: "ref"; value: string };

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
  return new URLSearchParams({ [pin.param]: pin.value }).toString();
}

/** `href` at the pinned revision, for links inside the site; other links are returned as they are. */
export function withRevision(href: string, pin: PinnedRevision | undefined): string {
  if (!pin || !href.startsWith("/") || href.startsWith("//")) return href;
  const [path, hash] = href.split("#", 2);
  const sep = path!.includes("?") ? "&" : "?";
  return `${path}${sep}${revisionQuery(pin)}${hash ? `#${hash}` : ""}`;
}

/** Rewrites internal hrefs so they stay at the pinned revision. */
export function useDocHref(): (href: string) => string {
  const pin = useContext(PinnedRevisionContext);
  return useCallback((href: string) => withRevision(href, pin), [pin]);
}
