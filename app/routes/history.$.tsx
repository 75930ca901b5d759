import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { SiteFooter, SiteHeader } from "~/components/SiteHeader";
import { loadHistory } from "~/lib/history.server";
import changesStyles from "~/styles/changes.css";
import { PinnedRevisionContext, withRevision } from "~/lib/commit";
import { CommitLine } from "~/components/CommitLine";
import { NewerOlder } from "~/components/NewerOlder";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: changesStyles }];

export function loader({ request }: LoaderFunctionArgs) {
  return loadHistory(new URL(request.url));
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `History of ${data?.title ?? "a page"} · Sui Documentation` },
  { name: "robots", content: "noindex" },
];

export default function History() {
  const data = useLoaderData<typeof loader>();
  const pageLink = (n: number) => withRevision(`/history/${data.id}?page=${n}`, data.pinned);
  return (
    <PinnedRevisionContext.Provider value={data.pinned}>
      <div className="page-shell">
        <SiteHeader sourceRepoUrl={data.sourceRepoUrl} />
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
        <SiteFooter />
      </div>
    </PinnedRevisionContext.Provider>
  );
}
