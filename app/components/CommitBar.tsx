import { Link } from "@remix-run/react";

export interface CommitView {
  oid: string;
  date: string;
  subject: string;
}

/** Tells the reader they are looking at an old commit, with the way back to the live page. */
export function CommitBar({ commit, livePath }: { commit: CommitView; livePath: string }) {
  return (
    <div className="commit-bar" role="status">
      <span>
        Viewing commit <code>{commit.oid.slice(0, 7)}</code> of {new Date(commit.date).toUTCString().slice(5, 16)}: “{commit.subject}”.
      </span>
      <Link to={livePath}>See the live version</Link>
    </div>
  );
}
