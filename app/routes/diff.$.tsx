import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { CommitLine } from "~/components/CommitLine";
import { loadDiff } from "~/lib/diff.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import type { DiffHunk } from "../../server/index";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import diffStyles from "~/styles/changes.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: diffStyles }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const diff = await loadDiff(new URL(request.url), context.clientAddress);
  // Two named commits never change what the diff says; a default side follows the live commit.
  return data(diff, { headers: cacheHeaders(diff.fixed ? { param: "commit", value: diff.to.oid } : undefined, request) });
}

export const meta = ({ data, matches }: MetaArgsWithSite<typeof loader>) => [
  { title: documentTitle(siteOf(matches), `Changes to ${data?.title ?? "a page"}`) },
  { name: "robots", content: "noindex" },
];

export default function Diff() {
  const diff = useLoaderData<typeof loader>();
  // A ref's tip is read as a preview (?ref=): it is not a commit of the served branch, so it cannot be pinned or swapped.
  const swapped = diff.from && !diff.ref ? `/diff/${diff.id}?from=${diff.to.oid}&to=${diff.from.oid}` : undefined;
  const after = diff.ref ? `/${diff.id}?ref=${encodeURIComponent(diff.ref)}` : `/${diff.id}?commit=${diff.to.oid}`;
  return (
    <PageShell>
      <main id="main" className="history-page diff-page">
        <h1>Changes to “{diff.title}”</h1>
        <dl className="diff-commits">
          <dt>From</dt>
          <dd>
            {diff.from ? (
              <CommitLine commit={diff.from} href={`/${diff.id}?commit=${diff.from.oid}`} />
            ) : (
              "nothing: this change created the page"
            )}
          </dd>
          <dt>To</dt>
          <dd>
            <CommitLine commit={diff.to} href={after} />
          </dd>
        </dl>
        <p className="diff-links">
          <Link to={`/${diff.id}`}>Read the live page</Link> · <Link to={`/history/${diff.id}`}>Page history</Link>
          {swapped ? (
            <>
              {" "}
              · <Link to={swapped}>Swap the commits</Link>
            </>
          ) : null}
        </p>
        {diff.refused ? (
          <p className="diff-refused">
            {`This page changed too much to show a diff: ${diff.refused}. Read the two versions instead: `}
            {diff.from ? (
              <>
                <Link to={`/${diff.id}?commit=${diff.from.oid}`}>before</Link> and{" "}
              </>
            ) : null}
            <Link to={after}>after</Link>.
          </p>
        ) : diff.hunks.length === 0 ? (
          <p>The page reads the same at both commits.</p>
        ) : (
          diff.hunks.map((hunk) => <Hunk key={`${hunk.oldStart}:${hunk.newStart}`} hunk={hunk} />)
        )}
      </main>
    </PageShell>
  );
}

function Hunk({ hunk }: { hunk: DiffHunk }) {
  return (
    <section className="diff-hunk" aria-label={`From line ${hunk.oldStart} before, line ${hunk.newStart} after`}>
      <p className="diff-hunk-lines">
        Line {hunk.oldStart} before · line {hunk.newStart} after
      </p>
      <pre className="diff-text">
        {hunk.parts.map((part, i) =>
          part.kind === "same" ? (
            <span key={i} className="diff-same">
              {part.text}
              {"\n"}
            </span>
          ) : (
            <span key={i} className="diff-change">
              {part.segments.map((s, j) =>
                s.change === "del" ? <del key={j}>{s.text}</del> : s.change === "ins" ? <ins key={j}>{s.text}</ins> : s.text,
              )}
              {"\n"}
            </span>
          ),
        )}
      </pre>
    </section>
  );
}
