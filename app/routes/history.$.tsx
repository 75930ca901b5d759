import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { loadHistory } from "~/lib/history.server";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import changesStyles from "~/styles/changes.css";
import { withRevision } from "~/lib/commit";
import { CommitLine } from "~/components/CommitLine";
import { NewerOlder } from "~/components/NewerOlder";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: changesStyles }];

export function loader({ request }: LoaderFunctionArgs) {
  return loadHistory(request);
}

export const meta = ({ data, matches }: MetaArgsWithSite<typeof loader>) => [
  { title: documentTitle(siteOf(matches), `History of ${data?.title ?? "a page"}`) },
  { name: "robots", content: "noindex" },
];

export default function History() {
  const data = useLoaderData<typeof loader>();
  const pageLink = (n: number) => withRevision(`/history/${data.id}?page=${n}`, data.pinned);
  return (
    <PageShell pinned={data.pinned}>
      <main id="main" className="history-page">
        <h1>History of “{data.title}”</h1>
        <p>
          Every commit that changed <Link to={withRevision(`/${data.id}`, data.pinned)}>/{data.id}</Link>, newest first. Open one to read
          the page as it was then.
        </p>
        <ol className="history-list">
          {data.commits.map((c) => (
            <li key={c.oid}>
              <CommitLine commit={c} href={`/${data.id}?commit=${c.oid}`} />
              <Link className="history-diff" to={`/diff/${data.id}?to=${c.oid}`} aria-label={`What ${c.oid.slice(0, 7)} changed`}>
                What changed
              </Link>
            </li>
          ))}
        </ol>
        <NewerOlder page={data.page} more={data.more} href={pageLink} label="History pages" />
      </main>
    </PageShell>
  );
}
