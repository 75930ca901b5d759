import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "Test Author",
      GIT_AUTHOR_EMAIL: "author@example.com",
      GIT_COMMITTER_NAME: "Test Author",
      GIT_COMMITTER_EMAIL: "author@example.com",
    },
  }).trim();
}

export function tempDir(prefix = "sui-docs-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A working copy whose commits the tests write with the real git CLI. */
export class WorkingCopy {
  constructor(readonly dir: string) {}

  static init(branch = "main"): WorkingCopy {
    const dir = tempDir("sui-docs-work-");
    git(dir, "init", "-q", "-b", branch);
    return new WorkingCopy(dir);
  }

  static clone(from: string): WorkingCopy {
    const dir = tempDir("sui-docs-clone-");
    git(dir, "clone", "-q", from, ".");
    return new WorkingCopy(dir);
  }

  write(files: Record<string, string>): this {
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(this.dir, file)), { recursive: true });
      fs.writeFileSync(path.join(this.dir, file), text);
    }
    return this;
  }

  commit(message: string): string {
    git(this.dir, "add", "-A");
    git(this.dir, "commit", "-q", "-m", message);
    return git(this.dir, "rev-parse", "HEAD");
  }

  push(): void {
    git(this.dir, "push", "-q", "origin", "HEAD");
  }

  /** A bare clone of this working copy, as a server would serve it, with this copy pushing to it. */
  publishBare(): string {
    const bare = tempDir("sui-docs-bare-");
    git(bare, "clone", "-q", "--bare", this.dir, ".");
    git(this.dir, "remote", "add", "origin", bare);
    git(this.dir, "fetch", "-q", "origin");
    return bare;
  }
}

export function page(id: string, title: string, body: string, extra: Record<string, string> = {}): Record<string, string> {
  const fm = Object.entries({ id, title, description: `About ${title.toLowerCase()}, for tests.`, ...extra })
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");
  return { [id.startsWith("snippets/") ? `${id}.mdx` : `docs/${id}.mdx`]: `---\n${fm}\n---\n\n${body}\n` };
}

/** A small but complete content repository: two sidebars, a snippet, a category. */
export function sampleContent(): Record<string, string> {
  return {
    ...page("guides", "Guides", "Welcome to the guides.\n\n## Start here\n\nRead [the first guide](/guides/first)."),
    ...page(
      "guides/first",
      "First Guide",
      "import Hello from '@site/snippets/hello.mdx';\n\n## Install\n\n<Hello />\n\n" +
        '```move title="sources/a.move"\nmodule a::b {}\n```\n\n:::tip\nA tip.\n:::',
      { sidebar: "guidesSidebar" },
    ),
    ...page("guides/second", "Second Guide", "## Next\n\n| a | b |\n|---|---|\n| 1 | 2 |", {
      sidebar: "guidesSidebar",
      aliases: "[/second]",
    }),
    ...page("references", "References", "All the references.", { sidebar: "referencesSidebar" }),
    "snippets/hello.mdx":
      "---\nid: snippets/hello\ntitle: Hello snippet\ndescription: A greeting used by tests.\n---\n\nHello from the snippet.\n",
    "sidebars/guides.json": JSON.stringify([
      { type: "doc", id: "guides" },
      { type: "category", label: "Basics", link: "guides/first", items: [{ type: "doc", id: "guides/second" }] },
    ]),
    "sidebars/references.json": JSON.stringify([
      { type: "doc", id: "references" },
      { type: "link", label: "Sui", href: "https://sui.io" },
    ]),
    "site/version.json": JSON.stringify({
      pluginId: "default",
      version: "current",
      label: "Next",
      banner: null,
      badge: false,
      noIndex: false,
      isLast: true,
    }),
  };
}
