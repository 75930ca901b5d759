import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { tempDir } from "./helpers/git";

const VNU_JAR = path.resolve(import.meta.dirname, "../node_modules/vnu-jar/build/dist/vnu.jar");

/** One page of each kind the site renders. */
const PAGES = {
  home: "/",
  guide: "/guides/developer/first-app/write-package",
  standard: "/standards/kiosk",
  graphql: "/references/sui-api/graphql/reference/objects/address",
  "section index": "/guides",
} as const;

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

/**
 * Runs the Nu HTML checker (offline, from the vnu-jar package; needs java) over files; their errors.
 * One run for every file: the JVM's start is most of a run's time. The checker works for a few
 * seconds only, where the C1 compiler alone (TieredStopAtLevel=1) halves it.
 */
async function htmlErrors(files: string[]): Promise<VnuMessage[]> {
  // vnu exits 1 when it finds errors; its report is on stderr either way.
  const result = await promisify(execFile)(
    "java",
    ["-Xss4m", "-XX:TieredStopAtLevel=1", "-jar", VNU_JAR, "--errors-only", "--format", "json", ...files],
    { maxBuffer: 16 << 20 },
  ).catch((error: { stderr?: string; code?: number }) => {
    if (error.code !== 1 || !error.stderr) throw error;
    return { stderr: error.stderr };
  });
  return (JSON.parse(result.stderr) as { messages: VnuMessage[] }).messages.filter((m) => m.type === "error" || m.subType === "fatal");
}

describe("the Nu HTML checker", () => {
  const site = inject("embeddedSiteUrl");
  const BROKEN = "broken.html";
  let errors: VnuMessage[];

  beforeAll(async () => {
    const dir = tempDir("sui-docs-html-");
    const files = await Promise.all(
      Object.entries(PAGES).map(async ([name, pagePath]) => {
        const res = await fetch(site + pagePath);
        expect(res.status, pagePath).toBe(200);
        const file = path.join(dir, `${name.replace(/\W/g, "-")}.html`);
        fs.writeFileSync(file, await res.text());
        return file;
      }),
    );
    // A document the checker must refuse, checked in the same run as the pages.
    fs.writeFileSync(
      path.join(dir, BROKEN),
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p>x</p></body></html><script>late()</script>',
    );
    errors = await htmlErrors([...files, path.join(dir, BROKEN)]);
  });

  it("finds no error in the home page, a guide, a standard, a GraphQL reference page and a section index", () => {
    const inPages = errors.filter((e) => path.basename(e.url) !== BROKEN);
    expect(inPages.map((e) => `${path.basename(e.url)}: ${e.message} ${e.extract ?? ""}`)).toEqual([]);
  });

  it("reports an error it should (the checker runs and its report is read)", () => {
    expect(errors.filter((e) => path.basename(e.url) === BROKEN).length).toBeGreaterThan(0);
  });
});
