import { createContext, useCallback, useContext } from "react";

/** The commit the reader pinned with ?commit=, if any; links keep it so the reader stays there. */
export const PinnedCommit = createContext<string | undefined>(undefined);

export function withCommit(href: string, commit: string | undefined): string {
  if (!commit || !href.startsWith("/") || href.startsWith("//")) return href;
  const [path, hash] = href.split("#", 2);
  const sep = path!.includes("?") ? "&" : "?";
  return `${path}${sep}commit=${commit}${hash ? `#${hash}` : ""}`;
}

/** Rewrites internal hrefs so they stay at the pinned commit. */
export function useDocHref(): (href: string) => string {
  const commit = useContext(PinnedCommit);
  return useCallback((href: string) => withCommit(href, commit), [commit]);
}
