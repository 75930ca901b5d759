import { useEffect, useState } from "react";

type Theme = "light" | "dark";

/**
 * Runs in <head> before the first paint, so the page never flashes the wrong theme:
 * a stored choice wins, otherwise the system setting.
 */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("theme");if(t!=="light"&&t!=="dark"){t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}document.documentElement.dataset.theme=t}catch(e){}})();`;

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>();
  useEffect(() => setTheme(document.documentElement.dataset.theme as Theme), []);
  const next: Theme = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => {
        document.documentElement.dataset.theme = next;
        localStorage.setItem("theme", next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{theme === "dark" ? "☀" : "☾"}</span>
    </button>
  );
}
