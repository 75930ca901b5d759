import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentPolicy, inlineScriptHashes } from "./content-security-policy";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's exact bytes, multi-byte characters included, and skips scripts with src", () => {
    const theme = "document.documentElement.dataset.theme='dark'";
    const context = 'window.__ctx={"title":"Sui — “docs” ✓"}';
    const html = `<html><head><script>${theme}</script><script type="module" src="/build/x.js"></script></head><body><script type="module" async="">${context}</script><script></script></body></html>`;
    expect(inlineScriptHashes(Buffer.from(html))).toEqual([hash(theme), hash(context), hash("")]);
  });

  it("lists a script that appears twice once", () => {
    expect(inlineScriptHashes(Buffer.from("<script>a()</script><p>x</p><script>a()</script>"))).toEqual([hash("a()")]);
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
