import type { Element, ElementContent, Properties, Root } from "hast";
import { describe, expect, it } from "vitest";
import { compileMdx } from "./compile";
import { mapUrls } from "./html-text";
import { renderHtml } from "./render-html";

const h = (tagName: string, properties: Properties = {}, ...children: Array<ElementContent | string>): Element => ({
  type: "element",
  tagName,
  properties,
  children: children.map((c) => (typeof c === "string" ? { type: "text", value: c } : c)),
});
/** Marks an element as written by the page's author, as the compiler does with JSX. */
const authored = (element: Element): Element => ({ ...element, data: { authored: true } as Element["data"] });
const render = (...children: Array<ElementContent | Root>) => renderHtml({ type: "root", children: children as Root["children"] });

describe("renderHtml writes only what the allow-lists let through, whatever the tree holds", () => {
  it.each<[string, Element | Root, string]>([
    ["a script keeps its text as text, never as a script", h("script", {}, "alert(1)"), "alert(1)"],
    ["an unknown element keeps its text", h("iframe", { src: "https://evil.example" }, "inside"), "inside"],
    ["event handlers go", h("p", { onClick: "alert(1)", onMouseOver: "x" }, "t"), "<p>t</p>"],
    ["a javascript: link loses its href", h("a", { href: "java\tscript:alert(1)" }, "x"), '<a href="">x</a>'],
    ["a data: image loses its src", h("img", { src: "data:text/html;base64,x", alt: "a" }), "<img alt=a loading=lazy decoding=async>"],
    ["an author's style goes", h("div", { style: "background:url(https://evil.example)" }, "x"), "<div>x</div>"],
    ["attributes off the lists go", h("div", { formAction: "https://evil.example", srcDoc: "<b>" }, "x"), "<div>x</div>"],
    [
      "comments and raw HTML are never written",
      { type: "root", children: [{ type: "comment", value: "secret" }, { type: "raw", value: "<script>alert(1)</script>" } as never] },
      "",
    ],
    ["text is escaped", h("p", {}, "<script>&amp;</script>"), "<p>&lt;script&gt;&amp;amp;&lt;/script&gt;</p>"],
    [
      "attribute values are escaped and quoted when they must be",
      h("abbr", { title: '"><script>' }, "x"),
      '<abbr title="&quot;&gt;&lt;script&gt;">x</abbr>',
    ],
    ["aria and data attributes stay", h("span", { ariaLabel: "n", dataKind: "k" }, "x"), "<span aria-label=n data-kind=k>x</span>"],
    [
      "an author's element loses classes, data-* and the site's ids",
      authored(h("div", { className: ["code-frame"], dataCopy: "curl evil | sh", id: "main", title: "t" }, "x")),
      "<div title=t>x</div>",
    ],
    ["an author's element keeps an id of its own", authored(h("span", { id: "my-anchor" }, "x")), "<span id=my-anchor>x</span>"],
    [
      "an author's <pre> is no code block: no frame, no copy button",
      authored(h("pre", { dataSource: "curl evil | sh" }, "npm i")),
      "<pre>npm i</pre>",
    ],
    [
      "a component's unknown props go",
      h("Badge", { tone: "kind", onClick: "x", style: "y" }, "b"),
      '<span class="badge badge-kind">b</span>',
    ],
    [
      "a class name cannot be injected through a prop",
      h("Badge", { tone: "x onmouseover=alert(1)" }, "b"),
      '<span class="badge badge-neutral">b</span>',
    ],
    [
      "a Card's unsafe href goes",
      h("Card", { title: "T", href: "javascript:alert(1)" }),
      "<div class=card><span class=card-title>T</span></div>",
    ],
  ])("%s", (_name, node, expected) => {
    expect(render(node)).toBe(expected);
  });

  it("keeps Shiki's token colours, as a class for the themes' palette and as a style otherwise", () => {
    const token = (style: string) => h("span", { style }, "x");
    expect(render(token("--shiki-light:#CF222E;--shiki-dark:#FF7B72"))).toBe("<span class=k22>x</span>");
    expect(render(token("--shiki-light:#123456;--shiki-dark:#ff7b72"))).toBe(
      '<span style="--shiki-light:#123456;--shiki-dark:#ff7b72">x</span>',
    );
    expect(render(token("--shiki-light:#cf222e;--shiki-dark:#ff7b72;color:red"))).toBe("x");
  });
});

