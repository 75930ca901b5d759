import { useTheme } from "~/hooks/useTheme";

export { THEME_SCRIPT } from "~/hooks/useTheme";

/** Switches between the light and dark theme; the label names the theme a press switches to. */
export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <button
      type="button"
      className="theme-toggle"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => setTheme(next)}
    >
      {/* Both icons are rendered and CSS shows the one for the theme on <html>, right from the first paint. */}
      <span className="theme-icon-light" aria-hidden="true">
        ☾
      </span>
      <span className="theme-icon-dark" aria-hidden="true">
        ☀
      </span>
    </button>
  );
}
