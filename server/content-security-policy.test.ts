import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentPolicy, inlineScriptHashes } from "./content-security-policy";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's exact bytes, multi-byte characters included, and skips scripts with src", () => {
    const theme = "document.documentElement.dataset.theme='dark'";
    const context = 'window.__ctx={"title":"Sui — “docs” ✓"}';
    const html =
      `<html><head><script>${theme}</script><script type="module" src="/build/x.js"></script></head>` +
      `<body><script type="module" async="">${context}</script><script></script></body></html>`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([hash(theme), hash(context), hash("")]);
  });

  it("lists a script that appears twice once", () => {
    expect(inlineScriptHashes(Buffer.from("<script>a()</script><p>x</p><script>a()</script>"))).toEqual([hash("a()")]);
  });
});

describe("inlineScriptHashes with an untrusted body", () => {
  const body = "<p>Hi</p><script>steal()</script><p>Bye</p>";
  const cases: Array<{ name: string; html: string; untrusted: string; hashes: string[] }> = [
    {
      name: "the app's scripts around the body are listed, the body's script is not",
      html: `<head><script>theme()</script></head><div class="markdown">${body}</div><script>hydrate()</script>`,
      untrusted: body,
      hashes: [hash("theme()"), hash("hydrate()")],
    },
    {
      name: "a body inserted twice is skipped both times",
      html: `<script>a()</script>${body}<script>b()</script>${body}<script>c()</script>`,
      untrusted: body,
      hashes: [hash("a()"), hash("b()"), hash("c()")],
    },
    {
      // The browser reads "/*<script>b()" as the body's script: its hash is not listed, so it does not run.
      name: "a script the body leaves open lists only what the app wrote after it",
      html: "<script>a()</script><p>Hi</p><script>/*<script>b()</script>",
      untrusted: "<p>Hi</p><script>/*",
      hashes: [hash("a()"), hash("b()")],
    },
  ];
  it.each(cases)("$name", ({ html, untrusted, hashes }) => {
    expect(inlineScriptHashes(Buffer.from(html), untrusted)).toEqual(hashes);
  });

  it("refuses a document the body is not in, rather than trust what it holds", () => {
    expect(() => inlineScriptHashes(Buffer.from("<script>a()</script>"), body)).toThrow(/page body is not in the rendered document/);
  });
});

describe("documentPolicy", () => {
  it("allows this origin's bundles and the page's inline scripts, and nothing unsafe", () => {
    const policy = documentPolicy(Buffer.from("<script>go()</script>"));
    expect(policy).toContain(`script-src 'self' ${hash("go()")};`);
    expect(policy).not.toMatch(/unsafe-inline[^;]*;[^;]*script|script-src[^;]*unsafe/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(directive);
  });
});
