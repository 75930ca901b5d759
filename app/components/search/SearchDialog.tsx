import { useContext, useEffect, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { Link, useNavigate } from "@remix-run/react";
import { PinnedCommit, withCommit } from "~/lib/commit";
import type { SearchResult } from "../../../server/index";
import { useSearch } from "./useSearch";
import { Highlighted } from "./Highlighted";

/**
 * A modal <dialog>: the browser traps focus in it and closes it on Escape. The input is a combobox
 * over a listbox of results, so screen readers announce the active result as the arrows move.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const commit = useContext(PinnedCommit);
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const search = useSearch(query, commit);
  const { results } = search;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      input.current?.select();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);
  useEffect(() => setActive(0), [results]);

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
  const go = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    navigate(withCommit(result.url, commit));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (results.length) setActive((i) => (i + (event.key === "ArrowDown" ? 1 : results.length - 1)) % results.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(results[active]);
    }
  };
  useEffect(() => {
    document.getElementById(`search-result-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  return (
    <dialog ref={dialog} className="search-dialog" aria-label="Search the documentation" onCancel={onCancel} onClose={onNativeClose} onClick={(e) => e.target === dialog.current && onClose()}>
      <div className="search-panel">
        <div className="search-field">
          <input
            ref={input}
            type="text"
            role="combobox"
            aria-label="Search the documentation"
            aria-expanded={results.length > 0}
            aria-controls="search-results"
            aria-autocomplete="list"
            aria-activedescendant={results.length ? `search-result-${active}` : undefined}
            placeholder={commit ? `Search at commit ${commit.slice(0, 7)}` : "Search the documentation"}
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
        <ul id="search-results" role="listbox" aria-label="Search results" className="search-results">
          {results.map((result, i) => (
            <li key={`${result.url}`} role="none">
              {/* The link itself is the option: an option may not hold a focusable control. */}
              <Link
                id={`search-result-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseMove={() => setActive(i)}
                to={withCommit(result.url, commit)}
                tabIndex={-1}
                onClick={onClose}
              >
                <span className="search-result-title">
                  {result.title}
                  {result.section ? <span className="search-result-section"> › {result.section}</span> : null}
                </span>
                <span className="search-result-excerpt">
                  <Highlighted text={result.excerpt} ranges={result.highlights} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="search-status" role="status" aria-live="polite">
          {search.status === "error"
            ? search.error
            : search.status === "done" && results.length === 0
              ? `No results for “${query.trim()}”.`
              : search.status === "done"
                ? `${results.length} result${results.length === 1 ? "" : "s"}`
                : ""}
        </p>
        <p className="search-help" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
        </p>
      </div>
    </dialog>
  );
}
