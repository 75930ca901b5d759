import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Git } from "../git/cli";

const AUTHOR = {
  GIT_AUTHOR_NAME: "Sui Docs",
  GIT_AUTHOR_EMAIL: "docs@localhost",
  GIT_COMMITTER_NAME: "Sui Docs",
  GIT_COMMITTER_EMAIL: "docs@localhost",
};

/**
 * Turns the embedded content folder into a bare repository with one commit on `branch`.
 * A bare repository is what the git CLI can push to. Dotfiles are left out.
 * Does nothing if the repository already exists, so pushed commits survive restarts.
 */
export async function ensureEmbeddedRepository(contentDir: string, gitdir: string, branch: string): Promise<boolean> {
  if (fs.existsSync(path.join(gitdir, "HEAD"))) return false;
  const staging = `${gitdir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const git = new Git(staging);
  await git.run(["init", "--quiet", "--bare", `--initial-branch=${branch}`, staging]);
  // The folder is read through a throwaway index, so no working tree or checkout is needed.
  const index = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "sui-docs-import-")), "index");
  const env = { ...AUTHOR, GIT_INDEX_FILE: index };
  try {
    await git.run(["--work-tree", contentDir, "add", "--all", "--", ".", ":(exclude,glob)**/.*"], { env, cwd: contentDir });
    const tree = await git.text(["write-tree"], { env });
    const commit = await git.text(["commit-tree", tree, "-m", "Import the embedded documentation content"], { env });
    await git.run(["update-ref", `refs/heads/${branch}`, commit]);
  } finally {
    fs.rmSync(path.dirname(index), { recursive: true, force: true });
  }
  // Lets `git push` from a clone update the served branch like any shared repository.
  await git.run(["config", "receive.denyNonFastforwards", "false"]);
  fs.renameSync(staging, gitdir);
  return true;
}
