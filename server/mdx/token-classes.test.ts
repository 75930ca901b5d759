import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getHighlighter, THEMES } from "./highlighter";
import { BLOCK_STYLE, DARK_COLOURS, LIGHT_COLOURS, tokenClass, tokenClassesCss } from "./token-classes";

describe("token classes", () => {
  it("cover every token colour of the themes the highlighter loads (a theme update fails here, not on readers' screens)", async () => {
    const highlighter = await getHighlighter();
    for (const [name, palette, fg, bg] of [
      [THEMES.light, LIGHT_COLOURS, "--shiki-light", "--shiki-light-bg"],
      [THEMES.dark, DARK_COLOURS, "--shiki-dark", "--shiki-dark-bg"],
    ] as const) {
      const theme = highlighter.getTheme(name);
      const colours = theme.settings.map((s) => s.settings.foreground?.toLowerCase()).filter((c): c is string => c !== undefined);
      expect(new Set(palette), name).toEqual(new Set([...colours, theme.fg.toLowerCase()]));
      expect(BLOCK_STYLE[fg], name).toBe(theme.fg.toLowerCase());
      expect(BLOCK_STYLE[bg], name).toBe(theme.bg.toLowerCase());
    }
  });

  it("name each pair of colours once, and the stylesheet defines them all", () => {
    const classes = LIGHT_COLOURS.flatMap((l) => DARK_COLOURS.map((d) => tokenClass({ "--shiki-light": l, "--shiki-dark": d })));
    expect(new Set(classes).size).toBe(LIGHT_COLOURS.length * DARK_COLOURS.length);
    const css = fs.readFileSync(path.resolve(import.meta.dirname, "../../app/styles/code-tokens.css"), "utf8");
    expect(css, "app/styles/code-tokens.css is out of date: run npx tsx scripts/write-code-tokens-css.ts").toBe(tokenClassesCss());
    for (const name of classes) expect(css).toContain(`.shiki .${name}{`);
  });

  it("leave tokens with another colour or a font style to their inline style", () => {
    expect(tokenClass({ "--shiki-light": "#000001", "--shiki-dark": DARK_COLOURS[0]! })).toBeUndefined();
    expect(
      tokenClass({ "--shiki-light": LIGHT_COLOURS[0]!, "--shiki-dark": DARK_COLOURS[0]!, "--shiki-light-font-style": "italic" }),
    ).toBeUndefined();
  });
});
