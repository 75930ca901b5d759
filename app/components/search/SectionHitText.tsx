import type { PageHit, SectionHit } from "../../../server/index";
import { Highlighted } from "./Highlighted";

/** A matching section as a result shows it: its heading (the page title for the introduction), then the text around the match. */
export function SectionHitText({ page, section }: { page: PageHit; section: SectionHit }) {
  return (
    <>
      <span className="search-hit-heading">{section.heading || page.title}</span>
      <span className="search-hit-excerpt">
        <Highlighted text={section.excerpt} ranges={section.highlights} />
      </span>
    </>
  );
}
