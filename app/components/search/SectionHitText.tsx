import type { PageHit, SectionHit } from "../../../server/index";
import { Highlighted } from "./Highlighted";

/**
 * A matching section as a result shows it: its heading (the page title for the introduction), then
 * the text around the match, the query's words marked in both so the reader sees why it matched.
 */
export function SectionHitText({ page, section }: { page: PageHit; section: SectionHit }) {
  return (
    <>
      <span className="search-hit-heading">
        {section.heading ? (
          <Highlighted text={section.heading} ranges={section.headingHighlights} />
        ) : (
          <Highlighted text={page.title} ranges={page.titleHighlights} />
        )}
      </span>
      <span className="search-hit-excerpt">
        <Highlighted text={section.excerpt} ranges={section.highlights} />
      </span>
    </>
  );
}
