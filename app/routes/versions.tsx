import { data, type HeadersFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { errorResponse } from "~/lib/http.server";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";
import { loadVersions } from "~/lib/versions.server";

/**
 * Every release (VERSION_TAGS), newest first, after Latest: the page the version menu links to
 * "All versions", and the data the menu loads its first VERSION_MENU_SIZE from. It moves with any
 * tag, so shared caches keep it as briefly as a preview.
 */
export async function loader() {
  try {
    return data(await loadVersions(), {
      headers: { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=60" },
    });
  } catch (error) {
    throw errorResponse(error);
  }
}

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta = ({ matches }: MetaArgsWithSite<typeof loader>) => [{ title: documentTitle(siteOf(matches), "Versions") }];

export default function Versions() {
  const { latest, releases } = useLoaderData<typeof loader>();
  return (
    <PageShell>
      <main id="main" className="versions-page">
        <h1>Versions</h1>
        <p>The documentation as it shipped with each release, newest first. Latest follows {latest}.</p>
        <ul className="versions-list">
          <li>
            <Link to="/">Latest</Link>
          </li>
          {releases.map((release) => (
            <li key={release.tag}>
              <Link to={`/v/${encodeURIComponent(release.tag)}`}>{release.tag}</Link> <code>{release.commit.slice(0, 7)}</code>
            </li>
          ))}
        </ul>
      </main>
    </PageShell>
  );
}
