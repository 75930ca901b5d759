import { useContext, useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { PinnedRevisionContext, withRevision } from "~/lib/commit";
import { useSearch } from "./useSearch";
import { Highlighted } from "./Highlighted";
import { SectionHitText } from "./SectionHitText";
import { focusAfterNavigation } from "./useFocusAfterSearch";
import { resultsPageHref } from "./results-page-href";

/** What opening the dialog starts from: the words typed into the header's box, if any. */
export interface SearchSeed {
  text: string;
}

/**
 * A modal <dialog>: the browser traps focus in it. The input is a combobox over a listbox of
 * results grouped by page, so screen readers announce the active result (and its page) as the
 * arrows move; the last option opens the results page with every match.
 */
export function SearchDialog({ open, seed, onClose }: { open: boolean; seed?: SearchSeed; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const pinned = useContext(PinnedRevisionContext);
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const search = useSearch(query, pinned);
  const { results, total } = search;
  // One option per section, then one for the results page; `first[p]` is page p's first option.
  const hrefs = [
    ...results.flatMap((page) => page.sections.map((section) => withRevision(section.url, pinned))),
    ...(results.length ? [resultsPageHref(query, pinned)] : []),
  ];
  const first = results.map((_, p) => results.slice(0, p).reduce((n, page) => n + page.sections.length, 0));
  const allOption = hrefs.length - 1;

  useEffect(() => {
    const element = dialog.current;
    const field = input.current;
    if (!element || !field) return;
    if (open && !element.open) {
      element.showModal();
      if (seed) {
        // Go on from what was typed into the header's box, caret at the end.
        field.value = seed.text;
        setQuery(seed.text);
        field.setSelectionRange(seed.text.length, seed.text.length);
      } else {
        field.select();
      }
    } else if (!open && element.open) {
      element.close();
    }
  }, [open, seed]);
  useEffect(() => setActive(0), [results]);
  useEffect(() => {
    if (open) document.getElementById(`search-option-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active, open]);

  // Escape closes through React state at once: waiting for the dialog's later "close" event would
  // swallow a Ctrl+K pressed in between (the state would still say open, so nothing would reopen it).
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onClose();
  };
  // The "close" event comes a task later: if the dialog was opened again meanwhile, it is stale.
  const onNativeClose = (event: SyntheticEvent<HTMLDialogElement>) => {
    if (!event.currentTarget.open) onClose();
  };
  /** Closes the dialog and, once the page is shown, moves the focus to the chosen section. */
  const chose = (href: string) => {
    focusAfterNavigation(href);
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hrefs.length) setActive((i) => (i + (event.key === "ArrowDown" ? 1 : hrefs.length - 1)) % hrefs.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      // Before any result is shown (typed fast, or nothing matched), Enter opens the results page.
      const href = hrefs[active] ?? (query.trim() ? resultsPageHref(query, pinned) : undefined);
      if (!href) return;
      chose(href);
      navigate(href);
    } else if (event.key === "Escape") {
      // A search field's own Escape clears its text and keeps the dialog open: one press closes.
      event.preventDefault();
      onClose();
    }
  };

  return (
    // A click on the backdrop closes the dialog; from the keyboard, Escape does.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      className="search-dialog"
      aria-label="Search the documentation"
      onCancel={onCancel}
      onClose={onNativeClose}
      onClick={(e) => e.target === dialog.current && onClose()}
    >
      <div className="search-panel">
        <div className="search-field">
          {/* type="text": a combobox may not be a search field (the HTML checker says so), and a search
              field's own Escape would clear it instead of closing. */}
          <input
            ref={input}
            type="text"
            enterKeyHint="search"
            role="combobox"
            aria-label="Search the documentation"
            aria-expanded={hrefs.length > 0}
            aria-controls="search-results"
            aria-autocomplete="list"
            aria-activedescendant={hrefs.length ? `search-option-${active}` : undefined}
            placeholder={
              pinned
                ? `Search at ${pinned.param === "commit" ? `commit ${pinned.value.slice(0, 7)}` : pinned.value}`
                : "Search the documentation"
            }
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="search-close" onClick={onClose} aria-label="Esc: close search">
            Esc
          </button>
        </div>
        <div id="search-results" role="listbox" aria-label="Search results" className="search-results">
          {results.map((page, p) => (
            <div key={page.id} role="group" aria-label={page.title} className="search-group">
              <div className="search-group-title" aria-hidden="true">
                <Highlighted text={page.title} ranges={page.titleHighlights} />
              </div>
              {page.sections.map((section, s) => {
                const i = first[p]! + s;
                return (
                  // The link itself is the option: an option may not hold a focusable control.
                  <Link
                    key={section.url}
                    id={`search-option-${i}`}
                    role="option"
                    aria-selected={i === active}
                    className="search-option"
                    onMouseMove={() => setActive(i)}
                    to={hrefs[i]!}
                    tabIndex={-1}
                    onClick={() => chose(hrefs[i]!)}
                  >
                    <SectionHitText page={page} section={section} />
                  </Link>
                );
              })}
            </div>
          ))}
          {results.length ? (
            <Link
              id={`search-option-${allOption}`}
              role="option"
              aria-selected={allOption === active}
              className="search-option search-all"
              onMouseMove={() => setActive(allOption)}
              to={hrefs[allOption]!}
              tabIndex={-1}
              onClick={() => chose(hrefs[allOption]!)}
            >
              {total > results.length ? `See all ${total} pages that match` : "Open these results as a page"}
            </Link>
          ) : null}
        </div>
        <p className="search-status" role="status" aria-live="polite">
          {search.status === "error"
            ? search.error
            : search.status === "done" && results.length === 0
              ? `No results for “${query.trim()}”.`
              : search.status === "done"
                ? `${total} page${total === 1 ? "" : "s"} match`
                : ""}
        </p>
        {search.status === "done" && results.length === 0 ? (
          <div className="search-empty">
            {search.suggestions.length ? (
              <p className="search-suggestions">
                Did you mean{" "}
                {search.suggestions.map((suggestion, i) => (
                  <span key={suggestion}>
                    {i > 0 ? (i === search.suggestions.length - 1 ? " or " : ", ") : null}
                    <button
                      type="button"
                      className="search-suggestion"
                      onClick={() => {
                        setQuery(suggestion);
                        input.current?.focus();
                      }}
                    >
                      {suggestion}
                    </button>
                  </span>
                ))}
                ?
              </p>
            ) : null}
            <p className="search-empty-all">
              <Link to={resultsPageHref(query, pinned)} onClick={() => chose(resultsPageHref(query, pinned))}>
                Open the results page for “{query.trim()}”
              </Link>
            </p>
          </div>
        ) : null}
        <p className="search-help" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </dialog>
  );
}
