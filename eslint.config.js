// @ts-check
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    // Built output and data. The content repository is data too: its examples are checked by
    // `npm run check:examples` against today's Sui, not by the site's rules.
    ignores: ["build/", "public/build/", ".cache/", ".data/", ".bench-scale/", "test-results/", "content/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Prettier wraps code at 140 columns but not strings, comments or one-line tables: this keeps every line readable in
    // a terminal, a diff and GitHub's raw view.
    rules: { "max-len": ["error", { code: 160, tabWidth: 2 }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    extends: [
      react.configs.flat.recommended,
      react.configs.flat["jsx-runtime"],
      reactHooks.configs.flat.recommended,
      jsxA11y.flatConfigs.recommended,
    ],
    settings: { react: { version: "detect" } },
    rules: {
      // TypeScript checks props; React's run-time propTypes are not used.
      "react/prop-types": "off",
      "react-hooks/exhaustive-deps": "error",
      // Written for React Compiler apps. In a server-rendered page, state that only the browser
      // knows (localStorage, matchMedia, the location after a navigation) must be read in an
      // effect after hydration, or the first render would not match the server's HTML.
      "react-hooks/set-state-in-effect": "off",
      // A <pre> that scrolls sideways must be reachable by keyboard to be scrolled (WCAG 2.1.1;
      // axe's scrollable-region-focusable), so code blocks carry tabIndex={0}.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: ["pre"], roles: ["tabpanel"], allowExpressionValues: true }],
    },
  },
);
