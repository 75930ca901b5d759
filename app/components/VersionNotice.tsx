import { Link } from "@remix-run/react";

/**
 * Tells the reader they are reading a release's docs (/v/<tag>/), not Latest's, and links the
 * same page at Latest, or Latest's home when Latest no longer has it.
 */
export function VersionNotice({ tag, latest }: { tag: string; latest: { path: string; exists: boolean } }) {
  return (
    <div className="commit-bar version-bar" role="status">
      <span>
        {"You are reading the documentation of version "}
        <code>{tag}</code>
        {", an older release."}
      </span>
      <Link to={latest.path}>{latest.exists ? "Read this page at Latest" : "This page is gone at Latest: go to Latest's home"}</Link>
    </div>
  );
}