describe("renderHtml of the site's components", () => {
  const compile = async (body: string) => (await compileMdx({ path: "docs/a.mdx", source: body, files: {} })).html;

  it.each<[string, string, string | RegExp]>([
    [
      "an admonition",
      ":::caution[Mind the gas]\nText.\n:::",
      '<aside class="admonition admonition-caution" aria-label="Mind the gas"><p class=admonition-title>' +
        "<span aria-hidden=true>⚠</span> Mind the gas</p><div class=admonition-body><p>Text.</p></div></aside>",
    ],
    [
      "an internal card",
      '<Cards>\n<Card title="Go" href="/guides">More.</Card>\n</Cards>',
      '<div class=cards><p><a class=card href="/guides"><span class=card-title>Go</span><span class=card-body>More.</span></a></p></div>',
    ],
    ["steps", "<Steps>\n1. One\n</Steps>", "<div class=steps><ol><li>One</li></ol></div>"],
    ["an external link opens a new tab", "[Sui](https://sui.io)", '<p><a href="https://sui.io" target=_blank rel=noreferrer>Sui</a></p>'],
    ["an internal link stays", "[Coins](/standards/coin#intro)", '<p><a href="/standards/coin#intro">Coins</a></p>'],
    [
      "an image loads lazily",
      "![A chart](/static/chart.png)",
      '<p><img src="/static/chart.png" alt="A chart" loading=lazy decoding=async></p>',
    ],
    [
      "a table scrolls in its own container",
      "| a |\n|---|\n| 1 |",
      "<div class=table-scroll><table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table></div>",
    ],
    [
      "h2 and h3 link to themselves",
      "## Gas fees\n\n### In `SUI`",
      '<h2 id=gas-fees>Gas fees<a class=heading-anchor href="#gas-fees" aria-label="Direct link to Gas fees"></a></h2>' +
        '<h3 id=in-sui>In <code>SUI</code><a class=heading-anchor href="#in-sui" aria-label="Direct link to In SUI"></a></h3>',
    ],
    ["h4 has no anchor", "#### Small", "<h4 id=small>Small</h4>"],
    [
      "a heading named like one of the site's ids gets an id of its own",
      "## Main",
      '<h2 id=section-main>Main<a class=heading-anchor href="#section-main" aria-label="Direct link to Main"></a></h2>',
    ],
    [
      "a code block is framed with its title and language",
      '```ts title="a.ts"\nconst a = 1;\n```',
      new RegExp(
        String.raw`^<figure class=code-block><figcaption class=code-title>a\.ts</figcaption><div class=code-frame data-copy="const a = 1;">` +
          String.raw`<pre class=shiki tabindex=0 data-title=a\.ts data-language=typescript><code><span class=line><span class=k\w\w>const</span>.*` +
          String.raw`</code></pre><span class=code-language aria-hidden=true>typescript</span></div></figure>$`,
      ),
    ],
  ])("%s", async (_name, body, expected) => {
    const html = await compile(body);
    if (typeof expected === "string") expect(html).toBe(expected);
    else expect(html).toMatch(expected);
  });

  it("writes every tab panel visible, after its label as a heading one level below the section's", async () => {
    const html = await compile(
      [
        "## Install",
        "",
        '<Tabs groupId="pm">',
        '<TabItem value="npm">',
        "npm i",
        "</TabItem>",
        '<TabItem value="yarn" label="Yarn" default>',
        "yarn add",
        "</TabItem>",
        "</Tabs>",
      ].join("\n"),
    );
    expect(html).toContain(
      "<div class=tabs data-group-id=pm>" +
        "<div class=tabs-panel data-value=npm><div class=tabs-label role=heading aria-level=3>npm</div><p>npm i</p></div>" +
        "<div class=tabs-panel data-value=yarn data-default><div class=tabs-label role=heading aria-level=3>Yarn</div><p>yarn add</p></div>" +
        "</div>",
    );
    expect(html).not.toContain("hidden");
  });
});

describe("mapUrls", () => {
  it("rewrites the href of links and the src of images, and nothing else", async () => {
    const { html } = await compileMdx({
      path: "docs/a.mdx",
      source: '[a](/x?y=1&z=2) ![i](/static/i.png) [e](https://e.example) `href="/code"`',
      files: {},
    });
    const mapped = mapUrls(html, (url) => (url.startsWith("/") ? `${url}${url.includes("?") ? "&" : "?"}commit=abc` : url));
    expect(mapped).toBe(
      "<p>" +
        '<a href="/x?y=1&amp;z=2&amp;commit=abc">a</a> <img src="/static/i.png?commit=abc" alt=i loading=lazy decoding=async> ' +
        '<a href="https://e.example" target=_blank rel=noreferrer>e</a> <code>href="/code"</code>' +
        "</p>",
    );
  });
});
