import { useCallback, useEffect, useState } from "react";

export type Theme = "light" | "dark";
const STORAGE_KEY = "theme";

/**
 * Runs in <head> before the first paint, so the page never flashes the wrong theme:
 * a stored choice wins, otherwise the system setting.
 */
export const THEME_SCRIPT =
  `(function(){try{var t=localStorage.getItem("${STORAGE_KEY}");if(t!=="light"&&t!=="dark"){` +
  `t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}` +
  `document.documentElement.dataset.theme=t}catch(e){}})();`;

function apply(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

/**
 * The theme on <html data-theme>, as the head script set it. Until the reader picks one, it follows
 * the system setting, also when that changes while the page is open; a pick is stored and wins.
 */
export function useTheme(): [Theme | undefined, (theme: Theme) => void] {
  const [theme, setThemeState] = useState<Theme>();
  useEffect(() => {
    setThemeState(document.documentElement.dataset.theme === "dark" ? "dark" : "light");
    const media = matchMedia("(prefers-color-scheme: dark)");
    const onSystemChange = () => {
      let stored: string | null = null;
      try {
        stored = localStorage.getItem(STORAGE_KEY);
      } catch {
        // storage blocked: follow the system
      }
      if (stored === "light" || stored === "dark") return;
      const next = media.matches ? "dark" : "light";
      apply(next);
      setThemeState(next);
    };
    media.addEventListener("change", onSystemChange);
    return () => media.removeEventListener("change", onSystemChange);
  }, []);
  const setTheme = useCallback((next: Theme) => {
    apply(next);
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // storage blocked: the choice lasts for this page only
    }
    setThemeState(next);
  }, []);
  return [theme, setTheme];
}
