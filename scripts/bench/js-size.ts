import { gzipSync } from "node:zlib";
import { get } from "./http";

export interface JsSize {
  page: string;
  scripts: number;
  /** The script files, gzipped. */
  gzipKb: number;
  /** Inline scripts (Remix context, loader data for hydration), gzipped: not files, but shipped too. */
  inlineGzipKb: number;
}

/** Script URLs a page's HTML loads: script src, modulepreload links and imports in inline modules. */
function scriptUrls(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/import(?:[^"'();]*from)?\s*["']([^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

/** Sum of the gzipped (zlib default level) sizes of every script the page references. */
export async function shippedJs(url: string, pagePath: string): Promise<JsSize> {
  const page = await get(`${url}${pagePath}`);
  const urls = scriptUrls(page.body);
  let bytes = 0;
  for (const src of urls) {
    const script = await get(new URL(src, `${url}${pagePath}`).href);
    if (script.status !== 200) throw new Error(`${src} answered ${script.status}`);
    bytes += gzipSync(script.body).length;
  }
  const inline = [...page.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("");
  return { page: pagePath, scripts: urls.length, gzipKb: bytes / 1024, inlineGzipKb: gzipSync(inline).length / 1024 };
}
