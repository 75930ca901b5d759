import type { RefTip } from "../refs/ref-listing";

/** A release: a tag VERSION_TAGS names, and the commit it names now. */
export interface Release {
  tag: string;
  commit: string;
}

/**
 * VERSION_TAGS as a test of tag names: `*` is any run of characters but `/`, `?` one such
 * character. A release is one path segment of `/v/<tag>/`, so a tag with a `/` is never one.
 */
export function versionTagTest(glob: string): (tag: string) => boolean {
  const source = glob
    .replace(/[.+^${}()|[\]\\-]/g, "\\$&")
    .replaceAll("*", "[^/]*")
    .replaceAll("?", "[^/]");
  const pattern = new RegExp(`^${source}$`);
  return (tag) => !tag.includes("/") && pattern.test(tag);
}

/** Numbers in a tag compare as numbers (v1.10 after v1.9), the rest as text. */
const collator = new Intl.Collator("en", { numeric: true });

/**
 * The releases among the listed refs, newest first: by the version their names spell (mainnet-v1.10.0
 * before mainnet-v1.9.2), which is what an operator looks for, not by when each tag was made.
 */
export function releasesOf(tips: readonly RefTip[], isRelease: (tag: string) => boolean): Release[] {
  return tips
    .filter((tip) => tip.kind === "tag" && isRelease(tip.name))
    .map((tip) => ({ tag: tip.name, commit: tip.commit }))
    .sort((a, b) => collator.compare(b.tag, a.tag));
}
