import { beforeAll, describe, expect, it } from "vitest";
import { compileToHtml } from "./page-html-for-tests";
import { PageProblems } from "./problems";

describe("npm2yarn fences", () => {
  // The first shell block a process highlights gets some light-theme colours of its own (a Shiki
  // quirk, on main too): warm up so the two compiles below are compared on equal terms.
  beforeAll(() => compileToHtml("```sh\nnpm i\n```"));

  it("compile exactly like package-manager tabs written by hand", async () => {
    const generated = await compileToHtml("Install the SDK:\n\n```sh npm2yarn\nnpm install @mysten/sui@2.33.1\n```");
    const authored = await compileToHtml(
      [
        "Install the SDK:",
        "",
        '<Tabs groupId="package-manager">',
        '<TabItem value="npm" label="npm">',
        "",
        "```sh\nnpm install @mysten/sui@2.33.1\n```",
        "",
        "</TabItem>",
        '<TabItem value="pnpm" label="pnpm">',
        "",
        "```sh\npnpm add @mysten/sui@2.33.1\n```",
        "",
        "</TabItem>",
        '<TabItem value="yarn" label="yarn">',
        "",
        "```sh\nyarn add @mysten/sui@2.33.1\n```",
        "",
        "</TabItem>",
        "</Tabs>",
      ].join("\n"),
    );
    expect(generated).toBe(authored);
  });

  it("keep the rest of the fence's meta", async () => {
    const html = await compileToHtml('```sh npm2yarn title="Terminal"\nnpm i -D vitest\n```');
    expect(html.match(/data-title=Terminal/g)).toHaveLength(3);
  });

  it("refuse a command they cannot translate, with its place", async () => {
    const error = await compileToHtml("Text\n\n```sh npm2yarn\nnpm install -g @mysten/sui\n```").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PageProblems);
    expect((error as PageProblems).problems[0]).toMatchObject({ line: 3, reason: expect.stringMatching(/global installs/) });
  });
});
