import { useCallback, useEffect, useState } from "react";
import { SearchDialog } from "./SearchDialog";
import { useSearchShortcut } from "./useSearchShortcut";

/** The top bar's search button and the dialog it opens. */
export function Search() {
  const [open, setOpen] = useState(false);
  const [shortcut, setShortcut] = useState("Ctrl K");
  const show = useCallback(() => setOpen(true), []);
  useSearchShortcut(show);
  // The server cannot know the platform; the hint is corrected after hydration.
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setShortcut("⌘ K");
  }, []);
  return (
    <>
      <button type="button" className="search-button" onClick={show} aria-haspopup="dialog" aria-keyshortcuts="Control+K Meta+K /">
        <span className="search-icon" aria-hidden="true" />
        <span className="search-label">Search</span>
        <kbd className="search-kbd" aria-hidden="true">
          {shortcut}
        </kbd>
      </button>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
