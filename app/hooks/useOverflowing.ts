import { useEffect, useState, type RefObject } from "react";

/** Whether the element is wider than its box (so it scrolls sideways); follows resizes. */
export function useOverflowing(ref: RefObject<HTMLElement>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const check = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflowing;
}
