import type { MermaidConfig } from "mermaid";

/**
 * Draws the page's Mermaid diagrams (placeholders written by server/mdx/rehype-mermaid.ts: a
 * `[data-mermaid]` element holding the source as a code block) and redraws them when the reader
 * switches theme. Loaded only by pages that have a diagram (app/hooks/useDiagrams.ts), and Mermaid
 * itself comes in its own chunks, so other pages never download it. If drawing fails, the source
 * stays on the page as code.
 */
export async function drawDiagrams(placeholders: readonly HTMLElement[]): Promise<() => void> {
  const { default: mermaid } = await import("mermaid");
  let generation = 0;
  const draw = async () => {
    const pass = ++generation;
    const dark = document.documentElement.dataset.theme === "dark";
    // 'strict' encodes HTML in labels and turns off click handlers: a diagram is drawing, not code.
    const config: MermaidConfig = {
      startOnLoad: false,
      securityLevel: "strict",
      // Mermaid 12 lays flowcharts out with ELK, a 450 KB (gzipped) chunk; dagre is a fraction of it.
      layout: "dagre",
      theme: dark ? "dark" : "default",
      // The page's own font, measured as drawn; tighter spacing than Mermaid's defaults keeps labels
      // legible once a wide diagram is scaled down to the content column.
      fontFamily: getComputedStyle(document.body).fontFamily,
      themeVariables: { fontSize: "15px" },
      flowchart: { nodeSpacing: 28, rankSpacing: 48, padding: 10 },
      sequence: {
        mirrorActors: false,
        actorMargin: 24,
        width: 120,
        boxMargin: 6,
        messageMargin: 30,
        actorFontSize: 15,
        messageFontSize: 15,
        noteFontSize: 14,
      },
    };
    mermaid.initialize(config);
    for (const [index, placeholder] of placeholders.entries()) {
      const source = placeholder.querySelector("pre")?.textContent ?? "";
      try {
        const { svg } = await mermaid.render(`mermaid-${index}-${pass}`, source);
        if (pass !== generation || !placeholder.isConnected) return; // a newer pass (theme switch) or another page took over
        const figure = figureOf(placeholder);
        figure.innerHTML = svg;
        keepLegible(figure);
        placeholder.dataset.drawn = "";
      } catch (error) {
        delete placeholder.dataset.drawn;
        console.warn("A Mermaid diagram could not be drawn; its source stays on the page.", error);
      }
    }
  };
  await draw();
  const observer = new MutationObserver(() => void draw());
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

/**
 * Mermaid scales a drawing down to the column's width; on a phone its labels would shrink below
 * reading size. Past 70% of its natural size it stops shrinking and its frame scrolls sideways.
 */
function keepLegible(figure: HTMLElement): void {
  const svg = figure.querySelector("svg");
  const width = svg?.viewBox.baseVal?.width;
  if (svg && width) svg.style.minWidth = `${Math.round(width * 0.7)}px`;
  // A frame that scrolls must be reachable by keyboard to be scrolled.
  if (figure.scrollWidth > figure.clientWidth) figure.tabIndex = 0;
  else figure.removeAttribute("tabindex");
}

/** The element the drawing goes into, made on first use beside the source. */
function figureOf(placeholder: HTMLElement): HTMLElement {
  let figure = placeholder.querySelector<HTMLElement>(":scope > .mermaid-drawing");
  if (!figure) {
    figure = document.createElement("div");
    figure.className = "mermaid-drawing";
    placeholder.prepend(figure);
  }
  return figure;
}
