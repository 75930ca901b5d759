import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageShell } from "~/components/PageShell";
import { Highlighted } from "~/components/search/Highlighted";
import { SectionHitText } from "~/components/search/SectionHitText";
import { resultsPageHref } from "~/components/search/results-page-href";
import { cacheHeaders } from "~/lib/cache-headers.server";
import { withRevision } from "~/lib/commit";
import { loadSearchPage, RESULTS_STEP } from "~/lib/search-page.server";
import { documentTitle, siteOf, type MetaArgsWithSite } from "~/lib/site";

/**
 * The search results page: server-rendered, so it works without JavaScript. The header's search
 * box submits here when the dialog cannot open; the dialog links here for every match.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = await loadSearchPage(request, context.clientAddress);
  return data(page, { headers: cacheHeaders(page.pinned, request) });
}

export const meta = ({ data, matches }: MetaArgsWithSite<typeof loader>) => [
  { title: documentTitle(siteOf(matches), data?.q ? `“${data.q}” · Search` : "Search") },
  { name: "robots", content: "noindex" },
];

export default function SearchPage() {
  const { q, total, results, suggestions, limit, maxResults, maxQueryLength, pinned } = useLoaderData<typeof loader>();
  const next = Math.min(limit + RESULTS_STEP, maxResults);
  return (
    <PageShell pinned={pinned}>
      <main id="main" className="search-page">
        <h1>{q ? <>Search results for “{q}”</> : "Search the documentation"}</h1>
        <Form method="get" action={withRevision("/search", pinned)} role="search" className="search-page-form">
          <label htmlFor="search-page-q">Words to look for</label>
          <div className="search-page-field">
            <input
              id="search-page-q"
              type="search"
              name="q"
              defaultValue={q}
              key={q}
              maxLength={maxQueryLength}
              autoComplete="off"
              spellCheck={false}
            />
            {pinned && pinned.param !== "version" ? <input type="hidden" name={pinned.param} value={pinned.value} /> : null}
            <button type="submit">Search</button>
          </div>
        </Form>
        {pinned ? (
          <p className="search-page-note">
            {pinned.param === "commit"
              ? `Searching the documentation as it was at commit ${pinned.value.slice(0, 7)}.`
              : pinned.param === "version"
                ? `Searching the documentation of version ${pinned.value}.`
                : `Searching the preview of ${pinned.value}.`}
          </p>
        ) : null}
        {q ? (
          <p className="search-page-count" role="status">
            {total === 0
              ? `No page matches “${q}”. Check the spelling, or try fewer or other words.`
              : `${total} page${total === 1 ? "" : "s"} match.`}
          </p>
        ) : null}
        {suggestions.length ? (
          <p className="search-suggestions">
            Did you mean{" "}
            {suggestions.map((suggestion, i) => (
              <span key={suggestion}>
                {i > 0 ? (i === suggestions.length - 1 ? " or " : ", ") : null}
                <Link to={resultsPageHref(suggestion, pinned)}>{suggestion}</Link>
              </span>
            ))}
            ?
          </p>
        ) : null}
        {results.length ? (
          <ol className="search-page-results">
            {results.map((page, i) => (
              <li key={page.id} id={`result-${i + 1}`}>
                <h2>
                  <Link to={withRevision(page.url, pinned)}>
                    <Highlighted text={page.title} ranges={page.titleHighlights} />
                  </Link>
                </h2>
                <p className="search-page-path">{page.url}</p>
                <ul>
                  {page.sections.map((section) => (
                    <li key={section.url}>
                      <Link to={withRevision(section.url, pinned)} className="search-page-section">
                        <SectionHitText page={page} section={section} />
                      </Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        ) : null}
        {total > results.length ? (
          limit < maxResults ? (
            <p className="search-page-more">
              {/* The anchor takes the reader to the first new result. */}
              <Link to={`${resultsPageHref(q, pinned, next)}#result-${limit + 1}`}>
                More results ({results.length} of {total} shown)
              </Link>
            </p>
          ) : (
            <p className="search-page-more">
              These are the best {maxResults} of {total} pages; more words narrow the search.
            </p>
          )
        ) : null}
      </main>
    </PageShell>
  );
}
