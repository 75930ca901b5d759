import { useCallback, useContext, useEffect, useState, type FormEvent, type KeyboardEvent } from "react";
import { PinnedRevisionContext, withRevision } from "~/lib/commit";
import { SearchDialog, type SearchSeed } from "./SearchDialog";
import { useFocusAfterSearch } from "./useFocusAfterSearch";
import { useSearchShortcut } from "./useSearchShortcut";

/**
 * The top bar's search box. It is a real form: without JavaScript (or before hydration) it
 * submits to the results page at /search. Once hydrated, pressing its button, clicking into it or
 * typing into it opens the search dialog instead, carrying over what was typed.
 */
export function Search() {
  const pinned = useContext(PinnedRevisionContext);
  const [open, setOpen] = useState(false);
  const [seed, setSeed] = useState<SearchSeed>();
  const [shortcut, setShortcut] = useState("Ctrl K");
  const show = useCallback((text?: string) => {
    setSeed(text ? { text } : undefined);
    setOpen(true);
  }, []);
  const showEmpty = useCallback(() => show(), [show]);
  useSearchShortcut(showEmpty);
  useFocusAfterSearch();
  // The server cannot know the platform; the hint is corrected after hydration.
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setShortcut("⌘ K");
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const box = event.currentTarget.elements.namedItem("q") as HTMLInputElement;
    show(box.value);
    box.value = "";
  };
  // Typing goes on in the dialog: the first character is carried over, the box stays empty.
  const onInput = (event: FormEvent<HTMLInputElement>) => {
    const text = event.currentTarget.value;
    event.currentTarget.value = "";
    if (text.trim()) show(text);
  };
  // Tab only passes through the box; Enter or a click opens the dialog.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      show();
    }
  };

  return (
    <>
      <form className="search-form" role="search" action={withRevision("/search", pinned)} method="get" onSubmit={onSubmit}>
        <button type="submit" className="search-submit" aria-label="Search">
          <span className="search-icon" aria-hidden="true" />
        </button>
        <input
          className="search-box"
          type="search"
          name="q"
          aria-label="Search the documentation"
          placeholder="Search"
          maxLength={200}
          autoComplete="off"
          aria-keyshortcuts="Control+K Meta+K /"
          onInput={onInput}
          onClick={() => show()}
          onKeyDown={onKeyDown}
        />
        {pinned && pinned.param !== "version" ? <input type="hidden" name={pinned.param} value={pinned.value} /> : null}
        <kbd className="search-kbd" aria-hidden="true">
          {shortcut}
        </kbd>
      </form>
      <SearchDialog open={open} seed={seed} onClose={() => setOpen(false)} />
    </>
  );
}
