import { useCallback, useEffect, useState } from "react";

/**
 * What the reader opened and closed, by category key. It lives in the browser's memory only (it is
 * written by toggle events, which never fire on the server), so it survives client-side navigation,
 * even to another sidebar and back, and starts afresh on a full load.
 */
const remembered = new Map<string, boolean>();

/**
 * Open state of one sidebar category: the reader's last choice if there is one, otherwise its default.
 * Arriving on a page inside the category opens it, so the current page is always in view.
 */
export function useCategoryOpen(key: string, initial: boolean, onPath: boolean, currentId: string): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(() => remembered.get(key) ?? initial);
  const setOpen = useCallback(
    (value: boolean) => {
      remembered.set(key, value);
      setOpenState(value);
    },
    [key],
  );
  useEffect(() => {
    if (onPath) setOpen(true);
  }, [onPath, currentId, setOpen]);
  return [open, setOpen];
}
