/** Fence languages each check reads; anything else (text, json, toml, ...) is not checked. */
export const TS_LANGS: Readonly<Record<string, "ts" | "tsx" | "js">> = {
  ts: "ts",
  typescript: "ts",
  tsx: "tsx",
  js: "js",
  javascript: "js",
};
export const MOVE_LANGS = new Set(["move"]);
export const SHELL_LANGS = new Set(["sh", "shell", "bash", "zsh", "console"]);
