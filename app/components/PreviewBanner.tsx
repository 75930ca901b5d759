import { Link } from "@remix-run/react";
import type { RefKind } from "../../server/index";
import type { CommitView } from "./CommitBar";

const KIND_LABEL: Record<RefKind, string> = { branch: "branch", tag: "tag", pull: "pull request" };

/**
 * Tells the reader they are reading a preview (?ref=): which branch, tag or pull request, at which
 * commit, and the way back to the live page. Pages under it keep ?ref= in their links.
 */
export function PreviewBanner({
  preview,
  commit,
  livePath,
}: {
  preview: { name: string; kind: RefKind };
  commit: CommitView;
  livePath: string;
}) {
  const name = preview.kind === "pull" ? `#${preview.name.slice("pull/".length)}` : preview.name;
  // One text node per phrase, so that the banner reads (and is found) as the sentence it is.
  const kind = `Preview of ${KIND_LABEL[preview.kind]} `;
  return (
    <div className="commit-bar preview-bar" role="status">
      <span>
        {kind}
        <code>{name}</code> at commit <code>{commit.oid.slice(0, 7)}</code>: {`“${commit.subject}”.`}
      </span>
      <Link to={`/checks?ref=${encodeURIComponent(preview.name)}`}>What it would break</Link>
      <Link to={livePath}>See the live page</Link>
    </div>
  );
}
