import fs from "node:fs";
import path from "node:path";
import git from "isomorphic-git";

type TreeEntry = { mode: string; path: string; oid: string; type: "blob" | "tree" };

/** Writes a folder into the object store as a tree, returning its oid. Dotfiles are skipped. */
async function writeFolder(gitdir: string, folder: string): Promise<string> {
  const entries: TreeEntry[] = [];
  for (const dirent of fs.readdirSync(folder, { withFileTypes: true })) {
    if (dirent.name.startsWith(".")) continue;
    const full = path.join(folder, dirent.name);
    if (dirent.isDirectory()) {
      entries.push({ mode: "040000", path: dirent.name, type: "tree", oid: await writeFolder(gitdir, full) });
    } else if (dirent.isFile()) {
      const oid = await git.writeBlob({ fs, gitdir, blob: fs.readFileSync(full) });
      entries.push({ mode: "100644", path: dirent.name, type: "blob", oid });
    }
  }
  return git.writeTree({ fs, gitdir, tree: entries });
}

/**
 * Turns the embedded content folder into a bare repository with one commit on `branch`.
 * A bare repository is what the git CLI can push to; isomorphic-git reads it in place.
 * Does nothing if the repository already exists, so pushed commits survive restarts.
 */
export async function ensureEmbeddedRepository(contentDir: string, gitdir: string, branch: string): Promise<boolean> {
  if (fs.existsSync(path.join(gitdir, "HEAD"))) return false;
  const staging = `${gitdir}.tmp-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await git.init({ fs, gitdir: staging, bare: true, defaultBranch: branch });
  const tree = await writeFolder(staging, contentDir);
  const now = { timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 };
  const author = { name: "Sui Docs", email: "docs@localhost", ...now };
  const commit = await git.writeCommit({
    fs,
    gitdir: staging,
    commit: { tree, parent: [], author, committer: author, message: "Import the embedded documentation content\n" },
  });
  await git.writeRef({ fs, gitdir: staging, ref: `refs/heads/${branch}`, value: commit, force: true });
  // Lets `git push` from a clone update the served branch like any shared repository.
  fs.appendFileSync(path.join(staging, "config"), "[receive]\n\tdenyNonFastforwards = false\n");
  fs.renameSync(staging, gitdir);
  return true;
}
