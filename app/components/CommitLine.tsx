import { Link } from "@remix-run/react";

/** A commit as readers recognise it: short id, subject, author and date, linking where `href` says. */
export function CommitLine({ commit, href }: { commit: { oid: string; subject: string; author: string; date: string }; href: string }) {
  return (
    <>
      <Link to={href}>
        <code>{commit.oid.slice(0, 7)}</code> {commit.subject}
      </Link>
      <span className="history-meta">
        {commit.author} · <time dateTime={commit.date}>{commit.date.slice(0, 16).replace("T", " ")} UTC</time>
      </span>
    </>
  );
}
