import { data, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { CommitLine } from "~/components/CommitLine";
import { NewerOlder } from "~/components/NewerOlder";
import { loadChanges } from "~/lib/changes.server";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import changesStyles from "~/styles/changes.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: changesStyles },
  { rel: "alternate", type: "application/atom+xml", title: "Sui Documentation: recent changes", href: "/changes.atom" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  return data(await loadChanges(new URL(request.url)), { headers: cacheHeaders(undefined, request) });
}

export const meta = ({ matches }: MetaArgsWithSite<typeof loader>) => [{ title: documentTitle(siteOf(matches), "Recent changes") }];

export default function Changes() {
  const data = useLoaderData<typeof loader>();
  const pageLink = (n: number) => (n === 1 ? "/changes" : `/changes?page=${n}`);
  return (
    <PageShell>
      <main id="main" className="history-page changes-page">
        <h1>Recent changes</h1>
        <p>
          Commits of the published branch that changed the documentation, newest first. Follow them in a feed reader:{" "}
          <a href="/changes.atom">Atom feed</a>.
        </p>
        <ol className="changes-list">
          {data.changes.map((c) => (
            <li key={c.oid} id={c.oid}>
              <CommitLine commit={c} href={`/changes?page=${data.page}#${c.oid}`} />
              {c.pages.length ? (
                <ul className="changes-pages" aria-label="Pages changed">
                  {c.pages.map((p) => (
                    <li key={p.id}>
                      <Link to={`/diff/${p.id}?to=${c.oid}`}>{p.title}</Link> <span className="history-meta-inline">/{p.id}</span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {c.files.length ? <p className="changes-files">Also changed: {c.files.join(", ")}</p> : null}
              {c.more ? <p className="changes-files">and {c.more} more files</p> : null}
            </li>
          ))}
        </ol>
        <NewerOlder page={data.page} more={data.more} href={pageLink} label="Pages of changes" />
      </main>
    </PageShell>
  );
}
