export type RefKind = "branch" | "tag" | "pull";

/** A ref readers can preview, by the name `?ref=` takes, and the commit it names now. */
export interface RefTip {
  name: string;
  kind: RefKind;
  commit: string;
}

/** What `git for-each-ref` prints per ref: name, object, peeled object and its type (the last two for annotated tags). */
export const REF_LISTING_FORMAT = "%(refname)%09%(objectname)%09%(objecttype)%09%(*objectname)%09%(*objecttype)";

/** The namespaces listed: the branches (at `branchPrefix`), tags, and pull requests as GitHub names them. */
export const listedNamespaces = (branchPrefix: string) => [branchPrefix.replace(/\/$/, ""), "refs/tags", "refs/pull"];

const PULL_HEAD = /^refs\/pull\/([1-9][0-9]{0,9})\/head$/;

/**
 * Reads `git for-each-ref --format=REF_LISTING_FORMAT` output into the refs `?ref=` can name.
 * Branches live under `branchPrefix` (refs/heads/ in a repository pushed to, refs/remotes/origin/
 * in a clone); an annotated tag names the commit it points at; refs that name no commit (a tag of
 * a tree, a symbolic HEAD) and pull-request refs other than their head are left out.
 */
export function parseRefListing(output: string, branchPrefix: string): RefTip[] {
  const tips: RefTip[] = [];
  for (const line of output.split("\n")) {
    const [ref, object, type, peeled, peeledType] = line.split("\t");
    if (!ref || !object) continue;
    const commit = type === "commit" ? object : peeledType === "commit" ? peeled : undefined;
    if (!commit) continue;
    const pull = PULL_HEAD.exec(ref);
    if (pull) tips.push({ name: `pull/${pull[1]}`, kind: "pull", commit });
    else if (ref.startsWith("refs/tags/")) tips.push({ name: ref.slice("refs/tags/".length), kind: "tag", commit });
    else if (ref.startsWith(branchPrefix) && ref !== `${branchPrefix}HEAD`) {
      tips.push({ name: ref.slice(branchPrefix.length), kind: "branch", commit });
    }
  }
  return tips;
}
